import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { challengeText } from '../../protocol/challengeConstants.ts';
import type { GameMode } from '../../protocol/constants.ts';
import { betLevels, gameText, REMATCH_WAIT_MS, SCORE_GATE, scoreGatedBets, type StartGameAnswer } from '../../protocol/game.ts';
import { microToUsdt, usdtToMicro } from '../../protocol/money.ts';
import type { Services } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { executeNamed } from '../db/named.ts';
import { rowReader } from '../db/rows.ts';
import { gamePlayers, games, searches, users, type UserRow } from '../db/schema.ts';
import { refuseFrozen } from '../integrity/frozen.ts';
import { HttpError } from '../http/errors.ts';
import { balanceOf, InsufficientFunds, type TransferRequest, type TransferResult } from '../ledger/ledger.ts';
import { userRoom } from '../sockets/index.ts';
import { feedQueues } from '../games/admin.ts';
import { createGame } from '../games/engine.ts';
import { gameTransaction, type GameTx } from '../games/outbox.ts';
import { joinQueue } from './turns.ts';

/**
 * Matchmaking (DESIGN.md §5): one queue per (mode, bet) in PostgreSQL. A join takes the bet into escrow
 * and either pairs with the oldest other waiting player of that queue or waits. Joins of one queue take
 * turns on its advisory lock, so of two players arriving at once the second always finds the first; a
 * node makes all the joins of a queue that arrive during one turn the next turn (turns.ts). Here: the
 * start of a search, rematches, cancel, and the searches that end without a game.
 */

/** How long after a game ends its players may still ask for a rematch. */
export const REMATCH_OFFER_WINDOW_MS = 120_000;

export interface StartRequest {
  mode: GameMode;
  betUsdt: number;
  socketId?: string | undefined;
  isRematch?: boolean | undefined;
}

export function levelOf(mode: GameMode, betUsdt: number): { betMicro: bigint; payoutMicro: bigint } {
  const level = betLevels[mode].find((l) => l.bet === betUsdt);
  if (!level) throw new HttpError(400, gameText.unknownBet);
  return { betMicro: usdtToMicro(level.bet), payoutMicro: usdtToMicro(level.payout) };
}

const userRow = rowReader(users);

/** Serialises everything about one player: two starts, or a start and a cancel, take turns. */
export async function lockPlayer(tx: Tx, userId: string): Promise<UserRow> {
  // NO KEY UPDATE: rows that reference the player (game_players, searches) take KEY SHARE locks,
  // which a plain FOR UPDATE would wait on, and deadlock with a pairing in flight.
  const [raw] = await executeNamed<Record<string, unknown>>(tx, 'lock_player', sql`SELECT ${userRow.columns} FROM users WHERE users.id = ${userId}::uuid FOR NO KEY UPDATE`);
  if (!raw) throw new HttpError(401, 'Not signed in');
  return userRow.read(raw);
}

interface IdleCheck {
  searching: boolean;
  challenging: boolean;
  playing: boolean;
  /** micro-USDT, as text */
  balance: string;
}

/**
 * Refuses a player who is searching, challenging or playing; answers their balance. It reads in a statement after
 * the player's lock: a statement reads what was committed when it began, and one that waited for the
 * lock would not see what the transaction it waited for wrote.
 */
export async function checkIdle(tx: Tx, userId: string): Promise<bigint> {
  const [check] = await executeNamed<IdleCheck>(
    tx,
    'idle_check',
    sql`SELECT exists (SELECT 1 FROM searches s WHERE s.user_id = ${userId}::uuid) AS searching,
               exists (SELECT 1 FROM challenges c WHERE c.challenger_id = ${userId}::uuid AND c.status = 'open') AS challenging,
               exists (SELECT 1 FROM game_players gp WHERE gp.user_id = ${userId}::uuid AND gp.active) AS playing,
               coalesce((SELECT a.balance_micro FROM accounts a WHERE a.kind = 'user' AND a.user_id = ${userId}::uuid), 0)::text AS balance`,
  );
  if (!check) throw new Error('idle check returned nothing');
  if (check.searching) throw new HttpError(409, gameText.alreadySearching);
  if (check.challenging) throw new HttpError(409, challengeText.alreadyChallenging);
  if (check.playing) throw new HttpError(409, gameText.alreadyPlaying);
  return BigInt(check.balance);
}

/** A rematch offer's lock: the two players' starts take turns until COMMIT, so they find each other. */
async function lockRematch(tx: Tx, gameId: string): Promise<void> {
  await executeNamed(tx, 'lock_rematch', sql`SELECT pg_advisory_xact_lock(hashtext(${`rematch:${gameId}`}))::text AS locked`);
}

/** A bet the balance cannot cover is the player's 400; anything else stays what it is. */
export function refusedBet(error: unknown): never {
  if (error instanceof InsufficientFunds) throw new HttpError(400, gameText.insufficientBalance);
  throw error;
}

/** A rematch's bet into escrow (a public join's is taken in its queue's turn, turns.ts). */
async function takeBet(money: GameTx, bet: TransferRequest[]): Promise<TransferResult[]> {
  return money.transferMany(bet).catch(refusedBet);
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
 * A join of a public queue goes into that queue's next turn on this node (turns.ts: the joins that
 * arrive during one turn are checked, take their bets and pair in one transaction). A rematch is one
 * transaction of its own: the player's lock and their checks (idle, score, balance), then it waits for
 * its one named opponent, or finds their offer and the game starts.
 */
