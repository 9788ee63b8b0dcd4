import type { BlotCard, BlotGameView, BlotMove, BlotSuit, BlotValue } from '../../protocol/blot.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { cardId } from '../../rules/blot/cards.ts';
import { blotRules, dealRound, type BlotState } from '../../rules/blot/index.ts';
import { bob, commonGameFields, ME, OPPONENT } from './gameFixtures.ts';

/**
 * Belote: states made by the real rules module (rules/blot) from a stacked deck, viewed as the server
 * views them for ME (server/games/views.ts). A test plays moves on them with blotRules.apply, exactly as
 * the server would, so what the screen is shown is always a state the rules can reach.
 */

const suits: Record<string, BlotSuit> = { '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs', '♠': 'spades' };

/** 'J♥' → the jack of hearts of the first deal. */
export function card(name: string, deal = 1): BlotCard {
  const value = name.slice(0, -1) as BlotValue;
  const suit = suits[name.slice(-1)] as BlotSuit;
  return { _id: cardId(deal, value, suit), value, suit };
}

export interface StackedDeal {
  /** The elder's (non-dealer's) first five cards. */
  elder: string[];
  /** The dealer's first five cards. */
  dealer: string[];
  faceUp: string;
  /** The top of the stock, dealt after the contract: the elder first, then the dealer. */
  stock: string[];
}

/**
 * blot.md §9 Example A: the elder takes J♥ and then holds J♥ 9♥ K♥ Q♥ A♠ 10♠ K♠ 9♣ (a tierce and blot);
 * the dealer holds A♥ 7♥ Q♠ 7♠ A♦ J♦ 10♣ 8♣ and no combination.
 */
export const exampleA: StackedDeal = {
  elder: ['A♠', '10♠', 'K♥', 'Q♥', '9♣'],
  dealer: ['7♠', 'J♦', 'A♦', '8♣', '10♣'],
  faceUp: 'J♥',
  stock: ['9♥', 'K♠', 'A♥', '7♥', 'Q♠'],
};

/** Example A's sixteen cards in the order played (the elder wins every trick but the sixth). */
export const exampleATricks: [seat: 'elder' | 'dealer', card: string][] = [
  ['elder', 'J♥'], ['dealer', '7♥'], ['elder', '9♥'], ['dealer', 'A♥'], ['elder', 'A♠'], ['dealer', '7♠'], ['elder', '10♠'], ['dealer', 'Q♠'],
  ['elder', 'K♠'], ['dealer', '8♣'], ['elder', '9♣'], ['dealer', '10♣'], ['dealer', 'A♦'], ['elder', 'Q♥'], ['elder', 'K♥'], ['dealer', 'J♦'],
];

function stackedDeck({ elder, dealer, faceUp, stock }: StackedDeal): BlotCard[] {
  const top = [...elder.slice(0, 3), ...dealer.slice(0, 3), ...elder.slice(3), ...dealer.slice(3), faceUp, ...stock].map((name) => card(name));
  const used = new Set(top.map((c) => c._id));
  const all = (['hearts', 'diamonds', 'clubs', 'spades'] as const).flatMap((suit) =>
    (['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const).map((value) => ({ _id: cardId(1, value, suit), value, suit })),
  );
  return [...top, ...all.filter((c) => !used.has(c._id))];
}

const SEED = 'cd'.repeat(32);

/** A new game whose first deal is `deal`, dealt by `dealer` (the other player decides first). */
export function blotDeal({ dealer = OPPONENT, deal = exampleA, now = Date.now() }: { dealer?: string; deal?: StackedDeal; now?: number } = {}): BlotState {
  const created = blotRules.create([ME, OPPONENT], SEED, now);
  return dealRound({ ...created, phaseEvents: [] }, 1, dealer, stackedDeck(deal), now);
}

/** `player`'s move, as the server applies it. */
export const act = (state: BlotState, player: string, move: BlotMove, now = Date.now()): BlotState => blotRules.apply(state, player, move, now);

export const take = (takeCard: boolean): BlotMove => ({ type: 'trump-decision', takeCard });
export const select = (suit: Extract<BlotMove, { type: 'trump-selection' }>['suit']): BlotMove => ({ type: 'trump-selection', suit });
export const finalDecision = (withCard: boolean): BlotMove => ({ type: 'final-trump-decision', withCard });
export const playMove = (name: string, combinationDecision?: 'announce' | 'cancel'): BlotMove => ({ type: 'make-move', card: card(name), combinationDecision });

/** Example A's tricks from the start of play up to (not including) card `upTo`; the elder announces. */
export function playExampleA(state: BlotState, upTo = exampleATricks.length): BlotState {
  const seatOf = { elder: state.round.elder, dealer: state.round.dealer };
  return exampleATricks.slice(0, upTo).reduce((s, [seat, name], index) => act(s, seatOf[seat], playMove(name, index === 0 ? 'announce' : undefined)), state);
}

/** A Belote GameUpdate as the server sends it to ME: the rules' view plus the common fields. */
export function blotUpdate(state: BlotState, game: Partial<BlotGameView> = {}, serverTime = Date.now()): GameUpdate<BlotGameView> {
  const view = blotRules.view(state, ME);
  const outcome = blotRules.outcome(state);
  const running = outcome === null;
  const common = commonGameFields('blot', state.players, outcome, { betAmount: 5, payout: 9 }, serverTime);
  const merged: BlotGameView = {
    ...view,
    ...common,
    gameMode: 'blot',
    timerStartTime: running ? view.timerStartTime : null,
    deadlineAt: running ? blotRules.deadline(state) : null,
    ...game,
  };
  return { game: merged, opponents: [bob], timeoutTriggered: false, timerStartTime: merged.timerStartTime, firstUpdate: false, TimerMove: null, serverTime };
}
