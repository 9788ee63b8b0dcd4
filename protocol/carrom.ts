import { z } from 'zod';
import { gameRef, type GameViewBase } from './game.ts';

/** Carrom on the wire (spec §3 Carrom game, §4 phases, §5, §9 constants; ../shared/rules/carrom.md). */

// ---- The page's constants (spec §9). Lengths are board units, speeds board units per second. ----

export const CARROM_BOARD_SIZE = 300;
export const CARROM_COIN_RADIUS = 11;
export const CARROM_STRIKER_RADIUS = 15;
export const CARROM_POCKET_RADIUS = 16;
/** Each pocket's centre sits this far in from both walls of its corner. */
export const CARROM_POCKET_OFFSET = 8;
export const CARROM_STEPS_PER_SECOND = 45;
/** Every velocity is multiplied by this once per step. */
export const CARROM_FRICTION = 0.975;
/** A piece slower than this (units/s) after a step stops. */
export const CARROM_STOP_SPEED = 0.2;
/** A wall keeps this share of the speed across it. */
export const CARROM_WALL_RESTITUTION = 0.8;
/** The striker's speed at full pull (units/s). */
export const CARROM_POWER_SCALE = 200;
export const CARROM_MAX_PULL = 60;
/** A pull below this is no shot (spec §5): the client sends nothing, the server refuses it. */
export const CARROM_MIN_PULL = 18;
/** A shot ends when every piece rests, or after this many steps (30 s) with everything stopped where it is. */
export const CARROM_MAX_SHOT_STEPS = CARROM_STEPS_PER_SECOND * 30;
export const CARROM_COINS_PER_PLAYER = 9;

/** Each side's baseline (the striker's y): white shoots from the bottom, black from the top. */
export const CARROM_BASELINE_Y = { white: 250, black: 50 } as const;
export const CARROM_STRIKER_MIN_X = 65;
export const CARROM_STRIKER_MAX_X = 235;
/** Striker to coin centre distance the placement keeps (coin radius + striker radius). */
export const CARROM_STRIKER_CLEARANCE = CARROM_COIN_RADIUS + CARROM_STRIKER_RADIUS;
/** When the asked-for spot touches a coin, the nearest free spot is searched in steps of this along the baseline. */
export const CARROM_STRIKER_SEARCH_STEP = 5;

/** The turn timer ring: the deadline is timerStartTime plus this. */
export const CARROM_TURN_MS = 22_000;
/** The ring's length when the client knows no start time (it counts from when the update arrived). */
export const CARROM_TURN_MS_WITHOUT_START = 20_000;
/** Timed-out turns in a row that forfeit the game (DESIGN.md §5). */
export const CARROM_TIMEOUTS_TO_FORFEIT = 3;
/** After the end the screen returns to /game after this long (spec §4). */
export const CARROM_END_REDIRECT_MS = 1_200_000;
/** How far the move's `speed` may stray from the speed its `hitStrength` gives (units/s), so rounding passes. */
export const CARROM_SPEED_TOLERANCE = 0.5;

/** The striker's initial speed (units/s) for a pull: (pull / 60) × 200. The one formula both sides use. */
export const shotSpeed = (hitStrength: number): number => (hitStrength / CARROM_MAX_PULL) * CARROM_POWER_SCALE;

// ---- Coordinates: board units and screen pixels never mix (STYLE.md, excalidraw's branded points). ----

declare const unit: unique symbol;
/** A length or coordinate on the 300 × 300 board: x to the right, y down, white's baseline at y = 250. */
export type BoardUnits = number & { readonly [unit]: 'board' };
/** A length or coordinate on the canvas, in CSS pixels. */
export type ScreenPixels = number & { readonly [unit]: 'screen' };
export const boardUnits = (n: number): BoardUnits => n as BoardUnits;
export const screenPixels = (n: number): ScreenPixels => n as ScreenPixels;

export interface BoardPoint {
  x: BoardUnits;
  y: BoardUnits;
}
export interface ScreenPoint {
  x: ScreenPixels;
  y: ScreenPixels;
}

