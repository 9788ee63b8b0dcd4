import type {
  BlotCard,
  BlotCombination,
  BlotContract,
  BlotPhase,
  BlotPlayedCard,
  BlotPlayerAction,
  BlotScoreBreakdown,
  CombinationDecision,
} from '../../protocol/blot.ts';
import type { EndReason } from '../../protocol/game.ts';
import type { Rng } from '../random.ts';

/** The stored state (plain JSON, the game row's jsonb). Only `view` turns it into what a player sees. */

/** The phases the state rests in; the others of spec §4 are passed through and listed in phaseEvents. */
export type BlotRestPhase =
  | 'trump-decision'
  | 'trump-selection'
  | 'trump-final-selection'
  | 'in-progress'
  | 'trick-in-progress'
  | 'round-completed'
  | 'round-canceled'
  | 'game-completed';

export interface CompletedTrick {
  /** Leader first. */
  cards: BlotPlayedCard[];
  winner: string;
}

export interface BlotRound {
  dealNumber: number;
  dealer: string;
  /** E, the non-dealer: bids first, is dealt first, leads trick 1. */
  elder: string;
  /** Secret: each player's cards. */
  hands: Record<string, BlotCard[]>;
  initialCards: Record<string, BlotCard[]>;
  faceUp: BlotCard;
  faceUpTakenBy: string | null;
  /** Secret: the undealt cards (16 after the deal with the face-up card taken, 15 without). */
  stock: BlotCard[];
  contract: BlotContract | null;
  taker: string | null;
  /** trump-final-selection: the round-2 choice awaiting With Card / Without. */
  proposed: BlotContract | null;
  playerActions: Record<string, BlotPlayerAction | null>;
  /** Detected on the 8-card hands (secret until announced, and the cards until shown). */
  combinations: Record<string, BlotCombination[]>;
  blotHolder: string | null;
  /** Announce/Cancel per player; null: undecided, or nothing to decide (empty `combinations`). */
  decisions: Record<string, CombinationDecision | null>;
  /** Set after trick 1. */
  combinationWinner: string | null;
  blotAnnounced: Record<string, boolean>;
  /** The trick on the table, leader first. */
  trick: BlotPlayedCard[];
  tricks: CompletedTrick[];
}

/** A completed round, kept for the results popup and the audit. */
export interface BlotRoundRecord {
  round: number;
  dealNumber: number;
  dealer: string;
  taker: string;
  contract: BlotContract;
  takesFaceUp: boolean;
  made: boolean;
  winnerId: string;
  breakdown: Record<string, BlotScoreBreakdown>;
  raw: Record<string, number>;
  table: Record<string, number>;
  /** Match totals after this round. */
  totals: Record<string, number>;
}

export interface BlotState {
  players: [string, string];
  rng: Rng;
  phase: BlotRestPhase;
  /** The transient phases the last change passed through. */
  phaseEvents: BlotPhase[];
  /** Whose action is awaited; null in the pauses and at the end. */
  turn: string | null;
  /** Start of the current action's 25 s, or of the current pause. */
  timerStartTime: number;
  round: BlotRound;
  /** Points toward 101. */
  totals: Record<string, number>;
  results: BlotRoundRecord[];
  /** Automatic actions in a row per player. */
  autoActions: Record<string, number>;
  winnerId: string | null;
  loserId: string | null;
  endReason: EndReason;
}
