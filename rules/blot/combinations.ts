import {
  blotFourXPoints,
  blotSequencePoints,
  blotSuits,
  blotValues,
  type BlotCard,
  type BlotCombination,
  type BlotCombinationCounts,
  type BlotContract,
} from '../../protocol/blot.ts';
import { bareCard, naturalIndex, plainRankIndex, trumpOf } from './cards.ts';

/** Combinations, blot.md §6: detection with the overlap rule, blot, and the comparison after trick 1. */

function sequenceOf(cards: BlotCard[]): BlotCombination {
  const kind = cards.length >= 5 ? 'hundred' : cards.length === 4 ? 'fifty' : 'tierce';
  return { kind, points: blotSequencePoints[kind], cards: cards.map(bareCard) };
}

/** Every maximal run of 3+ in natural order, per suit; a run is never split. */
function sequencesIn(hand: readonly BlotCard[]): BlotCombination[] {
  const found: BlotCombination[] = [];
  for (const suit of blotSuits) {
    const cards = hand.filter((card) => card.suit === suit).sort((a, b) => naturalIndex(a.value) - naturalIndex(b.value));
    let run: BlotCard[] = [];
    const close = () => {
      if (run.length >= 3) found.push(sequenceOf(run));
    };
    for (const card of cards) {
      const last = run[run.length - 1];
      if (last && naturalIndex(card.value) === naturalIndex(last.value) + 1) run.push(card);
      else {
        close();
        run = [card];
      }
    }
    close();
  }
  return found;
}

/** Four of a rank: J 200, 9 150, A/10/K/Q 100; four 8s or 7s are nothing. Strongest rank first. */
function fourXIn(hand: readonly BlotCard[]): BlotCombination[] {
  const found: BlotCombination[] = [];
  const values = [...blotValues].sort((a, b) => plainRankIndex(b) - plainRankIndex(a));
  for (const value of values) {
    const points = blotFourXPoints[value];
    const cards = hand.filter((card) => card.value === value);
    if (points !== undefined && cards.length === 4) found.push({ kind: 'fourX', points, cards: cards.map(bareCard) });
  }
  return found;
}

const fourXPointsOf = (combos: readonly BlotCombination[]): number =>
  combos.reduce((sum, combo) => sum + (combo.kind === 'fourX' ? combo.points : 0), 0);

export const combinationPoints = (combos: readonly BlotCombination[]): number => combos.reduce((sum, combo) => sum + combo.points, 0);

/**
 * The overlap rule: a card counts in one combination only. Of the sets of pairwise disjoint candidates,
 * the one with the most points; at equal totals the one keeping more fourX points; then the first in
 * candidate order (fourX before runs), so the answer is deterministic.
 */
export function bestDisjoint(candidates: readonly BlotCombination[]): BlotCombination[] {
  let best: BlotCombination[] = [];
  const n = candidates.length;
  for (let mask = 1; mask < 1 << n; mask += 1) {
    const chosen = candidates.filter((_, i) => (mask >> i) & 1);
    const ids = chosen.flatMap((combo) => combo.cards.map((card) => card._id));
    if (new Set(ids).size !== ids.length) continue;
    const [points, bestPoints] = [combinationPoints(chosen), combinationPoints(best)];
    if (points > bestPoints || (points === bestPoints && fourXPointsOf(chosen) > fourXPointsOf(best))) best = chosen;
  }
  // Candidate order is kept: fourX first, then runs by suit.
  return best;
}

/** §6.1 on an 8-card hand: tierce, fifty, hundred and fourX after the overlap rule (blot is apart). */
export function detectCombinations(hand: readonly BlotCard[]): BlotCombination[] {
  return bestDisjoint([...fourXIn(hand), ...sequencesIn(hand)]);
}

/** Blot: trump K and Q in one hand, in a suit contract only. */
export function holdsBlot(hand: readonly BlotCard[], contract: BlotContract): boolean {
  const trump = trumpOf(contract);
  if (trump === null) return false;
  return hand.some((c) => c.suit === trump && c.value === 'K') && hand.some((c) => c.suit === trump && c.value === 'Q');
}

export const isBlotCard = (card: BlotCard, contract: BlotContract): boolean =>
  card.suit === trumpOf(contract) && (card.value === 'K' || card.value === 'Q');

/**
 * §6.3: (points, kindRank, length, top, isTrumpSuit), compared left to right. `top` is the natural
 * index of a sequence's top card; for fourX it is the plain order, so that four A > four 10 > four K >
 * four Q as §6.3 lists (the natural order would put the kings above the tens).
 */
export function combinationKey(combo: BlotCombination, contract: BlotContract): number[] {
  const top = combo.cards.reduce((high, card) => Math.max(high, naturalIndex(card.value)), -1);
  if (combo.kind === 'fourX') return [combo.points, 2, 4, plainRankIndex((combo.cards[0] as BlotCard).value), 0];
  const trump = trumpOf(contract);
  return [combo.points, 1, combo.cards.length, top, combo.cards[0]?.suit === trump ? 1 : 0];
}

export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

function bestKey(combos: readonly BlotCombination[], contract: BlotContract): number[] | null {
  let best: number[] | null = null;
  for (const combo of combos) {
    const key = combinationKey(combo, contract);
    if (!best || compareKeys(key, best) > 0) best = key;
  }
  return best;
}

/**
 * The player whose best announced combination is higher scores all of theirs; exactly equal best keys
 * (two plain sequences of the same length and top) score for nobody; nothing announced, nobody.
 */
export function combinationWinner(announced: Record<string, readonly BlotCombination[]>, contract: BlotContract): string | null {
  const entries = Object.entries(announced)
    .map(([id, combos]) => [id, bestKey(combos, contract)] as const)
    .filter((entry): entry is readonly [string, number[]] => entry[1] !== null);
  if (entries.length === 0) return null;
  if (entries.length === 1) return (entries[0] as readonly [string, number[]])[0];
  const [[a, keyA], [b, keyB]] = entries as [readonly [string, number[]], readonly [string, number[]]];
  const order = compareKeys(keyA, keyB);
  return order > 0 ? a : order < 0 ? b : null;
}

export function countCombinations(combos: readonly BlotCombination[], blot: boolean): BlotCombinationCounts {
  const counts: BlotCombinationCounts = { tierce: 0, fifty: 0, hundred: 0, fourX: 0, blot: blot ? 1 : 0 };
  for (const combo of combos) counts[combo.kind] += 1;
  return counts;
}