export async function startSearch(services: Services, userId: string, request: StartRequest): Promise<StartGameAnswer> {
  const { mode } = request;
  const { betMicro, payoutMicro } = levelOf(mode, request.betUsdt);
  if (!services.config.games.openModes.includes(mode)) throw new HttpError(400, gameText.comingSoon);
  if (!request.isRematch) {
    const joined = await joinQueue(services, { userId, mode, betUsdt: request.betUsdt, betMicro, payoutMicro, socketId: request.socketId ?? null });
    return { status: joined.status, balance: microToUsdt(joined.balance) };
  }
  const now = Date.now();

  const { status, balance } = await gameTransaction(services, async (money) => {
    const { tx } = money;
    const player = await lockPlayer(tx, userId);
    refuseFrozen(player);
    if (scoreGatedBets[mode].includes(request.betUsdt) && player.score < SCORE_GATE) throw new HttpError(400, gameText.requiresScore);
    const balance = await checkIdle(tx, userId);
    if (balance < betMicro) throw new HttpError(400, gameText.insufficientBalance);
    const searchId = randomUUID();
    const bet: TransferRequest[] =
      betMicro > 0n ? [{ from: { kind: 'user', userId }, to: 'escrow', amount: betMicro, kind: 'bet', idempotencyKey: `search:${searchId}:bet`, ref: searchId }] : [];
    money.later(() => feedQueues(services));

    const target = await rematchTarget(tx, userId, mode, betMicro, now);
    await lockRematch(tx, target.gameId);
    const [offer] = await tx
      .delete(searches)
      .where(and(eq(searches.rematchOf, target.gameId), eq(searches.userId, target.opponentId)))
      .returning();
    if (offer) {
      const game = await createGame(money, services, { mode, betMicro, payoutMicro, players: [offer.userId, userId], rematchOf: target.gameId, now });
      money.later(() => {
        for (const id of [offer.userId, userId]) services.sockets.to(userRoom(id)).emit('game-replay', { gameId: game.id });
      });
    } else {
      await tx.insert(searches).values({
        id: searchId,
        userId,
        gameMode: mode,
        betMicro,
        socketId: request.socketId ?? null,
        createdAt: new Date(now),
        rematchOf: target.gameId,
        opponentId: target.opponentId,
        expiresAt: new Date(now + REMATCH_WAIT_MS),
      });
    }
    const [taken] = bet.length > 0 ? await takeBet(money, bet) : [];
    return { status: offer ? ('started' as const) : ('searching' as const), balance: taken?.balances[userId] ?? balance };
  });
  return { status, balance: microToUsdt(balance) };
}

/** The bets of searches that end without a game back to their players; each player's balance after it. */
async function refundSearches(money: GameTx, ended: (typeof searches.$inferSelect)[], reason: 'cancel' | 'timeout'): Promise<Map<string, bigint>> {
  const refunds: TransferRequest[] = ended
    .filter((search) => search.betMicro > 0n)
    .map((search) => ({
      from: 'escrow',
      to: { kind: 'user', userId: search.userId },
      amount: search.betMicro,
      kind: 'bet-refund',
      idempotencyKey: `search:${search.id}:refund`,
      ref: `${search.id}:${reason}`,
    }));
  const balances = new Map<string, bigint>();
  for (const result of await money.transferMany(refunds)) for (const [userId, balance] of Object.entries(result.balances)) balances.set(userId, balance);
  // A free search moved no money: its player's balance as it is.
  for (const search of ended) if (!balances.has(search.userId)) balances.set(search.userId, await balanceOf(money.tx, search.userId));
  return balances;
}

/**
 * Cancel: exactly one of cancel and pairing wins. A pairing holds the search row's lock until it
 * commits; this delete then finds nothing and answers 409, and the game goes on.
 */
export async function cancelSearch(services: Services, userId: string): Promise<{ balance: number }> {
  const balance = await gameTransaction(services, async (money) => {
    await lockPlayer(money.tx, userId);
    const balance = await endSearchOf(services, money, userId);
    if (balance === null) throw new HttpError(409, gameText.noSearch);
    return balance;
  });
  return { balance: microToUsdt(balance) };
}

/**
 * Ends the player's search, if any, with its bet back, in the caller's transaction (which holds the
 * player's lock, as a freeze's UPDATE does): the player's balance after it, or null when there was none.
 */
export async function endSearchOf(services: Services, money: GameTx, userId: string): Promise<bigint | null> {
  const [search] = await money.tx.delete(searches).where(eq(searches.userId, userId)).returning();
  if (!search) return null;
  money.later(() => feedQueues(services));
  return (await refundSearches(money, [search], 'cancel')).get(userId) ?? 0n;
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
    const balances = await refundSearches(money, expired, 'timeout');
    for (const [userId, balance] of balances) {
      money.later(() => void services.sockets.to(userRoom(userId)).emit('search-timeout', { balance: microToUsdt(balance) }));
    }
    money.later(() => feedQueues(services));
    money.later(() => {
      for (const search of expired) services.metrics.searchesTimedOut(search.gameMode, 1);
    });
    return expired.length;
  });
}