/**
 * How a canvas shows the board: `scale` pixels per board unit, the board's top-left corner at
 * (`originX`, `originY`), and `flipped` (turned 180°) for the black player, so that each player's own
 * baseline is at the bottom of their screen (../shared/rules/carrom.md).
 */
export interface BoardProjection {
  scale: number;
  flipped: boolean;
  originX: ScreenPixels;
  originY: ScreenPixels;
}

export function boardToScreen(point: BoardPoint, view: BoardProjection): ScreenPoint {
  const x = view.flipped ? CARROM_BOARD_SIZE - point.x : point.x;
  const y = view.flipped ? CARROM_BOARD_SIZE - point.y : point.y;
  return { x: screenPixels(view.originX + x * view.scale), y: screenPixels(view.originY + y * view.scale) };
}

export function screenToBoard(point: ScreenPoint, view: BoardProjection): BoardPoint {
  const x = (point.x - view.originX) / view.scale;
  const y = (point.y - view.originY) / view.scale;
  return view.flipped
    ? { x: boardUnits(CARROM_BOARD_SIZE - x), y: boardUnits(CARROM_BOARD_SIZE - y) }
    : { x: boardUnits(x), y: boardUnits(y) };
}

export const boardLength = (length: ScreenPixels, view: BoardProjection): BoardUnits => boardUnits(length / view.scale);
export const screenLength = (length: BoardUnits, view: BoardProjection): ScreenPixels => screenPixels(length * view.scale);

/** A direction measured on the screen (radians, y down) as the board's angle: turned by π for a flipped board. */
export const boardAngle = (screenAngle: number, view: BoardProjection): number => (view.flipped ? screenAngle + Math.PI : screenAngle);

/**
 * The pull (the move's `hitStrength`) of a drag: its length in board units, at most 60, so a shot feels
 * the same on every screen size (on the original 300-px board a unit is a pixel).
 */
export const pullOfDrag = (drag: ScreenPixels, view: BoardProjection): number =>
  Math.min(CARROM_MAX_PULL, Math.max(0, boardLength(drag, view)));

// ---- The move. ----

// Any JSON number passes the edge, so that the rules judge every value (422 with nothing changed);
// a missing field or a string is malformed input (400). JSON can still yield Infinity (`1e999`).
const numberField = (name: string) => z.custom<number>((value) => typeof value === 'number', { error: `${name} must be a number` });

/**
 * One shot (spec §7 make-carrom-move), every number in the board's frame whatever the shooter's screen:
 * - `playerId`: the shooter; must be the session's own user.
 * - `strikerPosition`: the striker's x on the shooter's baseline (65–235, board units). The server moves it
 *   to the nearest free spot when it touches a coin (steps of 5) and records where it really stood.
 * - `angle`: the direction of travel in radians on the board (x right, y down: straight up the board is
 *   −π/2); any finite value, normalised.
 * - `hitStrength`: the pull, 18–60 (`pullOfDrag`). It alone decides the striker's speed.
 * - `speed`: the speed the client computed, `shotSpeed(hitStrength)` units/s. The server computes its own
 *   and refuses a move whose `speed` strays by more than CARROM_SPEED_TOLERANCE (a client using another
 *   formula would animate a shot other than the one played).
 * Ranges and finiteness are checked by the rules (422), the shape here (400).
 */
export const carromShot = z.object(
  {
    playerId: z.string({ error: 'playerId must be your user id' }).min(1).max(64),
    strikerPosition: numberField('strikerPosition'),
    angle: numberField('angle'),
    speed: numberField('speed'),
    hitStrength: numberField('hitStrength'),
  },
  { error: 'move must be a shot' },
);
export type CarromShot = z.infer<typeof carromShot>;

/** POST /api/make-carrom-move. */
export const carromMoveBody = gameRef.extend({ move: carromShot });
export type CarromMoveBody = z.input<typeof carromMoveBody>;

// ---- The view. ----

export const carromColors = ['white', 'black'] as const;
export type CarromColor = (typeof carromColors)[number];
export type CarromCoinType = CarromColor | 'queen';
/** `pocketed` only lasts inside a shot: the same shot covers the queen (`secured`) or returns it (`onBoard`). */
export type CarromQueenState = 'onBoard' | 'pocketed' | 'secured';

