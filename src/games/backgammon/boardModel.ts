import { BACKGAMMON_SLOTS, type BackgammonColor, type BackgammonSlot, type BackgammonStep, type BackgammonTurnRecord } from '../../../protocol/backgammon.ts';
import { barOf, otherColor } from '../../../rules/backgammon/board.ts';

/**
 * The board as the screen draws it: the checker ids on each wire slot (index = slot 1–28, 0 unused),
 * bottom of the stack first. Ids, not counts, so a checker keeps its element and slides when it moves.
 * Legality is never decided here: that is rules/backgammon (stepOptions); this only places checkers.
 */
export type SlotIds = readonly (readonly string[])[];
export type CheckerColors = Readonly<Record<string, BackgammonColor>>;

export function slotIdsOf(board: readonly BackgammonSlot[]): string[][] {
  const slots: string[][] = Array.from({ length: BACKGAMMON_SLOTS + 1 }, () => []);
  for (const slot of board) slots[slot.point] = slot.checkers.map((checker) => checker._id);
  return slots;
}

/** Every checker's colour; the ids stay the same for the whole game. */
export function checkerColorsOf(board: readonly BackgammonSlot[]): Record<string, BackgammonColor> {
  const colors: Record<string, BackgammonColor> = {};
  for (const slot of board) for (const checker of slot.checkers) colors[checker._id] = checker.color;
  return colors;
}

const copy = (slots: SlotIds): string[][] => slots.map((ids) => [...ids]);

/**
 * The board after `steps` of `mover` (steps the rules allowed): the top checker of each currentPoint
 * moves, and a lone opposing checker on the target goes to its own bar — as the server plays a turn.
 */
export function playSteps(slots: SlotIds, colors: CheckerColors, mover: BackgammonColor, steps: readonly BackgammonStep[]): string[][] {
  const next = copy(slots);
  for (const { currentPoint, targetPoint } of steps) {
    const checker = next[currentPoint]?.pop();
    const target = next[targetPoint];
    if (checker === undefined || !target) continue;
    const [blot] = target;
    if (target.length === 1 && blot !== undefined && colors[blot] !== mover) next[barOf(otherColor(mover))]?.push(target.pop() as string);
    target.push(checker);
  }
  return next;
}

function take(slots: string[][], point: number, id: string): boolean {
  const ids = slots[point];
  const at = ids?.lastIndexOf(id) ?? -1;
  if (!ids || at < 0) return false;
  ids.splice(at, 1);
  return true;
}

/** One frame of a replayed turn: the board after a step, and the checkers that moved in it. */
export interface ReplayFrame {
  slots: SlotIds;
  moving: string[];
}

/**
 * A finished turn replayed on the board it produced: the board before it, then after each of its steps
 * (the last frame is `after` itself). Null when the record does not fit the board (then nothing is
 * replayed and the board simply shows the server's position).
 */
export function replayFramesOf(after: SlotIds, record: Pick<BackgammonTurnRecord, 'moves' | 'color'>): ReplayFrame[] | null {
  const before = copy(after);
  for (const step of [...record.moves].reverse()) {
    if (!take(before, step.targetPoint, step.checkerId)) return null;
    before[step.currentPoint]?.push(step.checkerId);
    if (step.hitCheckerId !== null) {
      if (!take(before, barOf(otherColor(record.color)), step.hitCheckerId)) return null;
      before[step.targetPoint]?.push(step.hitCheckerId);
    }
  }
  const frames: ReplayFrame[] = [{ slots: copy(before), moving: [] }];
  let board = before;
  for (const step of record.moves) {
    board = copy(board);
    take(board, step.currentPoint, step.checkerId);
    if (step.hitCheckerId !== null) {
      take(board, step.targetPoint, step.hitCheckerId);
      board[barOf(otherColor(record.color))]?.push(step.hitCheckerId);
    }
    board[step.targetPoint]?.push(step.checkerId);
    frames.push({ slots: board, moving: step.hitCheckerId === null ? [step.checkerId] : [step.checkerId, step.hitCheckerId] });
  }
  return frames;
}

/** Signed counts by wire slot (white positive), the board shape the rules' pipCount reads. */
export function wireCountsOf(slots: SlotIds, colors: CheckerColors): number[] {
  return slots.map((ids) => ids.reduce((sum, id) => sum + (colors[id] === 'white' ? 1 : -1), 0));
}
