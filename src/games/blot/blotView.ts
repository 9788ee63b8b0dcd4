import {
  blotCombinationKinds,
  blotCombinationNames,
  blotSuitSymbols,
  blotText,
  type BlotCard,
  type BlotCombinationCounts,
  type BlotContract,
  type BlotGameView,
  type BlotPlayerAction,
  type BlotSuit,
} from '../../../protocol/blot.ts';
import { rankIndex } from '../../../rules/blot/index.ts';

/** What the Belote screen says in words: card and suit names, the status line, the players' speech. */

export const suitNames: Record<BlotSuit, string> = { hearts: 'Hearts', diamonds: 'Diamonds', clubs: 'Clubs', spades: 'Spades' };

/** "Q of hearts", "10 of spades": the card's alt text, which screen readers and tests go by. */
export const cardName = (card: Pick<BlotCard, 'value' | 'suit'>): string => `${card.value} of ${card.suit}`;

/** The drawn face in public/cards/ (scripts/draw-cards.mjs). */
export const cardImage = (card: Pick<BlotCard, 'value' | 'suit'>): string => `/cards/${card.value}-${card.suit}.svg`;
export const CARD_BACK_IMAGE = '/cards/back.svg';

/** "♥ Hearts", or "Anxoz" for the no-trump contract. */
export const contractName = (contract: BlotContract): string =>
  contract === 'anxoz' ? blotText.anxoz : `${blotSuitSymbols[contract]} ${suitNames[contract]}`;

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
export function actionText(action: BlotPlayerAction): string {
  switch (action) {
    case 'take':
      return blotText.take;
    case 'pass':
      return blotText.pass;
    case 'with-card':
      return blotText.withCard;
    case 'without':
      return blotText.without;
    case 'announce':
      return blotText.announce;
    default:
      return contractName(action);
  }
}

/** "Tierce, Fifty": the kinds counted (blot apart: it is announced by playing it). */
export function combinationList(counts: BlotCombinationCounts | undefined): string[] {
  if (!counts) return [];
  return blotCombinationKinds.flatMap((kind) => Array.from({ length: counts[kind] }, () => blotCombinationNames[kind]));
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
export function statusText({ game, myId, opponentName, running, decisionPending }: StatusInput): string {
  if (!running) return game.status === 'completed' ? 'Game over' : '';
  const mine = game.turn === myId;
  switch (game.phase) {
    case 'trump-decision':
      return mine ? 'Take the face-up card as trump, or pass' : `${opponentName} is deciding on the face-up card`;
    case 'trump-selection':
      return mine ? 'Choose a trump suit or Anxoz, or pass' : `${opponentName} is choosing a trump`;
    case 'trump-final-selection':
      return mine ? 'Play it with the face-up card, or without?' : `${opponentName}: with the card or without?`;
    case 'in-progress':
    case 'trick-in-progress':
      if (!mine) return `${opponentName}'s turn`;
      return decisionPending ? 'Announce or cancel your combinations, then play a card' : 'Your turn: play a card';
    case 'round-completed':
      return 'Round over';
    default:
      return '';
  }
}
