import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { GameMode } from '../../protocol/constants.ts';
import { gameText } from '../../protocol/game.ts';
import { RuleError } from '../../rules/game.ts';
import { seedHashOf } from '../../rules/random.ts';
import type { Services } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { databaseUnavailable } from '../db/errors.ts';
import { gameLog, gamePlayers, games, users, type GameRow } from '../db/schema.ts';
import { audit } from '../admin/audit.ts';
import { HttpError } from '../http/errors.ts';
import { userRoom } from '../sockets/index.ts';
import { broadcastOngoingGames } from './admin.ts';
import { gameTransaction, type GameTx } from './outbox.ts';
import { rulesFor, type AnyRules } from './registry.ts';
import { refundGame, settleGame } from './settle.ts';
import { gameUpdateFor, seatsOf, type Seat } from './views.ts';

/**
 * The authority of every game (DESIGN.md §2): each change is one transaction holding the game row's
 * lock; the rules compute, the row, its log line and (at the end) the settlement commit together; the
 * players hear about it only after commit, each with their own view.
 */

function rulesOf(mode: GameMode): AnyRules {
  const rules = rulesFor(mode);
  if (!rules) throw new HttpError(400, 'This game is coming soon');
  return rules;
}

const deadlineOf = (rules: AnyRules, state: unknown): Date | null => {
  const at = rules.deadline(state);
  return at === null ? null : new Date(at);
};

async function appendLog(tx: Tx, gameId: string, entry: { at: number; actor: string; action: string; move?: unknown; version: number }) {
  await tx.insert(gameLog).values({
    gameId,
    seq: sql`(SELECT coalesce(max(seq), 0) + 1 FROM game_log WHERE game_id = ${gameId})`,
    at: new Date(entry.at),
    actor: entry.actor,
    action: entry.action,
    move: entry.move ?? null,
    version: entry.version,
  });
}

export interface NewGame {
  mode: GameMode;
  betMicro: bigint;
  payoutMicro: bigint;
  /** Seat order: the first one asked first. */
  players: [string, string];
  rematchOf?: string | null;
  now: number;
}

/** Creates a game inside the pairing's transaction (the bets are already in escrow). */
export async function createGame(money: GameTx, services: Services, spec: NewGame): Promise<GameRow> {
  const rules = rulesOf(spec.mode);
  const seed = randomBytes(32).toString('hex');
  const state = rules.create(spec.players, seed, spec.now);
  const [row] = await money.tx
    .insert(games)
    .values({
      gameMode: spec.mode,
      betMicro: spec.betMicro,
      payoutMicro: spec.payoutMicro,
      state,
      deadlineAt: deadlineOf(rules, state),
      seed,
      seedHash: seedHashOf(seed),
      rematchOf: spec.rematchOf ?? null,
      createdAt: new Date(spec.now),
    })
    .returning();
  if (!row) throw new Error('game insert returned nothing');
  const scores = await money.tx.select({ id: users.id, score: users.score }).from(users).where(sql`${users.id} IN (${spec.players[0]}, ${spec.players[1]})`);
  await money.tx.insert(gamePlayers).values(
    spec.players.map((userId, seat) => ({ gameId: row.id, userId, seat, scoreBefore: scores.find((s) => s.id === userId)?.score ?? 0 })),
  );
  await appendLog(money.tx, row.id, { at: spec.now, actor: 'server', action: 'create', move: { players: spec.players }, version: row.version });
  money.later(async () => {
    const seats = await seatsOf(services.db, row.id);
    for (const seat of seats) {
      const update = gameUpdateFor(row, seats, seat.userId, { firstUpdate: true });
      services.sockets.to(userRoom(seat.userId)).emit('gameStarted', update);
      services.sockets.to(userRoom(seat.userId)).emit('game-update', update);
    }
    await broadcastOngoingGames(services);
  });
  services.log.info({ gameId: row.id, mode: spec.mode, bet: spec.betMicro.toString(), players: spec.players }, 'game started');
  return row;
}

async function lockGame(tx: Tx, gameId: string): Promise<GameRow> {
  const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
  if (!row) throw new HttpError(404, gameText.gameNotFound);
  return row;
}

