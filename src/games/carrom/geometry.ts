import {
  CARROM_BOARD_SIZE,
  CARROM_MIN_PULL,
  boardAngle,
  boardToScreen,
  pullOfDrag,
  screenPixels,
  screenToBoard,
  shotSpeed,
  type BoardPoint,
  type BoardProjection,
  type CarromShot,
  type ScreenPoint,
} from '../../../protocol/carrom.ts';
import { normaliseAngle } from '../../../rules/carrom/index.ts';

/**
 * The screen's geometry, pure: where the board sits on the canvas, what the striker slider means, and
 * what a drag back from the striker asks for. Board units and screen pixels only meet through the
 * protocol's projection (boardToScreen / screenToBoard), so both phones agree on every shot.
 */

/** The wooden frame around the playing surface, in board units on each side (the pockets bite into it). */
export const FRAME_UNITS = 14;
/** The canvas side that shows one board unit per CSS pixel. */
export const UNIT_SCALE_SIZE = CARROM_BOARD_SIZE + 2 * FRAME_UNITS;
/** A press this close to the striker's centre (board units) picks it up for aiming: a thumb's reach. */
export const GRAB_RADIUS = 30;

/** The projection of a square canvas `size` CSS pixels wide, turned 180° for black (own baseline at the bottom). */
export function projectionFor(size: number, flipped: boolean): BoardProjection {
  const scale = size / UNIT_SCALE_SIZE;
  const origin = screenPixels(FRAME_UNITS * scale);
  return { scale, flipped, originX: origin, originY: origin };
}

/**
 * The slider runs left to right on the player's screen; on black's turned board that is the board's x
 * backwards. The baseline's range (65–235) is symmetric about the centre, so the slider's is the same.
 */
export const sliderToBoardX = (value: number, flipped: boolean): number => (flipped ? CARROM_BOARD_SIZE - value : value);
export const boardXToSlider = sliderToBoardX;

/** True when a press at `pointer` is on (or near enough to) the striker to aim with it. */
export function grabsStriker(striker: BoardPoint, pointer: ScreenPoint, view: BoardProjection): boolean {
  const at = screenToBoard(pointer, view);
  return Math.hypot(at.x - striker.x, at.y - striker.y) <= GRAB_RADIUS;
}

export interface Aim {
  /** The direction the striker would travel, radians on the board (x right, y down), in [−π, π). */
  angle: number;
  /** The pull (the move's hitStrength): the drag's length in board units, at most 60. */
  pull: number;
  /** The pull is long enough to be a shot (spec §5: at least 18). */
  strong: boolean;
}

/** A slingshot: the striker goes the opposite way to the drag, as hard as the drag is long. */
export function aimOf(striker: BoardPoint, pointer: ScreenPoint, view: BoardProjection): Aim {
  const from = boardToScreen(striker, view);
  const dx = from.x - pointer.x;
  const dy = from.y - pointer.y;
  const pull = pullOfDrag(screenPixels(Math.hypot(dx, dy)), view);
  return { angle: normaliseAngle(boardAngle(Math.atan2(dy, dx), view)), pull, strong: pull >= CARROM_MIN_PULL };
}

/** The move an aim released over the striker at `strikerX` makes, or null for a pull too short to shoot. */
export function shotOf(aim: Aim, playerId: string, strikerX: number): CarromShot | null {
  if (!aim.strong) return null;
  return { playerId, strikerPosition: strikerX, angle: aim.angle, speed: shotSpeed(aim.pull), hitStrength: aim.pull };
}
