import { sql } from 'drizzle-orm';
import type { UserRiskAnswer } from '../../protocol/integrity.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { HttpError } from '../http/errors.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { flagsOfUser } from './flags.ts';
import { linkedAccountsOf } from './links.ts';

interface UserRow {
  id: string;
  username: string;
  nickname: string;
  invited_by: string | null;
  telegram_id: string | null;
  saved_address: string | null;
  created_at: Date | string;
  frozen_at: Date | string | null;
  frozen_reason: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /api/admin/users/{id}/risk: what an operator needs to judge an account: where it signed in from,
 * who shares those signals, its flags, and how it fared against each opponent (a pair that always ends
 * one way, by leaving, is chip dumping).
 */
export async function userRisk(db: Queryable, userId: string): Promise<UserRiskAnswer> {
  const [user] = await rowsOf<UserRow>(
    db,
    sql`SELECT id::text AS id, username, nickname, invited_by::text AS invited_by, telegram_id::text AS telegram_id,
               saved_address, created_at, frozen_at, frozen_reason
          FROM users WHERE id = ${userId}::uuid`,
  );
  if (!user) throw new HttpError(404, 'Unknown user');
  const [balance, ips, devices, linked, flags, headToHead, games] = await Promise.all([
    balanceOf(db, userId),
    rowsOf<{ ip: string; sessions: number; last_at: Date | string }>(
      db,
      sql`SELECT ip, count(*)::int AS sessions, max(at) AS last_at FROM session_signals
           WHERE user_id = ${userId}::uuid GROUP BY ip ORDER BY max(at) DESC LIMIT 100`,
    ),
    rowsOf<{ device_id: string; sessions: number; last_at: Date | string }>(
      db,
      sql`SELECT device_id, count(*)::int AS sessions, max(at) AS last_at FROM session_signals
           WHERE user_id = ${userId}::uuid AND device_id IS NOT NULL GROUP BY device_id ORDER BY max(at) DESC LIMIT 100`,
    ),
    linkedAccountsOf(db, userId),
    flagsOfUser(db, userId),
    rowsOf<{ opponent_id: string; nickname: string; games: number; wins: number; losses: number; left_by_user: number; left_by_opponent: number; net_micro: string }>(
      db,
      sql`SELECT o.user_id::text AS opponent_id, u.nickname, count(*)::int AS games,
                 count(*) FILTER (WHERE g.winner_id = ${userId}::uuid)::int AS wins,
                 count(*) FILTER (WHERE g.loser_id = ${userId}::uuid)::int AS losses,
                 count(*) FILTER (WHERE g.end_reason = 'opponent-left' AND g.loser_id = ${userId}::uuid)::int AS left_by_user,
                 count(*) FILTER (WHERE g.end_reason = 'opponent-left' AND g.winner_id = ${userId}::uuid)::int AS left_by_opponent,
                 coalesce(sum(CASE WHEN g.winner_id = ${userId}::uuid THEN g.payout_micro - g.bet_micro ELSE -g.bet_micro END), 0)::text AS net_micro
            FROM game_players me
            JOIN games g ON g.id = me.game_id AND g.status = 'completed'
            JOIN game_players o ON o.game_id = me.game_id AND o.user_id <> me.user_id
            JOIN users u ON u.id = o.user_id
           WHERE me.user_id = ${userId}::uuid
           GROUP BY o.user_id, u.nickname
           ORDER BY count(*) DESC LIMIT 100`,
    ),
    rowsOf<{ game_id: string; game_mode: UserRiskAnswer['games'][number]['gameMode']; bet_micro: string; result: 'win' | 'lose'; end_reason: string | null; opponent_id: string | null; opponent_username: string; created_at: Date | string }>(
      db,
      sql`SELECT p.game_id::text AS game_id, p.game_mode, p.bet_micro::text AS bet_micro, p.result, p.end_reason,
                 (SELECT o.user_id::text FROM game_players o WHERE o.game_id = p.game_id AND o.user_id <> p.user_id) AS opponent_id,
                 p.opponent_username, p.created_at
            FROM played_games p WHERE p.user_id = ${userId}::uuid
           ORDER BY p.created_at DESC LIMIT 50`,
    ),
  ]);
  return {
    user: {
      _id: user.id,
      username: user.username,
      nickname: user.nickname,
      balance: microToUsdt(balance),
      invitedBy: user.invited_by,
      telegramId: user.telegram_id === null ? null : Number(user.telegram_id),
      savedAddress: user.saved_address,
      createdAt: iso(user.created_at),
      frozen: user.frozen_at !== null,
      frozenReason: user.frozen_reason,
      frozenAt: user.frozen_at === null ? null : iso(user.frozen_at),
    },
    ips: ips.map((row) => ({ ip: row.ip, sessions: row.sessions, lastAt: iso(row.last_at) })),
    devices: devices.map((row) => ({ deviceId: row.device_id, sessions: row.sessions, lastAt: iso(row.last_at) })),
    linkedAccounts: linked.map((row) => ({ _id: row.id, nickname: row.nickname, signals: row.signals })),
    flags,
    headToHead: headToHead.map((row) => ({
      opponentId: row.opponent_id,
      nickname: row.nickname,
      games: row.games,
      wins: row.wins,
      losses: row.losses,
      leftByUser: row.left_by_user,
      leftByOpponent: row.left_by_opponent,
      netUsdt: microToUsdt(BigInt(row.net_micro)),
    })),
    games: games.map((row) => ({
      gameId: row.game_id,
      gameMode: row.game_mode,
      betAmount: microToUsdt(BigInt(row.bet_micro)),
      result: row.result,
      endReason: row.end_reason,
      opponentId: row.opponent_id,
      opponentNickname: row.opponent_username,
      date: iso(row.created_at),
    })),
  };
}
