import { BACKGAMMON_CHECKERS, type BackgammonColor, type BackgammonStep } from '../../protocol/backgammon.ts';
import { barOf, otherColor, OWN_BAR, OWN_OFF, ownBoardOf, ownOf, wireOf, type OwnBoard, type WireBoard } from './board.ts';
import { generate, outsideCount, playStep, targetOf, type MoveSet, type Play } from './moves.ts';

/**
 * A turn as the wire sees it: the server checks a submitted move with it, the app builds one step by
 * step with it, both from the same generator (moves.ts), so they never disagree.
 */
export interface BackgammonTurn {
  color: BackgammonColor;
  dice: readonly [number, number];
  /** Signed counts by wire slot (board.ts WireBoard). */
  board: WireBoard;
}

export const diceOf = (dice: readonly [number, number]): number[] =>
  dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];

export function moveSetOf(turn: BackgammonTurn): MoveSet {
  return generate(ownBoardOf(turn.board, turn.color), turn.dice[0], turn.dice[1]);
}

/** A play (moves.ts) in wire numbering. */
export function playToSteps(play: Play, color: BackgammonColor): BackgammonStep[] {
  const steps: BackgammonStep[] = [];
  for (let i = 0; i < play.length; i += 2) {
    const from = play[i] as number;
    const die = play[i + 1] as number;
    steps.push({ currentPoint: wireOf(from, color), targetPoint: wireOf(Math.max(from - die, OWN_OFF), color), diceUsed: die });
  }
  return steps;
}

/** possibleMoves: every distinct legal final position once, each as one step sequence. */
export function legalMoves(turn: BackgammonTurn): BackgammonStep[][] {
  return moveSetOf(turn).plays.map((play) => playToSteps(play, turn.color));
}

const isDie = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

/**
 * Plays one wire step on an own board, using one of `diceLeft` (removed from it). Returns a reason when
 * the step is not a legal single step here; the board is unchanged then.
 */
function playWireStep(board: OwnBoard, color: BackgammonColor, step: BackgammonStep, diceLeft: number[]): string | null {
  if (typeof step !== 'object' || step === null) return 'A move is {currentPoint, targetPoint, diceUsed}';
  const { currentPoint, targetPoint, diceUsed } = step;
  if (!Number.isInteger(currentPoint) || !Number.isInteger(targetPoint)) return 'A move names two points';
  if (!isDie(diceUsed)) return 'diceUsed must be a die from 1 to 6';
  const dieAt = diceLeft.indexOf(diceUsed);
  if (dieAt < 0) return `There is no unused ${diceUsed} to play`;
  const from = ownOf(currentPoint, color);
  if (from < 1 || (board[from] as number) <= 0) return `You have no checker on ${currentPoint}`;
  if (from !== OWN_BAR && (board[OWN_BAR] as number) > 0) return 'A checker on the bar must enter first';
  const to = targetOf(board, from, diceUsed, outsideCount(board));
  const expected = from - diceUsed;
  if (to < 0) {
    if (expected >= 1) return `Point ${wireOf(expected, color)} is blocked`;
    return 'You may bear off only with all checkers home, and with a higher die only from the highest point';
  }
  if (wireOf(to, color) !== targetPoint) return `A ${diceUsed} from ${currentPoint} lands on ${wireOf(to, color)}, not ${targetPoint}`;
  playStep(board, from, to);
  diceLeft.splice(dieAt, 1);
  return null;
}

/**
 * Why `steps` is not a legal move for this turn, or null when it is: each step a legal single step from
 * the position before it with an unused die, the final position one of the legal ones, and as many dice
 * played as the rules demand (fewer only when the last checker is borne off: nothing is left to move).
 * Any order of steps that gets there is accepted.
 */
export function moveError(turn: BackgammonTurn, steps: readonly BackgammonStep[], moves: MoveSet = moveSetOf(turn)): string | null {
  if (!Array.isArray(steps)) return 'moves must be a list';
  if (moves.dice === 0) return steps.length === 0 ? null : 'No checker can move with these dice';
  if (steps.length === 0) return 'You must move: a legal move exists';
  if (steps.length > 4) return 'At most four moves a turn';
  const board = ownBoardOf(turn.board, turn.color);
  const diceLeft = diceOf(turn.dice);
  for (const step of steps) {
    const error = playWireStep(board, turn.color, step, diceLeft);
    if (error) return error;
  }
  if (steps.length < moves.dice && board[OWN_OFF] !== BACKGAMMON_CHECKERS) {
    return moves.dice === 2 && turn.dice[0] !== turn.dice[1] ? 'You must play both dice' : `You must play ${moves.dice} dice`;
  }
  if (!moves.isFinal(board)) {
    return moves.dice === 1 && turn.dice[0] !== turn.dice[1] ? 'With one die playable, you must play the larger one' : 'That move is not legal';
  }
  return null;
}