/**
 * A player's phase (spec §4), from the viewer's side. The rules say `player-turn`, `opponent-turn` or
 * `game-completed`; the client shows `move-execution` while it replays a shot it has not seen
 * (`lastMove.shotNumber` is new), and the server says `game-canceled`.
 */
export type CarromPhase = 'player-turn' | 'opponent-turn' | 'move-execution' | 'game-canceled' | 'game-completed';

/**
 * One of the 19 pieces (`w1`–`w9`, `b1`–`b9`, `queen`; ids stable for the game). All 19 are always listed:
 * a pocketed one has `isProcessed: true` and lies at the centre of the pocket it fell into. Between shots
 * every velocity is zero; the field is there for the spec's shape.
 */
export interface CarromCoin {
  id: string;
  type: CarromCoinType;
  x: BoardUnits;
  y: BoardUnits;
  velocity: { x: number; y: number };
  isProcessed: boolean;
}

export type CarromFoul = 'striker-fell' | 'opponent-last-coin' | 'own-last-coin-before-queen';

/**
 * The last shot: what the client needs to replay it (spec: strikerPosition, angle, hitStrength) and what
 * came of it. Replay: `replayShot(lastMove, color)` from rules/carrom, one `stepShot` per 1/45 s, then
 * take `boardState` as final (the server's board is the truth).
 */
export interface CarromLastMove {
  /** Counts the game's shots from 1: a number the client has not replayed yet is a new shot. */
  shotNumber: number;
  playerId: string;
  /** Where the striker really stood (after the free-spot search), board units on the shooter's baseline. */
  strikerPosition: BoardUnits;
  /** Normalised to [−π, π). */
  angle: number;
  hitStrength: number;
  /** The speed the server used, `shotSpeed(hitStrength)`. */
  speed: number;
  /** The board the shot was played on. */
  coinsBefore: CarromCoin[];
  /** Fixed steps until everything rested (the replay lasts steps / 45 s). */
  steps: number;
  /** Pieces in the order they fell, `striker` included. */
  pocketed: string[];
  fouls: CarromFoul[];
  /** Pieces put back on the board after the shot (an uncovered queen, last coins, the penalty), in order. */
  returned: string[];
  queenCovered: boolean;
  /** The shooter shoots again. */
  turnKept: boolean;
}

/** What the rules add to the common game view (the server adds GameViewBase's own fields). */
export interface CarromViewFields {
  phase: CarromPhase;
  /** The player to shoot; null once the game is over. */
  turn: string | null;
  playerColors: Record<string, CarromColor>;
  /** Own coins pocketed per player. */
  totalGamePoints: Record<string, number>;
  boardState: { coins: CarromCoin[] };
  /** Per player the ids of their own coins in the pockets, in the order they went (the queen is not listed). */
  pocketedPieces: Record<string, string[]>;
  queenState: CarromQueenState;
  queenPocketedBy: string | null;
  /** The last shot's striker touched a piece. */
  strikerBeenHit: boolean;
  /** The last shot's striker fell into a pocket (a foul). */
  strikerFell: boolean;
  lastMove: CarromLastMove | null;
  /**
   * The turn's timer start (server clock). After a shot it is the end of the shot's replay (shot time +
   * steps / 45 s), so the next shooter gets the whole turn after watching; it may be in the future.
   */
  timerStartTime: number | null;
  /** The turn passed because the last one ran out (no shot was played). */
  timeoutTriggered: boolean;
  /** Timed-out turns in a row per player; at CARROM_TIMEOUTS_TO_FORFEIT the player forfeits. */
  timeouts: Record<string, number>;
  deadlineAt: number | null;
}

export interface CarromGameView extends GameViewBase, CarromViewFields {
  gameMode: 'carrom';
  phase: CarromPhase;
  turn: string | null;
  playerColors: Record<string, CarromColor>;
  totalGamePoints: Record<string, number>;
  timerStartTime: number | null;
  deadlineAt: number | null;
}
