import { BLOT_TARGET } from '../../protocol/blot.ts';

/** The match, blot.md §8: totals toward 101, the end-of-match rule, the dealer passing each round. */

/**
 * After a completed round: one player at 101 or more wins; both there, the higher total wins; both there
 * and equal (or nobody there), null: another round is played.
 */
export function matchWinner(totals: Record<string, number>, players: readonly [string, string]): string | null {
  const [a, b] = players;
  const [ta, tb] = [totals[a] ?? 0, totals[b] ?? 0];
  if (ta < BLOT_TARGET && tb < BLOT_TARGET) return null;
  if (ta === tb) return null;
  return ta > tb ? a : b;
}

export const otherPlayer = (players: readonly [string, string], id: string): string => (players[0] === id ? players[1] : players[0]);

/** After every round, completed or canceled, the deal passes to the other player. */
export const nextDealer = otherPlayer;