export interface StepOptions {
  /** Steps that may come next: each leaves a way to finish a legal move. Grouped by currentPoint, they
   * say which checkers may move, and where with which die. */
  next: BackgammonStep[];
  /** The pending steps already make a legal move: the confirm button may show. */
  complete: boolean;
  /** The dice not yet used. */
  diceLeft: number[];
  /** The board after the pending steps (signed counts by wire slot). */
  board: number[];
}

/** Every single step from here: each distinct die left, each checker it moves, the board after it. */
function* successors(board: OwnBoard, diceLeft: number[]): Generator<{ from: number; to: number; die: number; after: OwnBoard; rest: number[] }> {
  const outside = outsideCount(board);
  for (let i = 0; i < diceLeft.length; i += 1) {
    const die = diceLeft[i] as number;
    if (diceLeft.indexOf(die) !== i) continue;
    for (let from = OWN_BAR; from >= 1; from -= 1) {
      const to = targetOf(board, from, die, outside);
      if (to < 0) continue;
      const after = board.slice();
      playStep(after, from, to);
      const rest = diceLeft.slice();
      rest.splice(i, 1);
      yield { from, to, die, after, rest };
    }
  }
}

/** From here, can some continuation with `diceLeft` end in an accepted move? */
function canFinish(board: OwnBoard, diceLeft: number[], played: number, moves: MoveSet): boolean {
  if ((played === moves.dice || board[OWN_OFF] === BACKGAMMON_CHECKERS) && moves.isFinal(board)) return true;
  if (played >= moves.dice) return false;
  for (const { after, rest } of successors(board, diceLeft)) if (canFinish(after, rest, played + 1, moves)) return true;
  return false;
}

/** The wire board after own-board play: hit blots moved to the opponent's bar. */
function wireBoardFromOwn(own: OwnBoard, turn: BackgammonTurn): number[] {
  const board = [...turn.board];
  const sign = turn.color === 'white' ? 1 : -1;
  const before = ownBoardOf(turn.board, turn.color);
  let hits = 0;
  for (let i = 0; i <= OWN_BAR; i += 1) {
    board[wireOf(i, turn.color)] = sign * (own[i] as number);
    if ((before[i] as number) < 0 && (own[i] as number) >= 0) hits -= before[i] as number;
  }
  const opponentBar = barOf(otherColor(turn.color));
  board[opponentBar] = (board[opponentBar] as number) - sign * hits;
  return board;
}

/**
 * For building a move step by step: given the pending steps so far, what may come next. Null when the
 * pending steps are not the start of any legal move (the client should void them).
 */
export function stepOptions(turn: BackgammonTurn, pending: readonly BackgammonStep[], moves: MoveSet = moveSetOf(turn)): StepOptions | null {
  const board = ownBoardOf(turn.board, turn.color);
  const diceLeft = diceOf(turn.dice);
  for (const step of pending) if (playWireStep(board, turn.color, step, diceLeft)) return null;
  if (moves.dice === 0) return pending.length === 0 ? { next: [], complete: true, diceLeft, board: [...turn.board] } : null;
  if (!canFinish(board, diceLeft, pending.length, moves)) return null;
  const next: BackgammonStep[] = [];
  if (pending.length < moves.dice && board[OWN_OFF] !== BACKGAMMON_CHECKERS) {
    for (const { from, to, die, after, rest } of successors(board, diceLeft)) {
      if (canFinish(after, rest, pending.length + 1, moves)) {
        next.push({ currentPoint: wireOf(from, turn.color), targetPoint: wireOf(to, turn.color), diceUsed: die });
      }
    }
  }
  const complete = moveError(turn, pending, moves) === null;
  return { next, complete, diceLeft, board: wireBoardFromOwn(board, turn) };
}
