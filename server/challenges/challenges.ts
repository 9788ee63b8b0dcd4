import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { challengeText, type ChallengeStatus } from '../../protocol/challengeConstants.ts';
import type { GameMode } from '../../protocol/constants.ts';
import { gameText, SCORE_GATE, scoreGatedBets } from '../../protocol/game.ts';
import type { Services } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { challenges, users, type ChallengeRow, type UserRow } from '../db/schema.ts';
import { createGame } from '../games/engine.ts';
import { gameTransaction, type GameTx } from '../games/outbox.ts';
import { HttpError } from '../http/errors.ts';
import { refuseFrozen } from '../integrity/frozen.ts';
import { shareADevice } from '../integrity/links.ts';
import { balanceOf, type TransferRequest } from '../ledger/ledger.ts';
import { checkIdle, levelOf, lockPlayer, refusedBet } from '../matchmaking/queue.ts';
import { userRoom } from '../sockets/index.ts';
import { microToUsdt } from '../../protocol/money.ts';

/**
 * Challenges (issue 36): a game and a bet one player stakes and sends into a chat, for whoever opens the
 * link to accept. The challenger's bet goes to escrow when it is made, as a search's does, and comes back
 * when it is canceled or expires; accepting takes the taker's bet and starts the game in one transaction.
 *
 * Locks, always in this order: the players' rows (ascending id, as a pairing turn takes them), then the
 * challenge's row. Creating, a freeze, a search and a pairing take the player's row first too, so an open
 * challenge, a search and a game exclude each other (matchmaking/queue.ts checkIdle, queue_turn), and
 * two friends accepting at once take turns on the challenger's row: the second finds it accepted.
 */

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten letters and digits (about 58 bits): unguessable, and short enough for a start parameter. */
function newChallengeCode(): string {
  return Array.from(randomBytes(10), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** The refusals of a challenge that is no longer open, by what ended it. */
export const closedText: Record<Exclude<ChallengeStatus, 'open'>, string> = {
  accepted: challengeText.taken,
  canceled: challengeText.canceled,
  expired: challengeText.expired,
};

function refuseClosed(row: ChallengeRow, now: number): void {
  if (row.status !== 'open') throw new HttpError(409, closedText[row.status]);
  if (row.expiresAt.getTime() <= now) throw new HttpError(409, challengeText.expired);
}

/** The players' rows locked in ascending id (a pairing turn's order), each answered. */
async function lockPlayers(tx: Tx, ids: string[]): Promise<Map<string, UserRow>> {
  const locked = new Map<string, UserRow>();
  for (const id of [...ids].sort()) locked.set(id, await lockPlayer(tx, id));
  return locked;
}

/** Refuses a player this bet level is closed to (frozen; a gated level below the score). */
function refuseForLevel(player: UserRow, mode: GameMode, betUsdt: number): void {
  refuseFrozen(player);
  if (scoreGatedBets[mode].includes(betUsdt) && player.score < SCORE_GATE) throw new HttpError(400, gameText.requiresScore);
}

async function challengeByCode(tx: Tx, code: string, lock: boolean): Promise<ChallengeRow> {
  const query = tx.select().from(challenges).where(eq(challenges.code, code)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, challengeText.notFound);
  return row;
}

export interface NewChallenge {
  mode: GameMode;
  betUsdt: number;
  friendId?: string | undefined;
}

export interface MadeChallenge {
  row: ChallengeRow;
  balance: bigint;
  /** The friend it is sent to, when one was named. */
  friend: UserRow | null;
}

/**
 * Creates a challenge with the challenger's bet in escrow. A friend it names must be one of the player's
 * invitees or their inviter; a staked one between two accounts that share a device is refused at once.
 */
export async function createChallenge(services: Services, userId: string, request: NewChallenge): Promise<MadeChallenge> {
  const { mode, betUsdt } = request;
  const { betMicro, payoutMicro } = levelOf(mode, betUsdt);
  if (!services.config.games.openModes.includes(mode)) throw new HttpError(400, gameText.comingSoon);
  const now = Date.now();
  return gameTransaction(services, async (money) => {
    const { tx } = money;
    const player = await lockPlayer(tx, userId);
    refuseForLevel(player, mode, betUsdt);
    const balance = await checkIdle(tx, userId);
    if (balance < betMicro) throw new HttpError(400, gameText.insufficientBalance);

    let friend: UserRow | null = null;
    if (request.friendId) {
      if (request.friendId === userId) throw new HttpError(400, challengeText.notFriend);
      [friend = null] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, request.friendId), sql`(${users.invitedBy} = ${userId}::uuid OR ${users.id} = ${player.invitedBy})`))
        .limit(1);
      if (!friend) throw new HttpError(400, challengeText.notFriend);
      if (betMicro > 0n && (await shareADevice(tx, userId, friend.id))) throw new HttpError(403, challengeText.linkedAccounts);
    }

    const id = randomUUID();
    const [row] = await tx
      .insert(challenges)
      .values({
        id,
        code: newChallengeCode(),
        challengerId: userId,
        friendId: friend?.id ?? null,
        gameMode: mode,
        betMicro,
        payoutMicro,
        createdAt: new Date(now),
        expiresAt: new Date(now + services.config.games.challengeTtlMs),
      })
      .returning();
    if (!row) throw new Error('challenge insert returned nothing');
    const bet: TransferRequest[] =
      betMicro > 0n ? [{ from: { kind: 'user', userId }, to: 'escrow', amount: betMicro, kind: 'bet', idempotencyKey: `challenge:${id}:bet`, ref: id }] : [];
    const [taken] = bet.length > 0 ? await money.transferMany(bet).catch(refusedBet) : [];
    services.log.info({ userId, challengeId: id, mode, bet: betMicro.toString(), friendId: friend?.id }, 'challenge created');
    return { row, balance: taken?.balances[userId] ?? balance, friend };
  });
}

