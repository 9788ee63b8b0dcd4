import { microToUsdt } from '../../protocol/money.ts';
import type { GameUpdate, GameViewBase, Opponent } from '../../protocol/game.ts';
import type { FastifyReply } from 'fastify';
import type { GameRow } from '../db/schema.ts';
import { clientSeedsOf, isSeeding, seedingView } from './firstDraw.ts';
import { rulesOfMode } from '../../rules/registry.ts';
import { encodeOnce } from '../sockets/encoder.ts';

/** A seat at a game: who sits there, as the opponent panel shows them. */
export interface Seat {
  userId: string;
  seat: number;
  nickname: string;
  country: string | null;
  score: number;
  photoUrl: string | null;
}

const opponentOf = (seat: Seat): Opponent => ({
  _id: seat.userId,
  id: seat.userId,
  nickname: seat.nickname,
  country: seat.country,
  score: seat.score,
  photoUrl: seat.photoUrl,
});

/**
 * The game as one player may see it: the rules' own view (the only door from state to the wire, so no
 * secret of the opponent's and never the seed while the game runs) plus the common fields of spec §3.
 */
export function gameViewFor(row: GameRow, seats: Seat[], viewerId: string): GameViewBase {
  const rules = rulesOfMode(row.gameMode);
  const running = row.status === 'in-progress';
  // Before its first draw a game has no state: the common fields only (server/games/firstDraw.ts), and
  // only the viewer's own client seed, so no one chooses theirs knowing the other's.
  const seeding = isSeeding(row);
  // No state: still seeding, or canceled before its first draw could be made (engine.ts cancelGame).
  const view = row.state === null ? seedingView() : rules.view(row.state, viewerId);
  const clientSeeds = clientSeedsOf(row);
  const seedShown = (seat: Seat) => (seeding && seat.userId !== viewerId ? '' : (clientSeeds[seat.seat] ?? ''));
  const balances = row.settlement?.balances ?? {};
  const sideBalances = (id: string | null): Record<string, number> =>
    id && balances[id] !== undefined ? { [id]: microToUsdt(BigInt(balances[id])) } : {};
  // Object.assign, not a literal spreading `view` and then adding the common fields: V8 builds that
  // literal's properties one by one on a slow path (~45 µs a view; this is ~3 µs), and a move builds
  // three views (bench/README.md, issue 24).
  const common: Omit<GameViewBase, 'turn' | 'totalGamePoints' | 'playerColors'> = {
    _id: row.id,
    gameMode: row.gameMode,
    status: row.status,
    phase: row.status === 'canceled' ? 'game-canceled' : view.phase,
    userIds: seats.map((s) => s.userId),
    usernames: Object.fromEntries(seats.map((s) => [s.userId, s.nickname])),
    betAmount: microToUsdt(row.betMicro),
    payout: microToUsdt(row.payoutMicro),
    winners: row.winnerId ? [row.winnerId] : [],
    losers: row.loserId ? [row.loserId] : [],
    endReason: (row.endReason as GameViewBase['endReason']) ?? null,
    winnerBalances: sideBalances(row.winnerId),
    loserBalances: sideBalances(row.loserId),
    scoreChanges: row.settlement?.scoreChanges ?? {},
    v: row.version,
    timerStartTime: running ? view.timerStartTime : null,
    deadlineAt: running ? (row.deadlineAt?.getTime() ?? null) : null,
    seedHash: row.seedHash,
    seed: running ? null : row.seed,
    clientSeeds: Object.fromEntries(seats.map((s) => [s.userId, seedShown(s)])),
    createdAt: row.createdAt.toISOString(),
  };
  return Object.assign({}, view, common);
}

export function gameUpdateFor(
  row: GameRow,
  seats: Seat[],
  viewerId: string,
  flags: { timeoutTriggered?: boolean; firstUpdate?: boolean } = {},
): GameUpdate {
  const game = gameViewFor(row, seats, viewerId);
  return {
    game,
    opponents: seats.filter((s) => s.userId !== viewerId).map(opponentOf),
    timeoutTriggered: flags.timeoutTriggered ?? false,
    timerStartTime: game.timerStartTime,
    firstUpdate: flags.firstUpdate ?? false,
    TimerMove: null,
    serverTime: Date.now(),
  };
}

/**
 * The answer to a request that changed the game (a move, a client seed): its player's update as JSON,
 * made once for the update (sockets/encoder.ts), so the update their socket was sent is not encoded again.
 */
export function updateAnswer(reply: FastifyReply, update: GameUpdate): string {
  void reply.header('content-type', 'application/json; charset=utf-8');
  return encodeOnce(update);
}
