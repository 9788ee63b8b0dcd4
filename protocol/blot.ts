import { z } from 'zod';
import { gameRef, gameText, type GameViewBase } from './game.ts';

/**
 * Belote (Armenian Blot) on the wire: spec §3 Belote game and Card, §4 phases, §5 card play, §8 texts,
 * §9 constants; the rules themselves are ../shared/rules/blot.md.
 */

export const blotSuits = ['hearts', 'diamonds', 'clubs', 'spades'] as const;
export type BlotSuit = (typeof blotSuits)[number];

/** Card values as the spec writes them, all strings so one type covers the pips and the faces. */
export const blotValues = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type BlotValue = (typeof blotValues)[number];

/** A contract: a trump suit, or Anxoz (no trump). */
export const blotContracts = [...blotSuits, 'anxoz'] as const;
export type BlotContract = (typeof blotContracts)[number];

/** What the second bidding round offers (the face-up card's suit is refused by the rules). */
export const blotTrumpChoices = [...blotContracts, 'pass'] as const;
export type BlotTrumpChoice = (typeof blotTrumpChoices)[number];

export const combinationDecisions = ['announce', 'cancel'] as const;
export type CombinationDecision = (typeof combinationDecisions)[number];

/**
 * Spec §3 Card. `_id` is unique within the whole game: the deal number, the value and the suit
 * (`r3-10h` is the ten of hearts of the third deal), so a card seen in an earlier deal never names a
 * card of the current one.
 */
export interface BlotCard {
  _id: string;
  value: BlotValue;
  suit: BlotSuit;
}

export const blotCard = z.object({
  _id: z.string({ error: 'card must name a card' }).min(1).max(16),
  value: z.enum(blotValues, { error: 'Unknown card value' }),
  suit: z.enum(blotSuits, { error: 'Unknown card suit' }),
});

// ---- Constants (spec §9, blot.md) ----

export const BLOT_TARGET = 101;
export const BLOT_HAND_SIZE = 8;
export const BLOT_DECK_SIZE = 32;
export const BLOT_TRICKS_PER_ROUND = 8;
/** Every action (bid, decision, card) has this long; then the server acts for the player. */
export const BLOT_TURN_MS = 25_000;
/** The round-result popup; the next deal comes when it is over. */
export const BLOT_ROUND_RESULTS_MS = 5500;
/** 'Round canceled. Starting a new round...'; the new deal comes when it is over. */
export const BLOT_ROUND_CANCELED_MS = 3000;
/** The end popup shows win or lose this long after the game completes (client side). */
export const BLOT_END_RESULT_DELAY_MS = 3000;
export const BLOT_CHAT_MS = 3000;
/** Automatic (timed-out) actions in a row that forfeit the game (DESIGN.md §5). */
export const BLOT_AUTO_ACTIONS_TO_FORFEIT = 3;
export const BLOT_LAST_TRICK_BONUS = 10;
export const BLOT_KAPUT_BONUS = 50;
export const BLOT_BLOT_POINTS = 20;

/** Card points per column of blot.md §2 (spec §9). */
export const blotCardPoints: Record<'trump' | 'plain' | 'anxoz', Record<BlotValue, number>> = {
  trump: { '7': 0, '8': 0, '9': 14, '10': 10, J: 20, Q: 3, K: 4, A: 11 },
  plain: { '7': 0, '8': 0, '9': 0, '10': 10, J: 2, Q: 3, K: 4, A: 11 },
  anxoz: { '7': 0, '8': 0, '9': 0, '10': 10, J: 2, Q: 3, K: 4, A: 19 },
};

export const blotCombinationKinds = ['tierce', 'fifty', 'hundred', 'fourX'] as const;
export type BlotCombinationKind = (typeof blotCombinationKinds)[number];

/** Sequence values by kind; fourX by rank (four 8s and four 7s are no combination). */
export const blotSequencePoints: Record<Exclude<BlotCombinationKind, 'fourX'>, number> = { tierce: 20, fifty: 50, hundred: 100 };
export const blotFourXPoints: Partial<Record<BlotValue, number>> = { J: 200, '9': 150, A: 100, '10': 100, K: 100, Q: 100 };

// ---- Phases (spec §4) ----

export const blotPhases = [
  'initial-deal',
  'deal-initial-cards',
  'face-up-card-taken',
  'face-up-card-skeeped',
  'deal-remaining-cards',
  'trump-decision',
  'trump-selection',
  'trump-final-selection',
  'in-progress',
  'card-played',
  'trick-in-progress',
  'trick-completed',
  'round-completed',
  'round-canceled',
  'game-completed',
  'game-canceled',
] as const;
export type BlotPhase = (typeof blotPhases)[number];

// ---- Bodies (spec §7); each names the game and may name the version it was made on ----

