import type { TFunction } from 'i18next';
import {
  blotCombinationKinds,
  blotSuitSymbols,
  type BlotCard,
  type BlotCombinationCounts,
  type BlotCombinationKind,
  type BlotContract,
  type BlotGameView,
  type BlotPlayerAction,
  type BlotRoundResultRow,
  type BlotSuit,
} from '../../../protocol/blot.ts';
import { rankIndex } from '../../../rules/blot/index.ts';

/**
 * What the Belote screen says in words, in the player's language: card and suit names, the status line,
 * the players' speech. Each takes the component's `t`, so it re-renders when the language changes.
 */

/** "Hearts", "Черви", "Սիրտ". */
export const suitName = (t: TFunction, suit: BlotSuit): string => t(`blot.suits.${suit}`);

/** "Q of hearts", "Дама червей", "սրտի դամա": the card's alt text, which screen readers and tests go by. */
export const cardName = (t: TFunction, card: Pick<BlotCard, 'value' | 'suit'>): string =>
  t('blot.card', { rank: t(`blot.ranks.${card.value}`), suit: t(`blot.cardSuits.${card.suit}`) });

/** The drawn face in public/cards/ (scripts/draw-cards.mjs). */
export const cardImage = (card: Pick<BlotCard, 'value' | 'suit'>): string => `/cards/${card.value}-${card.suit}.svg`;
export const CARD_BACK_IMAGE = '/cards/back.svg';

/** "♥ Hearts", or "Anxoz" for the no-trump contract. */
export const contractName = (t: TFunction, contract: BlotContract): string =>
  contract === 'anxoz' ? t('blot.action.anxoz') : `${blotSuitSymbols[contract]} ${suitName(t, contract)}`;

/** "Tierce", "Four of a kind", "Blot". */
export const combinationName = (t: TFunction, kind: BlotCombinationKind | 'blot'): string => t(`blot.combination.${kind}`);

/**
 * The hand as a player fans it: trumps first, then the other suits alternating red and black, each
 * from strongest to weakest under the contract (before one is fixed, in plain order).
 */
const SUIT_ORDER: readonly BlotSuit[] = ['hearts', 'spades', 'diamonds', 'clubs'];
export function sortHand(hand: readonly BlotCard[], contract: BlotContract | null): BlotCard[] {
  const ranking: BlotContract = contract ?? 'anxoz';
  const suitKey = (suit: BlotSuit): number => (suit === contract ? -1 : SUIT_ORDER.indexOf(suit));
  return [...hand].sort((a, b) => suitKey(a.suit) - suitKey(b.suit) || rankIndex(b, ranking) - rankIndex(a, ranking));
}

/** The bubble by a player's seat: their last action this round. */
export function actionText(t: TFunction, action: BlotPlayerAction): string {
  switch (action) {
    case 'take':
      return t('blot.action.take');
    case 'pass':
      return t('blot.action.pass');
    case 'with-card':
      return t('blot.action.withCard');
    case 'without':
      return t('blot.action.without');
    case 'announce':
      return t('blot.action.announce');
    default:
      return contractName(t, action);
  }
}

/** "Tierce, Fifty": the kinds counted (blot apart: it is announced by playing it). */
export function combinationList(t: TFunction, counts: BlotCombinationCounts | undefined): string[] {
  if (!counts) return [];
  return blotCombinationKinds.flatMap((kind) => Array.from({ length: counts[kind] }, () => combinationName(t, kind)));
}

/** "R3 · ♥ · Alice", "R4 · Anxoz · Bob (inside)" (blot.md §8): the protocol's blotRoundName, in words. */
export function roundName(t: TFunction, row: Pick<BlotRoundResultRow, 'round' | 'contract' | 'inside'>, name: string): string {
  const contract = row.contract === 'anxoz' ? t('blot.action.anxoz') : blotSuitSymbols[row.contract];
  return t(row.inside ? 'blot.results.rowInside' : 'blot.results.row', { round: row.round, contract, name });
}

/** "J♥": short, for lists of combination cards. */
export const shortCardName = (card: Pick<BlotCard, 'value' | 'suit'>): string => `${card.value}${blotSuitSymbols[card.suit]}`;

interface StatusInput {
  game: BlotGameView;
  myId: string;
  opponentName: string;
  running: boolean;
  /** Announce or Cancel is due with the first card and not chosen yet. */
  decisionPending: boolean;
}

/** The line above the buttons: whose move it is and what they may do. */
export function statusText(t: TFunction, { game, myId, opponentName, running, decisionPending }: StatusInput): string {
  if (!running) return game.status === 'completed' ? t('blot.status.gameOver') : '';
  const mine = game.turn === myId;
  const name = opponentName;
  switch (game.phase) {
    case 'trump-decision':
      return mine ? t('blot.status.decideMine') : t('blot.status.decideTheirs', { name });
    case 'trump-selection':
      return mine ? t('blot.status.selectMine') : t('blot.status.selectTheirs', { name });
    case 'trump-final-selection':
      return mine ? t('blot.status.finalMine') : t('blot.status.finalTheirs', { name });
    case 'in-progress':
    case 'trick-in-progress':
      if (!mine) return t('blot.status.theirTurn', { name });
      return decisionPending ? t('blot.status.announceFirst') : t('blot.status.myTurn');
    case 'round-completed':
      return t('blot.status.roundOver');
    default:
      return '';
  }
}
