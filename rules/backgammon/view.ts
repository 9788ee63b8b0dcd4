import {
  BACKGAMMON_SLOTS,
  BACKGAMMON_TURN_MS,
  type BackgammonChecker,
  type BackgammonColor,
  type BackgammonPhase,
  type BackgammonSlot,
  type BackgammonViewFields,
} from '../../protocol/backgammon.ts';
import type { RulesView } from '../game.ts';
import { borneOffOf, colorOfChecker, pipCount, slotPosition, wireBoardOf } from './board.ts';
import { colorOfPlayer, playerOfColor, turnOfState, type BackgammonState } from './state.ts';
import { legalMoves, type BackgammonTurn } from './steps.ts';

export interface BackgammonRulesView extends RulesView, BackgammonViewFields {
  phase: BackgammonPhase;
  playerColors: Record<string, BackgammonColor>;
}

function phaseOf(state: BackgammonState, viewerId: string): BackgammonPhase {
  if (state.phase === 'game-completed') return 'game-completed';
  if (state.phase === 'game-start') return 'game-start';
  return state.turn === viewerId ? 'move-checker' : 'opponent-move';
}

function boardOf(state: BackgammonState): BackgammonSlot[] {
  const slots: BackgammonSlot[] = [];
  for (let point = 1; point <= BACKGAMMON_SLOTS; point += 1) {
    const checkers: BackgammonChecker[] = (state.slots[point] ?? []).map((id) => {
      const color = colorOfChecker(id);
      return { _id: id, owner: playerOfColor(state, color), color };
    });
    slots.push({ point, ...slotPosition(point), checkers });
  }
  return slots;
}

/** The game as `viewerId` sees it. Nothing is secret in backgammon but the seed, which never leaves. */
export function viewOf(state: BackgammonState, viewerId: string): BackgammonRulesView {
  const running = state.phase !== 'game-completed';
  const board = wireBoardOf(state.slots);
  const turn = running && state.turn === viewerId ? turnOfState(state) : null;
  const perPlayer = <T>(value: (id: string, color: BackgammonColor) => T): Record<string, T> =>
    Object.fromEntries(state.players.map((id) => [id, value(id, colorOfPlayer(state, id))]));
  const borneOff = perPlayer((_id, color) => borneOffOf(board, color));
  return {
    phase: phaseOf(state, viewerId),
    turn: running ? state.turn : null,
    board: boardOf(state),
    dice: [state.dice[0], state.dice[1]],
    hasShiftedDice: running && state.turnNumber === 1,
    openingRolls: state.openingRolls.map((roll) => ({ ...roll })),
    turnNumber: state.turnNumber,
    possibleMoves: turn ? legalMoves(turn) : [],
    // A copy (cheap, unlike structuredClone): a view never shares arrays with the state.
    moveHistory: state.moveHistory.map((record) => ({ ...record, dice: [record.dice[0], record.dice[1]], moves: record.moves.map((step) => ({ ...step })) })),
    playerColors: perPlayer((_id, color) => color),
    totalGamePoints: borneOff,
    borneOff: { ...borneOff },
    pipCounts: perPlayer((_id, color) => pipCount(board, color)),
    autoTurns: { ...state.autoTurns },
    timerStartTime: running ? state.timerStartTime : null,
    // As the rules' deadline(): the end of the opening animation during game-start, else of the turn.
    deadlineAt: !running ? null : state.phase === 'game-start' ? state.timerStartTime : state.timerStartTime + BACKGAMMON_TURN_MS,
  };
}

/**
 * The turn in progress as the app rebuilds it from a view (for stepOptions and moveError), or null when
 * the game is over. Built from the slots' checkers, so it is exactly the server's board.
 */
export function turnOfView(
  view: Pick<BackgammonViewFields, 'board' | 'dice' | 'turn' | 'playerColors' | 'phase'>,
): BackgammonTurn | null {
  if (view.turn === null || view.phase === 'game-completed' || view.phase === 'game-canceled') return null;
  const color = view.playerColors[view.turn];
  if (!color) return null;
  const board = new Array<number>(BACKGAMMON_SLOTS + 1).fill(0);
  for (const slot of view.board) {
    for (const checker of slot.checkers) board[slot.point] = (board[slot.point] as number) + (checker.color === 'white' ? 1 : -1);
  }
  return { color, dice: [view.dice[0], view.dice[1]], board };
}
