import {
  blotCardPoints,
  blotSuits,
  blotValues,
  type BlotCard,
  type BlotContract,
  type BlotSuit,
  type BlotValue,
} from '../../protocol/blot.ts';

/**
 * The 32-card deck, rank orders and card points (blot.md §2). Cards are compared by rank index, never
 * by points: trump 8 and 7 are both worth 0, yet the 8 beats the 7.
 */

/** Low → high, so a higher index is a stronger card. */
const TRUMP_ORDER: readonly BlotValue[] = ['7', '8', 'Q', 'K', '10', 'A', '9', 'J'];
const PLAIN_ORDER: readonly BlotValue[] = ['7', '8', '9', 'J', 'Q', 'K', '10', 'A'];
/** Sequences (declarations) use the natural order 7 8 9 10 J Q K A. */
const NATURAL_ORDER: readonly BlotValue[] = blotValues;

const suitLetter: Record<BlotSuit, string> = { hearts: 'h', diamonds: 'd', clubs: 'c', spades: 's' };

export const cardId = (dealNumber: number, value: BlotValue, suit: BlotSuit): string => `r${dealNumber}-${value}${suitLetter[suit]}`;

/** The unshuffled deck of one deal, suit by suit, 7 to A. */
export function deckOf(dealNumber: number): BlotCard[] {
  return blotSuits.flatMap((suit) => blotValues.map((value) => ({ _id: cardId(dealNumber, value, suit), value, suit })));
}

export const trumpOf = (contract: BlotContract): BlotSuit | null => (contract === 'anxoz' ? null : contract);

export const isTrump = (card: BlotCard, contract: BlotContract): boolean => card.suit === trumpOf(contract);

/** Strength within the card's own suit under the contract: trump order for trumps, plain order else. */
export const rankIndex = (card: BlotCard, contract: BlotContract): number =>
  (isTrump(card, contract) ? TRUMP_ORDER : PLAIN_ORDER).indexOf(card.value);

export const plainRankIndex = (value: BlotValue): number => PLAIN_ORDER.indexOf(value);

export const naturalIndex = (value: BlotValue): number => NATURAL_ORDER.indexOf(value);

export function cardPoints(card: BlotCard, contract: BlotContract): number {
  if (contract === 'anxoz') return blotCardPoints.anxoz[card.value];
  return blotCardPoints[card.suit === contract ? 'trump' : 'plain'][card.value];
}

export const sumPoints = (cards: readonly BlotCard[], contract: BlotContract): number =>
  cards.reduce((sum, card) => sum + cardPoints(card, contract), 0);

/** A plain copy with exactly the wire fields (no `player`, `autoPlayed`). */
export const bareCard = (card: BlotCard): BlotCard => ({ _id: card._id, value: card.value, suit: card.suit });

export const sameCard = (a: BlotCard, b: BlotCard): boolean => a._id === b._id && a.value === b.value && a.suit === b.suit;
