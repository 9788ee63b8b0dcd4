import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { GameMode } from '../../protocol/constants.ts';
import { betLevels, gameText, REMATCH_WAIT_MS, SCORE_GATE, scoreGatedBets, type StartGameAnswer } from '../../protocol/game.ts';
import { microToUsdt, usdtToMicro } from '../../protocol/money.ts';
import type { Services } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { executeNamed } from '../db/named.ts';
import { gamePlayers, games, searches, users, type UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { balanceOf, InsufficientFunds } from '../ledger/ledger.ts';
import { userRoom } from '../sockets/index.ts';
import { feedQueues } from '../games/admin.ts';
import { createGame } from '../games/engine.ts';
import { gameTransaction, type GameTx } from '../games/outbox.ts';
import { rulesFor } from '../games/registry.ts';

/**
 * Matchmaking (DESIGN.md §5): one queue per (mode, bet) in PostgreSQL. Joining takes the bet into
 * escrow and either pairs with the oldest other waiting player of that queue or waits, all in one
 * transaction. A transaction-scoped advisory lock per queue makes two joins of one queue take turns,
 * so two players arriving at once always find each other instead of both waiting.
 */

/** How long after a game ends its players may still ask for a rematch. */
export const REMATCH_OFFER_WINDOW_MS = 120_000;

export interface StartRequest {
  mode: GameMode;
  betUsdt: number;
  socketId?: string | undefined;
  isRematch?: boolean | undefined;
}

function levelOf(mode: GameMode, betUsdt: number): { betMicro: bigint; payoutMicro: bigint } {
  const level = betLevels[mode].find((l) => l.bet === betUsdt);
  if (!level) throw new HttpError(400, gameText.unknownBet);
  return { betMicro: usdtToMicro(level.bet), payoutMicro: usdtToMicro(level.payout) };
}

/** Serialises everything about one player: two starts, or a start and a cancel, take turns. */
async function lockPlayer(tx: Tx, userId: string): Promise<UserRow> {
  // NO KEY UPDATE: rows that reference the player (game_players, searches) take KEY SHARE locks,
  // which a plain FOR UPDATE would wait on, and deadlock with a pairing in flight.
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update').prepare('lock_player').execute();
  if (!row) throw new HttpError(401, 'Not signed in');
  return row;
}

/**
 * Takes a queue's lock (joins of one queue take turns from here to COMMIT, so two players arriving at
 * once always find each other) and, in the same statement, checks that the player is neither searching
 * nor playing and reads their balance. The check must come in a statement after the player's lock: a
 * statement reads what was committed when it began, and one that waited for the player's lock would
 * not see what the transaction it waited for wrote.
 */
async function lockQueueForIdle(tx: Tx, queueKey: string, userId: string): Promise<{ balance: bigint }> {
  const [row] = await executeNamed<{ searching: boolean; playing: boolean; balance: string }>(
    tx,
    'lock_queue_for_idle',
    sql`
    SELECT pg_advisory_xact_lock(hashtext(${queueKey}))::text AS locked,
           exists (SELECT 1 FROM searches s WHERE s.user_id = ${userId}::uuid) AS searching,
           exists (SELECT 1 FROM game_players gp WHERE gp.user_id = ${userId}::uuid AND gp.active) AS playing,
           coalesce((SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = ${userId}::uuid), 0)::text AS balance`,
  );
  if (!row) throw new Error('queue lock returned nothing');
  if (row.searching) throw new HttpError(409, gameText.alreadySearching);
  if (row.playing) throw new HttpError(409, gameText.alreadyPlaying);
  return { balance: BigInt(row.balance) };
}

/** The bet into escrow; returns the player's balance after it. */
async function takeBet(money: GameTx, userId: string, betMicro: bigint, searchId: string): Promise<bigint | undefined> {
  try {
    const taken = await money.transfer({ from: { kind: 'user', userId }, to: 'escrow', amount: betMicro, kind: 'bet', idempotencyKey: `search:${searchId}:bet`, ref: searchId });
    return taken.balances[userId];
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new HttpError(400, gameText.insufficientBalance);
    throw error;
  }
}

/** The finished game a rematch asks to replay, with the opponent. */
async function rematchTarget(tx: Tx, userId: string, mode: GameMode, betMicro: bigint, now: number) {
  const [last] = await tx
    .select({ game: games, opponentId: sql<string>`(SELECT user_id FROM game_players o WHERE o.game_id = ${games.id} AND o.user_id <> ${userId})` })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(eq(gamePlayers.userId, userId), eq(games.status, 'completed')))
    .orderBy(desc(games.endedAt))
    .limit(1);
  if (!last?.game.endedAt || now - last.game.endedAt.getTime() > REMATCH_OFFER_WINDOW_MS) throw new HttpError(400, gameText.noRematch);
  if (last.game.gameMode !== mode || last.game.betMicro !== betMicro) throw new HttpError(400, gameText.noRematch);
  return { gameId: last.game.id, opponentId: last.opponentId };
}

/**
 * A join is one transaction: the player's lock and checks, the queue's lock, the pairing or the wait,
 * and the bet last. Every join and settlement in the product moves money through the one escrow
 * account, whose lock a transfer holds until COMMIT: taking the bet last holds it for one statement.
 */
