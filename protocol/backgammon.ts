import { z } from 'zod';
import { gameRef, type GameViewBase } from './game.ts';

/** Backgammon on the wire (spec §3 Backgammon game, §4 phases, §9 constants; ../shared/rules/backgammon.md). */

export const BACKGAMMON_CHECKERS = 15;
export const BACKGAMMON_SLOTS = 28;
/** The move timer ring: a turn's deadline is its timerStartTime plus this. */
export const BACKGAMMON_TURN_MS = 25_000;
/** With no legal move the client sends the empty move after this long. */
export const AUTO_EMPTY_MOVE_MS = 2500;
/** With no legal move, the server passes for an absent player this long after the turn started. */
export const FORCED_PASS_MS = AUTO_EMPTY_MOVE_MS + 2000;
/** The opening roll's animation (`game-start`); the first turn's timer starts once it is over. */
export const BACKGAMMON_OPENING_ROLL_MS = 1000;
/** Automatic (timed-out) turns in a row that forfeit the game (DESIGN.md §5). */
export const BACKGAMMON_AUTO_TURNS_TO_FORFEIT = 3;
export const BACKGAMMON_CONFETTI_PIECES = 200;
export const BACKGAMMON_CONFETTI_MS = 4000;
export const BACKGAMMON_DIE_FACES = 6;

/**
 * Wire slots: points 1–24; white moves 24 → 1 and bears off from 1–6, black moves 1 → 24 and bears off
 * from 19–24. A hit checker waits on its own bar; a borne-off checker lies in its own tray.
 */
export const WHITE_BAR = 25;
export const BLACK_BAR = 26;
export const WHITE_OFF = 27;
export const BLACK_OFF = 28;

export const backgammonColors = ['white', 'black'] as const;
export type BackgammonColor = (typeof backgammonColors)[number];

/**
 * One checker moved by one die. `currentPoint` is a point 1–24 or the mover's bar (25 white, 26 black);
 * `targetPoint` a point 1–24 or the mover's tray (27 white, 28 black). `diceUsed` names the die: for a
 * bear-off with a higher die it is that die, not the distance.
 */
export const backgammonStep = z.object({
  currentPoint: z.number({ error: 'currentPoint must be a point' }).int().min(1).max(BLACK_BAR),
  targetPoint: z.number({ error: 'targetPoint must be a point' }).int().min(1).max(BLACK_OFF),
  diceUsed: z.number({ error: 'diceUsed must be a die' }).int().min(1).max(BACKGAMMON_DIE_FACES),
});
export type BackgammonStep = z.infer<typeof backgammonStep>;

/** POST /api/move-backgammon-checker: the whole turn at once; an empty list only when nothing can move. */
export const backgammonMoveBody = gameRef.extend({
  moves: z.array(backgammonStep, { error: 'moves must be a list' }).max(4, { error: 'At most four moves a turn' }),
});
export type BackgammonMoveBody = z.input<typeof backgammonMoveBody>;

/**
 * A player's phase (spec §4), from the viewer's side. `game-start` shows the opening roll for
 * BACKGAMMON_OPENING_ROLL_MS (both players), then the starter is in `move-checker` and the other in
 * `opponent-move`; the server accepts the starter's move during `game-start` too. The server rolls the
 * next player's dice as soon as a turn ends, so a rules view never says `roll-dice`: it is the client's
 * dice animation at the start of its own turn, between `opponent-move` and `move-checker`.
 */
export type BackgammonPhase = 'game-start' | 'roll-dice' | 'move-checker' | 'opponent-move' | 'game-completed' | 'game-canceled';

/** `_id` is stable for the whole game (`w1`–`w15`, `b1`–`b15`), so the client can animate a checker. */
export interface BackgammonChecker {
  _id: string;
  owner: string;
  color: BackgammonColor;
}

/**
 * A slot of the board. `x`, `y` place it in a fixed 1000 × 800 viewBox with white's home at the bottom
 * right (as white sees it; a client may turn the board 180° for black):
 * - points 1–12 along the bottom edge (1 at the right, y = 770), their stacks growing upward;
 * - points 13–24 along the top edge (13 at the left, y = 30), their stacks growing downward;
 * - each point 60 wide, centres x = 70…370 left of the bar and 510…810 right of it;
 * - bars on the middle column x = 440: white's (25) at y = 330 growing upward, black's (26) at y = 470
 *   growing downward;
 * - trays at x = 910: white's (27) bottom right at y = 770 growing upward, black's (28) top right at
 *   y = 30 growing downward.
 * `checkers` are listed bottom of the stack first; the last one is the one that moves next.
 */
export interface BackgammonSlot {
  point: number;
  x: number;
  y: number;
  checkers: BackgammonChecker[];
}

/** A step as it was played, with the checker that moved and the one it hit. */
export interface BackgammonPlayedStep extends BackgammonStep {
  checkerId: string;
  hitCheckerId: string | null;
}

/** One turn of the history. An empty `moves` is a pass (no legal move). */
export interface BackgammonTurnRecord {
  turnNumber: number;
  playerId: string;
  color: BackgammonColor;
  dice: [number, number];
  moves: BackgammonPlayedStep[];
  /** Played by the server at the deadline (the seeded source chose the sequence). */
  autoPlayed: boolean;
}

/** One opening throw: each side's die. Ties are thrown again; the last throw decides who starts. */
export interface BackgammonOpeningRoll {
  white: number;
  black: number;
}

/** What the rules add to the common game view (the server adds GameViewBase's own fields). */
export interface BackgammonViewFields {
  phase: BackgammonPhase;
  /** Whose turn it is (the player to move), null once the game is over. */
  turn: string | null;
  /** 28 slots in point order 1…28. */
  board: BackgammonSlot[];
  /** The current turn's two dice (equal values: four moves). */
  dice: [number, number];
  /**
   * True during the first turn: its dice are the opening throw, one die from each player, shifted over
   * to the starter's side.
   */
  hasShiftedDice: boolean;
  openingRolls: BackgammonOpeningRoll[];
  /** Counts the turns (1 = the opening turn), so a repeated roll still reads as a new one. */
  turnNumber: number;
  /**
   * The viewer's legal moves when it is the viewer's turn, else []: every distinct final position once,
   * each as one step sequence. Empty on the viewer's turn: no legal move, send `moves: []`.
   */
  possibleMoves: BackgammonStep[][];
  moveHistory: BackgammonTurnRecord[];
  playerColors: Record<string, BackgammonColor>;
  /** Checkers borne off per player (spec's game points). */
  totalGamePoints: Record<string, number>;
  borneOff: Record<string, number>;
  pipCounts: Record<string, number>;
  /** Automatic turns in a row per player; at BACKGAMMON_AUTO_TURNS_TO_FORFEIT the player forfeits. */
  autoTurns: Record<string, number>;
  timerStartTime: number | null;
  deadlineAt: number | null;
}

export interface BackgammonGameView extends GameViewBase, BackgammonViewFields {
  gameMode: 'backgammon';
  phase: BackgammonPhase;
  turn: string | null;
  playerColors: Record<string, BackgammonColor>;
  totalGamePoints: Record<string, number>;
  timerStartTime: number | null;
  deadlineAt: number | null;
}
