import { BLACK_BAR, BLACK_OFF, WHITE_BAR, WHITE_OFF, type BackgammonColor } from '../../../protocol/backgammon.ts';

/**
 * Where things sit in the fixed 1000 × 800 viewBox (protocol/backgammon.ts BackgammonSlot), as the viewer
 * sees the board. The wire layout is white's view: white's home bottom right. Black sees it mirrored top
 * to bottom, which puts black's home (points 19–24) bottom right with its 1-point (wire 24) in the
 * corner, exactly as white sees its own: each player plays from the bottom, toward the bottom right.
 */

export const BOARD_WIDTH = 1000;
export const BOARD_HEIGHT = 800;
export const CHECKER_RADIUS = 28;
export const CHECKER_SIZE = CHECKER_RADIUS * 2;
/** A stack shows at most this many checkers; the top one carries the count. */
export const STACK_CAP = 5;
/** A borne-off checker lies on its side in the tray: a thin slab. */
export const TRAY_SLAB = 16;
export const TRAY_SLAB_SCALE = 0.27;
export const FIELD_TOP = 30;
export const FIELD_BOTTOM = 770;
export const MIDDLE_Y = BOARD_HEIGHT / 2;
export const POINT_WIDTH = 60;
export const POINT_DEPTH = 300;
export const BAR = { left: 400, right: 480 } as const;
export const TRAY = { left: 860, right: 960 } as const;
/** The two halves of the playing field (left of the bar, right of it). */
export const FIELDS = [
  { left: 40, right: 400 },
  { left: 480, right: 840 },
] as const;
/** The dice lie in the middle of a half: the player's own on the right, the opponent's on the left. */
export const DICE_CENTRES = { mine: { x: 660, y: MIDDLE_Y }, opponent: { x: 220, y: MIDDLE_Y } } as const;
export const DIE_SIZE = 72;

export const isFlipped = (viewer: BackgammonColor): boolean => viewer === 'black';
export const isTray = (point: number): boolean => point === WHITE_OFF || point === BLACK_OFF;
export const isBar = (point: number): boolean => point === WHITE_BAR || point === BLACK_BAR;

/** A slot on screen: the x of its centre line, the y of the edge its stack starts from, and which way it grows. */
export interface SlotPlace {
  point: number;
  x: number;
  edgeY: number;
  /** +1: the stack grows down the screen; -1: up. */
  grow: 1 | -1;
}

/** Points 1–12, white's bar and white's tray grow upward in the wire layout; the others downward. */
export function slotPlace(slot: { point: number; x: number; y: number }, flipped: boolean): SlotPlace {
  const growsUp = slot.point <= 12 || slot.point === WHITE_BAR || slot.point === WHITE_OFF;
  return {
    point: slot.point,
    x: slot.x,
    edgeY: flipped ? BOARD_HEIGHT - slot.y : slot.y,
    grow: growsUp !== flipped ? -1 : 1,
  };
}

export interface Spot {
  x: number;
  y: number;
}

/** The centre of the checker `index` places up a slot's stack (capped: the rest lie under the top one). */
export function checkerSpot(place: SlotPlace, index: number): Spot {
  if (isTray(place.point)) return { x: place.x, y: place.edgeY + place.grow * (TRAY_SLAB / 2 + index * TRAY_SLAB) };
  const shown = Math.min(index, STACK_CAP - 1);
  return { x: place.x, y: place.edgeY + place.grow * (CHECKER_RADIUS + shown * CHECKER_SIZE) };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The half of the board a slot's stack lives in: what a tap on that slot may hit. */
export function tapArea(place: SlotPlace): Rect {
  const upper = place.edgeY < MIDDLE_Y;
  const y = upper ? FIELD_TOP : MIDDLE_Y;
  const height = (upper ? MIDDLE_Y : FIELD_BOTTOM) - y;
  if (isTray(place.point)) return { x: TRAY.left, y, width: TRAY.right - TRAY.left, height };
  if (isBar(place.point)) return { x: BAR.left, y, width: BAR.right - BAR.left, height };
  return { x: place.x - POINT_WIDTH / 2, y, width: POINT_WIDTH, height };
}

/** A point's triangle, from its edge toward the middle. */
export function trianglePath(place: SlotPlace): string {
  const half = POINT_WIDTH / 2 - 2;
  const apex = place.edgeY + place.grow * POINT_DEPTH;
  return `M${place.x - half} ${place.edgeY}L${place.x + half} ${place.edgeY}L${place.x} ${apex}Z`;
}

/** A rectangle as percentages of the board, for DOM elements laid over the SVG. */
export function percentBox(rect: Rect): { left: string; top: string; width: string; height: string } {
  return {
    left: `${(rect.x / BOARD_WIDTH) * 100}%`,
    top: `${(rect.y / BOARD_HEIGHT) * 100}%`,
    width: `${(rect.width / BOARD_WIDTH) * 100}%`,
    height: `${(rect.height / BOARD_HEIGHT) * 100}%`,
  };
}