interface Transition {
  actor: string;
  action: 'move' | 'timeout' | 'leave';
  move?: unknown;
  now: number;
}

/** Writes a new state (and settles when it ends the game), then tells both players after commit. */
async function commitState(money: GameTx, services: Services, row: GameRow, seats: Seat[], state: unknown, transition: Transition): Promise<GameRow> {
  const rules = rulesOf(row.gameMode);
  const outcome = rules.outcome(state);
  let next: GameRow = { ...row, state, version: row.version + 1, deadlineAt: outcome ? null : deadlineOf(rules, state) };
  if (outcome) {
    next = {
      ...next,
      status: 'completed',
      winnerId: outcome.winnerId,
      loserId: outcome.loserId,
      endReason: outcome.endReason,
      endedAt: new Date(transition.now),
    };
    next.settlement = await settleGame(money, next, outcome, seats);
  }
  await money.tx
    .update(games)
    .set({
      state: next.state,
      version: next.version,
      deadlineAt: next.deadlineAt,
      status: next.status,
      winnerId: next.winnerId,
      loserId: next.loserId,
      endReason: next.endReason,
      endedAt: next.endedAt,
      settlement: next.settlement,
    })
    .where(eq(games.id, row.id));
  await appendLog(money.tx, row.id, { at: transition.now, actor: transition.actor, action: transition.action, move: transition.move, version: next.version });
  money.later(() => publish(services, next, seats, { timeoutTriggered: transition.action === 'timeout' }));
  services.log.info({ gameId: row.id, actor: transition.actor, action: transition.action, version: next.version }, 'game transition');
  if (outcome) {
    money.later(() => broadcastOngoingGames(services));
    services.log.info({ gameId: row.id, winner: outcome.winnerId, endReason: outcome.endReason }, 'game completed');
  }
  return next;
}

export function publish(services: Services, row: GameRow, seats: Seat[], flags: { timeoutTriggered?: boolean } = {}): void {
  for (const seat of seats) {
    services.sockets.to(userRoom(seat.userId)).emit('game-update', gameUpdateFor(row, seats, seat.userId, flags));
  }
}

function checkPlayable(row: GameRow, seats: Seat[], userId: string, mode: GameMode, v: number | undefined): void {
  if (row.gameMode !== mode) throw new HttpError(404, gameText.gameNotFound);
  if (!seats.some((s) => s.userId === userId)) throw new HttpError(403, gameText.notInGame);
  if (row.status !== 'in-progress') throw new HttpError(409, gameText.gameOver);
  if (v !== undefined && v !== row.version) throw new HttpError(409, gameText.staleVersion);
}

function ruleToHttp(error: unknown): never {
  if (error instanceof RuleError) throw new HttpError(error.kind === 'conflict' ? 409 : 422, error.message);
  throw error;
}

/** A player's move. Refused moves (409 stale or too late, 422 illegal) change nothing. */
export async function playMove(
  services: Services,
  input: { gameId: string; userId: string; mode: GameMode; move: unknown; v?: number | undefined },
): Promise<{ row: GameRow; seats: Seat[] }> {
  // The seats read under the game's lock serve the check, the settlement, the events and the answer.
  return gameTransaction(services, async (money) => {
    const locked = await lockGame(money.tx, input.gameId);
    const seats = await seatsOf(money.tx, locked.id);
    checkPlayable(locked, seats, input.userId, input.mode, input.v);
    const now = Date.now();
    let state: unknown;
    try {
      state = rulesOf(locked.gameMode).apply(locked.state, input.userId, input.move, now);
    } catch (error) {
      ruleToHttp(error);
    }
    return { row: await commitState(money, services, locked, seats, state, { actor: input.userId, action: 'move', move: input.move, now }), seats };
  });
}

/** Leaving forfeits: the other player wins with 'opponent-left'. */
export async function leaveGame(services: Services, input: { gameId: string; userId: string; mode: GameMode }): Promise<void> {
  await gameTransaction(services, async (money) => {
    const locked = await lockGame(money.tx, input.gameId);
    const seats = await seatsOf(money.tx, locked.id);
    checkPlayable(locked, seats, input.userId, input.mode, undefined);
    const now = Date.now();
    let state: unknown;
    try {
      state = rulesOf(locked.gameMode).resign(locked.state, input.userId, now);
    } catch (error) {
      ruleToHttp(error);
    }
    return commitState(money, services, locked, seats, state, { actor: input.userId, action: 'leave', now });
  });
}

