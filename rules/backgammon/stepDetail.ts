import type { BackgammonColor, BackgammonPlayedStep, BackgammonTurnRecord } from '../../protocol/backgammon.ts';
import type { StepDetail, StepInput, StepText } from '../stepDetail.ts';
import { ownOf, OWN_BAR, OWN_OFF } from './board.ts';
import { turnOfState, type BackgammonState } from './state.ts';
import { moveSetOf } from './steps.ts';

/**
 * A Backgammon step in words (../stepDetail.ts): the opening roll at the creation, each turn's checkers
 * moved, and the dice rolled for the next turn. Points are numbered from the mover's side (24 → 1, their
 * home 6–1), as backgammon notation and the app's board do, so both players read a move the same way.
 */

const isDie = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

/** "5 and 3", "double 4s". */
function diceText(dice: readonly unknown[]): string | undefined {
  const [a, b] = dice;
  if (!isDie(a) || !isDie(b)) return undefined;
  return a === b ? `double ${a}s` : `${a} and ${b}`;
}

function pointText(wire: number, color: BackgammonColor): string {
  const own = ownOf(wire, color);
  if (own === OWN_BAR) return 'bar';
  if (own === OWN_OFF) return 'off';
  return own < 0 ? '?' : String(own);
}

/** "24→18, 13→11 (hit)". */
function playedText(record: BackgammonTurnRecord): string {
  const step = ({ currentPoint, targetPoint, hitCheckerId }: BackgammonPlayedStep) =>
    `${pointText(currentPoint, record.color)}→${pointText(targetPoint, record.color)}${hitCheckerId ? ' (hit)' : ''}`;
  return record.moves.map(step).join(', ');
}

/** The creation: one die each, thrown again on a tie; the higher die moves first and plays both. */
function openingRoll(state: BackgammonState): StepText[] {
  const [white, black] = state.players;
  const drawn: StepText[] = [];
  for (const [index, roll] of state.openingRolls.entries()) {
    if (!isDie(roll.white) || !isDie(roll.black)) return [];
    const tie = roll.white === roll.black && index < state.openingRolls.length - 1 ? ' (a tie: thrown again)' : '';
    drawn.push({ player: white, text: `rolled ${roll.white}${tie}` }, { player: black, text: `rolled ${roll.black}${tie}` });
  }
  const dice = diceText(state.dice);
  if (state.turn && dice) drawn.push({ player: state.turn, text: `moves first, with ${dice}` });
  return drawn;
}

export function backgammonStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as BackgammonState | null;
  const after = afterState as BackgammonState;
  if (input.action === 'create') return { drawn: openingRoll(after) };
  if (!before || (input.action !== 'move' && input.action !== 'timeout')) return {};
  if (before.phase === 'game-start' && after.moveHistory.length === before.moveHistory.length) {
    return { move: { text: 'the opening roll shown: the first turn began' } };
  }
  const record = after.moveHistory.length > before.moveHistory.length ? after.moveHistory[after.moveHistory.length - 1] : undefined;
  if (!record) return {};
  const passed = record.moves.length === 0;
  const moved = passed ? 'no legal move: passed' : `${record.autoPlayed ? 'auto-played' : 'moved'} ${playedText(record)}`;
  const move: StepText = record.playerId === input.actor ? { text: moved } : { player: record.playerId, text: moved };
  const drawn: StepText[] = [];
  // An automatic turn's play is the seeded source's pick among the legal ones (a pass has nothing to pick).
  if (record.autoPlayed && !passed) {
    // Only the dice a die can show go to the move generator (a made-up proof could say anything).
    const turn = diceText(before.dice) ? turnOfState(before) : null;
    const plays = turn ? moveSetOf(turn).size : 0;
    drawn.push({ text: plays > 1 ? `play picked at random among ${plays} legal plays` : 'the only legal play (its draw had one outcome)' });
  }
  // The next turn's dice are rolled as soon as a turn ends, unless the game ended with it.
  const dice = diceText(after.dice);
  if (after.phase === 'move-checker' && after.turn && after.turnNumber > before.turnNumber && dice) {
    drawn.push({ player: after.turn, text: `rolled ${dice}` });
  }
  return { move, drawn };
}
