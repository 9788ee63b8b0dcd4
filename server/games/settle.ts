import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Outcome } from '../../rules/game.ts';
import { gamePlayers, playedGames, scoreHistory, users, type GameRow, type Settlement } from '../db/schema.ts';
import { balanceOf } from '../ledger/ledger.ts';
import type { GameTx } from './outbox.ts';
import type { Seat } from './views.ts';

/** Elo with K = 32 (DESIGN.md §4): the winner's gain is the loser's loss; a score never goes below 0. */
export const ELO_K = 32;

export function eloChange(winnerScore: number, loserScore: number): number {
  const expected = 1 / (1 + 10 ** ((loserScore - winnerScore) / 400));
  return Math.round(ELO_K * (1 - expected));
}

/** Basis points of a percentage given as numeric text ('3.50' → 350), exact. */
function basisPoints(percentage: string): bigint {
  const [whole = '0', fraction = ''] = percentage.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/**
 * Pays out a finished game in the transaction that finished it: escrow → winner (the spec §9 payout),
 * the rest → house rake, the winner's inviter's share → their pending rewards; ratings, score history
 * and played-game records for both. Every transfer is keyed by the game, so it can happen only once.
 */
export async function settleGame(money: GameTx, row: GameRow, outcome: Outcome, seats: Seat[]): Promise<Settlement> {
  const { tx, transfer } = money;
  const { winnerId, loserId } = outcome;
  const bet = row.betMicro;
  // Ratings: read and change under the rows' locks, so two games ending at once both count.
  const scores = await tx
    .select({ id: users.id, score: users.score })
    .from(users)
    .where(inArray(users.id, [winnerId, loserId]))
    .orderBy(users.id)
    .for('no key update');
  const scoreOf = (id: string) => scores.find((s) => s.id === id)?.score ?? 0;
  const gain = eloChange(scoreOf(winnerId), scoreOf(loserId));
  const newScores = { [winnerId]: scoreOf(winnerId) + gain, [loserId]: Math.max(0, scoreOf(loserId) - gain) };
  const scoreChanges = { [winnerId]: gain, [loserId]: (newScores[loserId] as number) - scoreOf(loserId) };

  const nickname = (id: string) => seats.find((s) => s.userId === id)?.nickname ?? '';
  const points = (id: string) => outcome.points[id] ?? 0;
  for (const [userId, opponentId, result] of [
    [winnerId, loserId, 'win'],
    [loserId, winnerId, 'lose'],
  ] as const) {
    await tx.update(users).set({ score: newScores[userId] as number }).where(eq(users.id, userId));
    await tx
      .update(gamePlayers)
      .set({ active: false, scoreChange: scoreChanges[userId] as number })
      .where(and(eq(gamePlayers.gameId, row.id), eq(gamePlayers.userId, userId)));
    await tx.insert(scoreHistory).values({ userId, gameId: row.id, result, score: newScores[userId] as number, change: scoreChanges[userId] as number });
    await tx.insert(playedGames).values({
      userId,
      gameId: row.id,
      gameMode: row.gameMode,
      betMicro: bet,
      result,
      opponentUsername: nickname(opponentId),
      userScore: points(userId),
      opponentScore: points(opponentId),
      endReason: outcome.endReason,
    });
  }
  // The money last: every join and settlement locks the one escrow account, so this transaction holds
  // it only from here to its commit, not through the ratings and records above.
  if (bet > 0n) {
    await transfer({ from: 'escrow', to: { kind: 'user', userId: winnerId }, amount: row.payoutMicro, kind: 'payout', idempotencyKey: `game:${row.id}:payout`, ref: row.id });
    const rake = 2n * bet - row.payoutMicro;
    if (rake > 0n) await transfer({ from: 'escrow', to: 'house_rake', amount: rake, kind: 'rake', idempotencyKey: `game:${row.id}:rake`, ref: row.id });
    await payReferral(money, row, winnerId);
  }
  return {
    balances: {
      [winnerId]: (await balanceOf(tx, winnerId)).toString(),
      [loserId]: (await balanceOf(tx, loserId)).toString(),
    },
    scoreChanges,
  };
}

/** DESIGN.md §4: the winner's inviter earns their percentage of the winner's net win, as pending rewards. */
async function payReferral(money: GameTx, row: GameRow, winnerId: string): Promise<void> {
  const netWin = row.payoutMicro - row.betMicro;
  if (netWin <= 0n) return;
  const [inviter] = await money.tx
    .select({ id: users.id, isAffiliate: users.isAffiliate, percentage: users.affiliatePercentage })
    .from(users)
    .where(sql`${users.id} = (SELECT invited_by FROM users WHERE id = ${winnerId})`);
  if (!inviter) return;
  const share = (netWin * (inviter.isAffiliate ? basisPoints(inviter.percentage) : 350n)) / 10_000n;
  if (share <= 0n) return;
  await money.transfer({
    from: 'house_rewards',
    to: { kind: 'rewards', userId: inviter.id },
    amount: share,
    kind: 'referral',
    idempotencyKey: `game:${row.id}:referral`,
    ref: row.id,
  });
}

/** A canceled game: both bets back, nobody's rating or record changes (DESIGN.md §4). */
export async function refundGame(money: GameTx, row: GameRow, seats: Seat[]): Promise<Settlement> {
  const balances: Record<string, string> = {};
  for (const seat of seats) {
    if (row.betMicro > 0n) {
      await money.transfer({
        from: 'escrow',
        to: { kind: 'user', userId: seat.userId },
        amount: row.betMicro,
        kind: 'bet-refund',
        idempotencyKey: `game:${row.id}:refund:${seat.userId}`,
        ref: row.id,
      });
    }
    balances[seat.userId] = (await balanceOf(money.tx, seat.userId)).toString();
  }
  await money.tx.update(gamePlayers).set({ active: false }).where(eq(gamePlayers.gameId, row.id));
  return { balances, scoreChanges: {} };
}