/** How long a game whose timeout failed waits before the sweep tries it again. */
export const FAILED_TIMEOUT_RETRY_MS = 60_000;

/**
 * One sweep of due games, safe on every node at once: each due row is claimed with FOR UPDATE SKIP
 * LOCKED, so a row another node (or a move) holds is left to it. Returns how many timeouts applied.
 * A game whose timeout fails (its transaction rolls back) is logged and put back by a minute, so one
 * broken game never holds up every other game's deadline; a database that is away stops the sweep.
 */
export async function sweepGameTimeouts(services: Services, now = Date.now(), limit = 50): Promise<number> {
  let applied = 0;
  for (let tried = 0; tried < limit; tried += 1) {
    let claimed: string | null = null;
    let done: boolean;
    try {
      done = await gameTransaction(services, async (money) => {
        const [due] = await money.tx
          .select()
          .from(games)
          .where(and(eq(games.status, 'in-progress'), sql`${games.deadlineAt} <= ${new Date(now)}`))
          .orderBy(asc(games.deadlineAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return false;
        claimed = due.id;
        const rules = rulesOf(due.gameMode);
        const deadline = rules.deadline(due.state);
        if (deadline === null || deadline > now) {
          // The column and the state disagree (cannot happen through commitState); trust the state.
          await money.tx.update(games).set({ deadlineAt: deadlineOf(rules, due.state) }).where(eq(games.id, due.id));
          return true;
        }
        await commitState(money, services, due, await seatsOf(money.tx, due.id), rules.timeout(due.state, now), { actor: 'timeout', action: 'timeout', now });
        return true;
      });
    } catch (error) {
      if (claimed === null || databaseUnavailable(error)) throw error;
      services.log.error({ err: error, gameId: claimed }, 'game timeout failed; retrying it later');
      await services.db
        .update(games)
        .set({ deadlineAt: new Date(now + FAILED_TIMEOUT_RETRY_MS) })
        .where(and(eq(games.id, claimed), eq(games.status, 'in-progress')));
      continue;
    }
    if (!done) break;
    applied += 1;
  }
  return applied;
}

/** Operator cancel: the game ends as canceled, both bets go back, no rating or record changes. */
export async function cancelGame(services: Services, gameId: string, adminId: string): Promise<GameRow> {
  return gameTransaction(services, async (money) => {
    const row = await lockGame(money.tx, gameId);
    if (row.status !== 'in-progress') throw new HttpError(409, gameText.gameOver);
    const seats = await seatsOf(money.tx, row.id);
    const now = Date.now();
    const next: GameRow = { ...row, status: 'canceled', endReason: 'canceled', version: row.version + 1, deadlineAt: null, endedAt: new Date(now) };
    next.settlement = await refundGame(money, next, seats);
    await money.tx
      .update(games)
      .set({ status: next.status, endReason: next.endReason, version: next.version, deadlineAt: null, endedAt: next.endedAt, settlement: next.settlement })
      .where(eq(games.id, row.id));
    await appendLog(money.tx, row.id, { at: now, actor: `admin:${adminId}`, action: 'cancel', version: next.version });
    money.later(() => publish(services, next, seats));
    money.later(() => broadcastOngoingGames(services));
    await audit(money.tx, { adminId, action: 'cancel-game', target: gameId, details: { players: seats.map((s) => s.userId), betMicro: row.betMicro.toString() } });
    services.log.warn({ gameId, adminId }, 'game canceled by an operator');
    return next;
  });
}

/** The player's running game, if any. */
export async function activeGameOf(db: Services['db'], userId: string): Promise<GameRow | null> {
  const [row] = await db
    .select({ game: games })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(eq(gamePlayers.userId, userId), eq(gamePlayers.active, true)))
    .limit(1);
  return row?.game ?? null;
}
