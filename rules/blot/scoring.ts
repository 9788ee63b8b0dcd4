import {
  BLOT_BLOT_POINTS,
  BLOT_KAPUT_BONUS,
  BLOT_LAST_TRICK_BONUS,
  BLOT_TRICKS_PER_ROUND,
  type BlotContract,
  type BlotScoreBreakdown,
} from '../../protocol/blot.ts';
import { sumPoints } from './cards.ts';
import type { CompletedTrick } from './state.ts';

/** Round scoring, blot.md §7: card points, last trick, combinations, blot, kaput; the contract rule. */

/** Table points: ..5 rounds down, ..6 rounds up. */
export const tablePoints = (raw: number): number => Math.floor((raw + 4) / 10);

export interface RoundScoreInput {
  taker: string;
  defender: string;
  /** Card points of the tricks each player took. */
  cards: Record<string, number>;
  tricksWon: Record<string, number>;
  /** Who took trick 8. */
  lastTrickWinner: string;
  /** The combination winner's announced total (the other player's entry is 0). */
  combinations: Record<string, number>;
  /** Who held trump K+Q (suit contracts), or null. */
  blotHolder: string | null;
}

export interface RoundScore {
  breakdown: Record<string, BlotScoreBreakdown>;
  /** The taker scored strictly more than the defender. */
  made: boolean;
  raw: Record<string, number>;
  table: Record<string, number>;
}

export function scoreRound(input: RoundScoreInput): RoundScore {
  const breakdown: Record<string, BlotScoreBreakdown> = {};
  for (const id of [input.taker, input.defender]) {
    const parts = {
      cards: input.cards[id] ?? 0,
      lastTrick: input.lastTrickWinner === id ? BLOT_LAST_TRICK_BONUS : 0,
      combinations: input.combinations[id] ?? 0,
      blot: input.blotHolder === id ? BLOT_BLOT_POINTS : 0,
      kaput: (input.tricksWon[id] ?? 0) === BLOT_TRICKS_PER_ROUND ? BLOT_KAPUT_BONUS : 0,
    };
    breakdown[id] = { ...parts, total: parts.cards + parts.lastTrick + parts.combinations + parts.blot + parts.kaput };
  }
  const takerTotal = (breakdown[input.taker] as BlotScoreBreakdown).total;
  const defenderTotal = (breakdown[input.defender] as BlotScoreBreakdown).total;
  // Strictly more, bonuses included; a tie is a failed contract ("inside"): everything to the defender.
  const made = takerTotal > defenderTotal;
  const raw = made
    ? { [input.taker]: takerTotal, [input.defender]: defenderTotal }
    : { [input.taker]: 0, [input.defender]: takerTotal + defenderTotal };
  const table = Object.fromEntries(Object.entries(raw).map(([id, points]) => [id, tablePoints(points)]));
  return { breakdown, made, raw, table };
}

/** Card points and tricks per player from the completed tricks. */
export function trickTotals(tricks: readonly CompletedTrick[], players: readonly string[], contract: BlotContract) {
  const cards: Record<string, number> = Object.fromEntries(players.map((id) => [id, 0]));
  const tricksWon: Record<string, number> = Object.fromEntries(players.map((id) => [id, 0]));
  for (const trick of tricks) {
    cards[trick.winner] = (cards[trick.winner] ?? 0) + sumPoints(trick.cards, contract);
    tricksWon[trick.winner] = (tricksWon[trick.winner] ?? 0) + 1;
  }
  return { cards, tricksWon };
}
