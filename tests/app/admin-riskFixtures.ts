import type { AdminWithdrawalRow, RiskFlag, UserRiskAnswer } from '../../protocol/integrity.ts';
import type { StubRoute } from './apiStub.ts';
import { paramsOf } from './adminRender.tsx';

/** Integrity fixtures for the back-office tests: flags, a risk view, withdrawals, and list routes paged as the server does. */

export const uid = (n: number) => `22222222-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A local wall-clock time as an ISO instant, so formatAdminDate reads it back the same in any time zone. */
export const localIso = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

export function flag(n: number, overrides: Partial<RiskFlag> = {}): RiskFlag {
  return {
    _id: `flag-${n}`,
    kind: 'pair-repeat',
    userIds: [uid(1), uid(2)],
    nicknames: ['ann', 'bob'],
    count: 3,
    firstAt: localIso(2025, 3, 14, 10, 5),
    lastAt: localIso(2025, 3, 14, 18, 40),
    detail: { gameIds: ['g1', 'g2', 'g3'] },
    status: 'open',
    ...overrides,
  };
}

export const manyFlags = (count: number) => Array.from({ length: count }, (_, index) => flag(index + 1));

/** GET /api/admin/risk/flags over a list: filtered by kind and status, 10 a page. */
export function flagsRoute(list: () => RiskFlag[]): StubRoute {
  return (call) => {
    const query = paramsOf(call);
    const page = Number(query.get('page') ?? 1);
    const kind = query.get('kind');
    const status = query.get('status') ?? 'open';
    const matching = list().filter((f) => (!kind || f.kind === kind) && f.status === status);
    return { body: { flags: matching.slice((page - 1) * 10, page * 10), totalFlags: matching.length } };
  };
}

export function userRisk(overrides: Partial<UserRiskAnswer> = {}): UserRiskAnswer {
  return {
    user: {
      _id: uid(1),
      username: 'ann_user',
      nickname: 'ann',
      balance: 42.5,
      invitedBy: null,
      telegramId: 777,
      savedAddress: 'TXaddress000000000000000000000001',
      createdAt: localIso(2025, 1, 2, 9, 30),
      frozen: false,
      frozenReason: null,
      frozenAt: null,
    },
    ips: [
      { ip: '10.0.0.1', sessions: 12, lastAt: localIso(2025, 3, 14, 18, 0) },
      { ip: '10.0.0.2', sessions: 1, lastAt: 'garbage' },
    ],
    devices: [{ deviceId: 'device-aaaaaaaaaaaaaaaa', sessions: 7, lastAt: localIso(2025, 3, 13, 8, 15) }],
    linkedAccounts: [{ _id: uid(2), nickname: 'bob', signals: ['device', 'ip'] }],
    flags: [flag(1, { detail: { gameIds: ['g1', 'g2', 'g3'], leaverId: uid(2) } })],
    headToHead: [{ opponentId: uid(2), nickname: 'bob', games: 5, wins: 5, losses: 0, leftByUser: 0, leftByOpponent: 4, netUsdt: 12.5 }],
    games: [
      { gameId: 'game-1', gameMode: 'rps', betAmount: 2.5, result: 'win', endReason: 'left', opponentId: uid(2), opponentNickname: 'bob', date: localIso(2025, 3, 14, 18, 30) },
      { gameId: 'game-2', gameMode: 'blot', betAmount: 0, result: 'lose', endReason: null, opponentId: null, opponentNickname: 'guest', date: localIso(2025, 3, 12, 7, 5) },
    ],
    ...overrides,
  };
}

export function withdrawal(n: number, overrides: Partial<AdminWithdrawalRow> = {}): AdminWithdrawalRow {
  return {
    _id: `wd-${n}`,
    userId: uid(n),
    nickname: `player${n}`,
    amount: 25,
    fee: 1,
    toAddress: `TXaddress${String(n).padStart(25, '0')}`,
    status: 'review',
    createdAt: localIso(2025, 3, 14, 12, 0),
    reviewReason: null,
    heldFor: null,
    waitingForFundsSince: null,
    risk: { frozen: false, openFlags: [], linkedAccounts: 0 },
    ...overrides,
  };
}

/** GET /api/admin/withdrawals over a list: filtered by status, 10 a page. */
export function withdrawalsRoute(list: () => AdminWithdrawalRow[]): StubRoute {
  return (call) => {
    const query = paramsOf(call);
    const page = Number(query.get('page') ?? 1);
    const status = query.get('status') ?? 'review';
    const matching = list().filter((w) => w.status === status);
    return { body: { withdrawals: matching.slice((page - 1) * 10, page * 10), totalWithdrawals: matching.length } };
  };
}