/**
 * Accepts a challenge: the taker's checks (not the challenger, the friend it was sent to if any, not
 * frozen, idle, the score for a gated level, the balance; no staked game between accounts on one device),
 * their bet into escrow and the game, in one transaction. Both players hear gameStarted after commit.
 */
export async function acceptChallenge(services: Services, userId: string, code: string): Promise<{ gameId: string; balance: bigint }> {
  return gameTransaction(services, async (money) => {
    const { tx } = money;
    const now = Date.now();
    // Read once to learn the challenger, whose row is locked before the challenge's (see above).
    const seen = await challengeByCode(tx, code, false);
    if (seen.challengerId === userId) throw new HttpError(400, challengeText.ownChallenge);
    refuseClosed(seen, now);
    if (seen.friendId !== null && seen.friendId !== userId) throw new HttpError(403, challengeText.forAnotherPlayer);

    const players = await lockPlayers(tx, [seen.challengerId, userId]);
    const row = await challengeByCode(tx, code, true);
    refuseClosed(row, now);
    const betUsdt = microToUsdt(row.betMicro);
    const taker = players.get(userId)!;
    refuseForLevel(taker, row.gameMode, betUsdt);
    const balance = await checkIdle(tx, userId);
    if (balance < row.betMicro) throw new HttpError(400, gameText.insufficientBalance);
    if (row.betMicro > 0n && (await shareADevice(tx, row.challengerId, userId))) throw new HttpError(403, challengeText.linkedAccounts);

    const [taken] =
      row.betMicro > 0n
        ? await money
            .transferMany([
              { from: { kind: 'user', userId }, to: 'escrow', amount: row.betMicro, kind: 'bet', idempotencyKey: `challenge:${row.id}:accept`, ref: row.id },
            ])
            .catch(refusedBet)
        : [];
    const game = await createGame(money, services, {
      mode: row.gameMode,
      betMicro: row.betMicro,
      payoutMicro: row.payoutMicro,
      players: [row.challengerId, userId],
      now,
    });
    await tx
      .update(challenges)
      .set({ status: 'accepted', acceptedBy: userId, gameId: game.id, endedAt: new Date(now) })
      .where(eq(challenges.id, row.id));
    services.log.info({ userId, challengeId: row.id, gameId: game.id }, 'challenge accepted');
    return { gameId: game.id, balance: taken?.balances[userId] ?? balance };
  });
}

/** The challenge's bet back to its challenger (nothing for a free one); their balance after it, if it moved. */
async function refund(money: GameTx, row: ChallengeRow, reason: 'cancel' | 'expire'): Promise<bigint | null> {
  if (row.betMicro === 0n) return null;
  const [result] = await money.transferMany([
    {
      from: 'escrow',
      to: { kind: 'user', userId: row.challengerId },
      amount: row.betMicro,
      kind: 'bet-refund',
      idempotencyKey: `challenge:${row.id}:refund`,
      ref: `${row.id}:${reason}`,
    },
  ]);
  return result?.balances[row.challengerId] ?? null;
}

/** The challenger cancels their open challenge: its bet comes back. */
export async function cancelChallenge(services: Services, userId: string, code: string): Promise<{ balance: bigint }> {
  return gameTransaction(services, async (money) => {
    const seen = await challengeByCode(money.tx, code, false);
    if (seen.challengerId !== userId) throw new HttpError(403, challengeText.notChallenger);
    await lockPlayer(money.tx, userId);
    const row = await challengeByCode(money.tx, code, true);
    if (row.status !== 'open') throw new HttpError(409, closedText[row.status]);
    await money.tx.update(challenges).set({ status: 'canceled', endedAt: new Date() }).where(eq(challenges.id, row.id));
    const balance = (await refund(money, row, 'cancel')) ?? (await balanceOf(money.tx, userId));
    services.log.info({ userId, challengeId: row.id }, 'challenge canceled');
    return { balance };
  });
}

/**
 * Ends the player's open challenge, if any, with its bet back, in the caller's transaction (a freeze's,
 * which holds the player's lock): its code and the player's balance after it, or null when there was none.
 */
export async function endChallengeOf(money: GameTx, userId: string): Promise<{ code: string; balance: bigint } | null> {
  const [row] = await money.tx
    .update(challenges)
    .set({ status: 'canceled', endedAt: new Date() })
    .where(and(eq(challenges.challengerId, userId), eq(challenges.status, 'open')))
    .returning();
  if (!row) return null;
  return { code: row.code, balance: (await refund(money, row, 'cancel')) ?? (await balanceOf(money.tx, userId)) };
}

/**
 * Challenges past their time end with their bets back and `challenge-ended` to the challenger; safe on
 * several nodes at once (each takes the rows no other holds).
 */
export async function expireChallenges(services: Services, now = Date.now(), limit = 100): Promise<number> {
  return gameTransaction(services, async (money) => {
    const due = await money.tx
      .select()
      .from(challenges)
      .where(and(eq(challenges.status, 'open'), lte(challenges.expiresAt, new Date(now))))
      .orderBy(asc(challenges.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await money.tx.update(challenges).set({ status: 'expired', endedAt: new Date(now) }).where(eq(challenges.id, row.id));
      const balance = (await refund(money, row, 'expire')) ?? (await balanceOf(money.tx, row.challengerId));
      money.later(() => {
        services.sockets.to(userRoom(row.challengerId)).emit('challenge-ended', { code: row.code, status: 'expired', balance: microToUsdt(balance) });
      });
    }
    return due.length;
  });
}