/** POST /api/blot/make-move: a card; in trick 1, with the Announce/Cancel decision when one is due. */
export const blotMakeMoveBody = gameRef.extend({
  card: blotCard,
  combinationDecision: z.enum(combinationDecisions, { error: 'combinationDecision must be announce or cancel' }).optional(),
});
export type BlotMakeMoveBody = z.input<typeof blotMakeMoveBody>;

/** POST /api/blot/trump-decision: round 1, Take (true) or Pass (false) the face-up card. */
export const blotTrumpDecisionBody = gameRef.extend({
  takeCard: z.boolean({ error: 'takeCard must be true or false' }),
});
export type BlotTrumpDecisionBody = z.input<typeof blotTrumpDecisionBody>;

/** POST /api/blot/trump-selection: round 2, a suit, Anxoz, or Pass. */
export const blotTrumpSelectionBody = gameRef.extend({
  suit: z.enum(blotTrumpChoices, { error: 'suit must be hearts, diamonds, clubs, spades, anxoz or pass' }),
});
export type BlotTrumpSelectionBody = z.input<typeof blotTrumpSelectionBody>;

/** POST /api/blot/final-trump-decision: 'With Card' (true) or 'Without' (false). */
export const blotFinalTrumpDecisionBody = gameRef.extend({
  withCard: z.boolean({ error: 'withCard must be true or false' }),
});
export type BlotFinalTrumpDecisionBody = z.input<typeof blotFinalTrumpDecisionBody>;

/**
 * The move the rules apply: one shape per route, `type` being the route's last segment. The server
 * passes the body's fields through, without `gameId` and `v`.
 */
export const blotMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('make-move'), card: blotCard, combinationDecision: z.enum(combinationDecisions).optional() }),
  z.object({ type: z.literal('trump-decision'), takeCard: z.boolean() }),
  z.object({ type: z.literal('trump-selection'), suit: z.enum(blotTrumpChoices) }),
  z.object({ type: z.literal('final-trump-decision'), withCard: z.boolean() }),
]);
export type BlotMove = z.infer<typeof blotMove>;

// ---- The view ----

/** A card on the table (spec: playedCards). `autoPlayed`: the server played it at the deadline. */
export interface BlotPlayedCard extends BlotCard {
  player: string;
  autoPlayed: boolean;
}

/** Spec: lastPlayedCards, the last completed trick, leader first. */
export interface BlotTrickCard {
  card: BlotCard;
  playerId: string;
}

/** Spec: combinations per user, as counts of each kind; `blot` is 1 when the player holds trump K+Q. */
export type BlotCombinationCounts = Record<BlotCombinationKind | 'blot', number>;

/** One detected combination (blot.md §6.1). `cards` in natural order, lowest first. */
export interface BlotCombination {
  kind: BlotCombinationKind;
  points: number;
  cards: BlotCard[];
}

/** The last action a player took this round, for the speech bubble by their seat. */
export type BlotPlayerAction = 'take' | 'pass' | BlotContract | 'with-card' | 'without' | 'announce';

/** How one player's round total was made (blot.md §7), before the failed-contract rule. */
export interface BlotScoreBreakdown {
  cards: number;
  lastTrick: number;
  combinations: number;
  blot: number;
  kaput: number;
  total: number;
}

/**
 * A completed round as the viewer sees it (spec: roundResults.details). `mePoints`/`opponentPoints` are
 * the table points, `rawMe`/`rawOpponent` the points after the failed-contract rule and before rounding.
 */
export interface BlotRoundResultRow {
  round: number;
  /** "R3 · ♥ · You", "R4 · Anxoz · Opponent (inside)"; `blotRoundName` rebuilds it with a nickname. */
  name: string;
  winnerId: string;
  takerId: string;
  contract: BlotContract;
  /** The taker failed ("inside"): every point went to the other player. */
  inside: boolean;
  mePoints: number;
  opponentPoints: number;
  totalMe: number;
  totalOpponent: number;
  rawMe: number;
  rawOpponent: number;
  me: BlotScoreBreakdown;
  opponent: BlotScoreBreakdown;
}

export interface BlotRoundResults {
  /** Winner of the last completed round (the taker if made, else the other player); null before one. */
  winnerId: string | null;
  details: BlotRoundResultRow[];
}