export async function startSearch(services: Services, userId: string, request: StartRequest): Promise<StartGameAnswer> {
  const { mode } = request;
  const { betMicro, payoutMicro } = levelOf(mode, request.betUsdt);
  if (!rulesFor(mode) || !services.config.games.openModes.includes(mode)) throw new HttpError(400, 'This game is coming soon');
  const now = Date.now();

  const { status, balance } = await gameTransaction(services, async (money) => {
    const { tx } = money;
    const player = await lockPlayer(tx, userId);
    if (scoreGatedBets[mode].includes(request.betUsdt) && player.score < SCORE_GATE) throw new HttpError(400, gameText.requiresScore);
    let balance = 0n;
    const searchId = randomUUID();
    // What waiting looks like, if no one is there to pair with.
    const waitRow = { id: searchId, userId, gameMode: mode, betMicro, socketId: request.socketId ?? null, createdAt: new Date(now) };
    money.later(() => feedQueues(services));
    const pairOrWait = async (): Promise<'started' | 'searching'> => {
      if (request.isRematch) {
        const target = await rematchTarget(tx, userId, mode, betMicro, now);
        ({ balance } = await lockQueueForIdle(tx, `rematch:${target.gameId}`, userId));
        const [offer] = await tx
          .delete(searches)
          .where(and(eq(searches.rematchOf, target.gameId), eq(searches.userId, target.opponentId)))
          .returning();
        if (offer) {
          const game = await createGame(money, services, { mode, betMicro, payoutMicro, players: [offer.userId, userId], rematchOf: target.gameId, now });
          money.later(() => {
            for (const id of [offer.userId, userId]) services.sockets.to(userRoom(id)).emit('game-replay', { gameId: game.id });
          });
          return 'started';
        }
        await tx.insert(searches).values({ ...waitRow, rematchOf: target.gameId, opponentId: target.opponentId, expiresAt: new Date(now + REMATCH_WAIT_MS) });
        return 'searching';
      }
      ({ balance } = await lockQueueForIdle(tx, `queue:${mode}:${betMicro}`, userId));
      const [waiting] = await tx
        .delete(searches)
        .where(
          inArray(
            searches.id,
            tx
              .select({ id: searches.id })
              .from(searches)
              .where(and(eq(searches.gameMode, mode), eq(searches.betMicro, betMicro), isNull(searches.rematchOf), ne(searches.userId, userId)))
              .orderBy(asc(searches.createdAt))
              .limit(1)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning()
        .prepare('pop_waiting_search')
        .execute();
      if (waiting) {
        await createGame(money, services, { mode, betMicro, payoutMicro, players: [waiting.userId, userId], now });
        return 'started';
      }
      await tx
        .insert(searches)
        .values({ ...waitRow, expiresAt: new Date(now + services.config.games.searchTimeoutMs) })
        .prepare('insert_search')
        .execute();
      return 'searching';
    };
    const status = await pairOrWait();
    const after = betMicro > 0n ? await takeBet(money, userId, betMicro, searchId) : undefined;
    return { status, balance: after ?? balance };
  });
  return { status, balance: microToUsdt(balance) };
}

async function refundSearch(money: GameTx, search: typeof searches.$inferSelect, reason: 'cancel' | 'timeout'): Promise<void> {
  if (search.betMicro === 0n) return;
  await money.transfer({
    from: 'escrow',
    to: { kind: 'user', userId: search.userId },
    amount: search.betMicro,
    kind: 'bet-refund',
    idempotencyKey: `search:${search.id}:refund`,
    ref: `${search.id}:${reason}`,
  });
}

/**
 * Cancel: exactly one of cancel and pairing wins. A pairing holds the search row's lock until it
 * commits; this delete then finds nothing and answers 409, and the game goes on.
 */
export async function cancelSearch(services: Services, userId: string): Promise<{ balance: number }> {
  await gameTransaction(services, async (money) => {
    await lockPlayer(money.tx, userId);
    const [search] = await money.tx.delete(searches).where(eq(searches.userId, userId)).returning();
    if (!search) throw new HttpError(409, gameText.noSearch);
    await refundSearch(money, search, 'cancel');
    money.later(() => feedQueues(services));
  });
  return { balance: microToUsdt(await balanceOf(services.db, userId)) };
}

/** Searches past their time are refunded with `search-timeout {balance}`; safe on several nodes at once. */
export async function expireSearches(services: Services, now = Date.now(), limit = 100): Promise<number> {
  return gameTransaction(services, async (money) => {
    const expired = await money.tx
      .select()
      .from(searches)
      .where(lte(searches.expiresAt, new Date(now)))
      .orderBy(asc(searches.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (expired.length === 0) return 0;
    await money.tx.delete(searches).where(inArray(searches.id, expired.map((s) => s.id)));
    for (const search of expired) {
      await refundSearch(money, search, 'timeout');
      const balance = microToUsdt(await balanceOf(money.tx, search.userId));
      money.later(() => void services.sockets.to(userRoom(search.userId)).emit('search-timeout', { balance }));
    }
    money.later(() => feedQueues(services));
    return expired.length;
  });
}
