import {
  BACKGAMMON_CHECKERS,
  BLACK_BAR,
  BLACK_OFF,
  WHITE_BAR,
  WHITE_OFF,
  type BackgammonColor,
} from '../../protocol/backgammon.ts';

/**
 * The board in its three shapes:
 * - `Slots` (the stored state): for each wire slot 1–28 the ids of the checkers on it, bottom first.
 *   Plain JSON, and it keeps each checker's identity so the client can animate it.
 * - `WireBoard`: signed counts by wire slot (index 0 unused), white positive, black negative. What the
 *   client can rebuild from a view, and the input of the move helpers.
 * - `OwnBoard`: 26 signed counts from the mover's side, the fast form move generation works on. Index
 *   1–24 are the mover's points numbered so the mover always moves down (white: the wire point; black:
 *   25 − the wire point), 25 the mover's bar, 0 the mover's tray; the mover's checkers count positive,
 *   the opponent's negative. The opponent's bar and tray are not in it: they follow from the rest.
 */

export type Slots = string[][];
export type WireBoard = readonly number[];
export type OwnBoard = Int8Array;

export const OWN_BAR = 25;
export const OWN_OFF = 0;
/** Own points 7–24 and the bar are outside the home board. */
export const HOME_TOP = 6;

export const otherColor = (color: BackgammonColor): BackgammonColor => (color === 'white' ? 'black' : 'white');
export const barOf = (color: BackgammonColor): number => (color === 'white' ? WHITE_BAR : BLACK_BAR);
export const trayOf = (color: BackgammonColor): number => (color === 'white' ? WHITE_OFF : BLACK_OFF);
export const colorOfChecker = (id: string): BackgammonColor => (id.startsWith('w') ? 'white' : 'black');

/** Standard start: white 2 on 24, 5 on 13, 3 on 8, 5 on 6; black the mirror image. */
const START: readonly (readonly [number, number])[] = [
  [24, 2],
  [13, 5],
  [8, 3],
  [6, 5],
];

export function startSlots(): Slots {
  const slots: Slots = Array.from({ length: WHITE_OFF + 2 }, () => []);
  for (const color of ['white', 'black'] as const) {
    let n = 0;
    for (const [whitePoint, count] of START) {
      const point = color === 'white' ? whitePoint : 25 - whitePoint;
      for (let i = 0; i < count; i += 1) (slots[point] as string[]).push(`${color[0]}${(n += 1)}`);
    }
  }
  return slots;
}

/** Signed counts of a slot list. */
export function wireBoardOf(slots: Slots): number[] {
  const board = new Array<number>(BLACK_OFF + 1).fill(0);
  for (let point = 1; point <= BLACK_OFF; point += 1) {
    for (const id of slots[point] ?? []) board[point] = (board[point] as number) + (colorOfChecker(id) === 'white' ? 1 : -1);
  }
  return board;
}

/** The wire slot of an own index (0 = the tray, 25 = the bar). */
export function wireOf(own: number, color: BackgammonColor): number {
  if (own <= OWN_OFF) return trayOf(color);
  if (own === OWN_BAR) return barOf(color);
  return color === 'white' ? own : 25 - own;
}

/** The own index of a wire slot, or -1 for a slot the colour cannot stand on (the other bar or tray). */
export function ownOf(wire: number, color: BackgammonColor): number {
  if (wire >= 1 && wire <= 24) return color === 'white' ? wire : 25 - wire;
  if (wire === barOf(color)) return OWN_BAR;
  if (wire === trayOf(color)) return OWN_OFF;
  return -1;
}

/** The board from `color`'s side (see OwnBoard). */
export function ownBoardOf(board: WireBoard, color: BackgammonColor, out: OwnBoard = new Int8Array(26)): OwnBoard {
  const sign = color === 'white' ? 1 : -1;
  for (let point = 1; point <= 24; point += 1) out[color === 'white' ? point : 25 - point] = sign * (board[point] ?? 0);
  out[OWN_BAR] = sign * (board[barOf(color)] ?? 0);
  out[OWN_OFF] = sign * (board[trayOf(color)] ?? 0);
  return out;
}

/** Checkers of `color` on the board, the bar and the tray: 15 in any reachable position. */
export function checkersOf(board: WireBoard, color: BackgammonColor): number {
  const own = ownBoardOf(board, color);
  let n = 0;
  for (let i = 0; i <= OWN_BAR; i += 1) if ((own[i] as number) > 0) n += own[i] as number;
  return n;
}

export const borneOffOf = (board: WireBoard, color: BackgammonColor): number => Math.abs(board[trayOf(color)] ?? 0);

/** Pips `color` still has to travel to bear everything off (a checker on the bar counts 25). */
export function pipCount(board: WireBoard, color: BackgammonColor): number {
  const own = ownBoardOf(board, color);
  let pips = 0;
  for (let i = 1; i <= OWN_BAR; i += 1) if ((own[i] as number) > 0) pips += i * (own[i] as number);
  return pips;
}

export const hasWon = (board: WireBoard, color: BackgammonColor): boolean => borneOffOf(board, color) === BACKGAMMON_CHECKERS;

/**
 * Where each slot sits in the 1000 × 800 viewBox (protocol/backgammon.ts BackgammonSlot says how the
 * stacks grow): white's home bottom right, black's top right, the bar in the middle, trays at the right.
 */
export function slotPosition(point: number): { x: number; y: number } {
  if (point === WHITE_BAR) return { x: 440, y: 330 };
  if (point === BLACK_BAR) return { x: 440, y: 470 };
  if (point === WHITE_OFF) return { x: 910, y: 770 };
  if (point === BLACK_OFF) return { x: 910, y: 30 };
  // Column 0 is the left edge; the bar sits between columns 5 and 6.
  const column = point <= 12 ? 12 - point : point - 13;
  const x = 70 + column * 60 + (column >= 6 ? 80 : 0);
  return { x, y: point <= 12 ? 770 : 30 };
}