/** What the rules add to the common game view (the server adds GameViewBase's own fields). */
export interface BlotViewFields {
  phase: BlotPhase;
  /** Whose action is awaited; null during the pauses and once the game is over. */
  turn: string | null;
  /** Counts deals, canceled ones included (1 = the first deal). */
  dealNumber: number;
  dealer: string;
  /**
   * Spec: hands per user. Only the viewer's own hand is sent; the opponent's key is absent and
   * `handCounts` says how many cards they hold.
   */
  hands: Record<string, BlotCard[]>;
  handCounts: Record<string, number>;
  /** The viewer's first five cards of this deal (the opponent's are not sent). */
  initialCards: Record<string, BlotCard[]>;
  /** The face-up card of this deal, public from the deal to the end of the round, taken or not. */
  faceUpCardCopy: BlotCard | null;
  faceUpCardTakenBy: string | null;
  /** The contract (a suit or 'anxoz'), null while bidding. */
  trumpSuit: BlotContract | null;
  /** The taker. */
  trumpSuitSelectedBy: string | null;
  /** In trump-final-selection: the contract chosen, before 'With Card' / 'Without'. */
  proposedTrump: BlotContract | null;
  /** The current trick's cards on the table, leader first (0 or 1 between actions). */
  playedCards: BlotPlayedCard[];
  /** The last completed trick of this round, leader first; [] before the first. */
  lastPlayedCards: BlotTrickCard[];
  /** Who took the last completed trick. */
  trickWinner: string | null;
  /** Cards played this round (0–16): the trick under way is floor(moveCounter / 2) + 1. */
  moveCounter: number;
  /**
   * Per user: the viewer's own detected combinations; the opponent's kinds once announced (zero before
   * or when canceled) and their blot once played.
   */
  combinations: Record<string, BlotCombinationCounts>;
  /** The viewer's own combinations with their cards; the opponent's once shown (showCombinations). */
  combinationCards: Record<string, BlotCombination[]>;
  /** Whose announced combinations won the comparison after trick 1 (null: none, a tie, or not yet). */
  winnerCombinations: string | null;
  /**
   * True when the player gave up their combinations or had none. The opponent's value is only shown
   * once they have played their first card (false before), so it never tells that they hold one.
   */
  skipCombinationDecisions: Record<string, boolean>;
  /** The viewer must send combinationDecision with their next card. */
  combinationDecisionRequired: boolean;
  /** True for the combination winner during trick 2, while their combination cards are on show. */
  canOpenCards: Record<string, boolean>;
  /** The combination winner's cards are public from trick 2 to the end of the round. */
  showCombinations: boolean;
  /** "Blot": the player has played the first of trump K/Q. */
  blotAnnounced: Record<string, boolean>;
  playerActions: Record<string, BlotPlayerAction | null>;
  /** Card points taken in tricks this round so far (+10 once the last trick is taken). */
  roundPoints: Record<string, number>;
  roundResults: BlotRoundResults;
  /** The viewer's cards that may be played now ([] unless it is the viewer's card to play). */
  legalCards: string[];
  /** The transient phases the last change passed through, in order (for animations). */
  phaseEvents: BlotPhase[];
  /** Automatic actions in a row per player; at BLOT_AUTO_ACTIONS_TO_FORFEIT the player forfeits. */
  autoActions: Record<string, number>;
  /** Points toward 101 per player. */
  totalGamePoints: Record<string, number>;
  playerColors: Record<string, string>;
  timerStartTime: number | null;
}

export interface BlotGameView extends GameViewBase, BlotViewFields {
  gameMode: 'blot';
  phase: BlotPhase;
  turn: string | null;
  totalGamePoints: Record<string, number>;
  playerColors: Record<string, string>;
  timerStartTime: number | null;
}

// ---- Texts (spec §4, §8) ----

export const blotText = {
  notYourTurn: gameText.notYourTurn,
  makeMoveFailed: 'Failed to make move',
  trumpDecisionFailed: 'Failed to make trump decision',
  trumpSelectionFailed: 'Failed to select trump',
  finalTrumpDecisionFailed: 'Failed to make final trump decision',
  roundCanceled: 'Round canceled. Starting a new round...',
  take: 'Take',
  pass: 'Pass',
  withCard: 'With Card',
  without: 'Without',
  announce: 'Announce',
  cancel: 'Cancel',
  anxoz: 'Anxoz',
  blot: 'Blot',
  reblot: 'Reblot',
  inside: 'inside',
} as const;

export const blotCombinationNames: Record<BlotCombinationKind | 'blot', string> = {
  tierce: 'Tierce',
  fifty: 'Fifty',
  hundred: 'Hundred',
  fourX: 'Four of a kind',
  blot: 'Blot',
};

export const blotSuitSymbols: Record<BlotSuit, string> = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };

/** "R3 · ♥ · Alice", "R4 · Anxoz · Bob (inside)" (blot.md §8). */
export function blotRoundName(row: Pick<BlotRoundResultRow, 'round' | 'contract' | 'inside'>, takerName: string): string {
  const contract = row.contract === 'anxoz' ? blotText.anxoz : blotSuitSymbols[row.contract];
  return `R${row.round} · ${contract} · ${takerName}${row.inside ? ` (${blotText.inside})` : ''}`;
}
