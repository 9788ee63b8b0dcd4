import type { BackgammonColor, BackgammonPlayedStep, BackgammonTurnRecord } from '../../protocol/backgammon.ts';
import type { BackgammonPointName, DicePair, StepLine } from '../../protocol/fairness.ts';
import type { StepDetail, StepInput } from '../stepDetail.ts';
import { ownOf, OWN_BAR, OWN_OFF } from './board.ts';
import { turnOfState, type BackgammonState } from './state.ts';
import { moveSetOf } from './steps.ts';

/**
 * A Backgammon step told (../stepDetail.ts): the opening roll at the creation, each turn's checkers
 * moved, and the dice rolled for the next turn. Points are numbered from the mover's side (24 → 1, their
 * home 6–1), as backgammon notation and the app's board do, so both players read a move the same way.
 */

const isDie = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

/** Two dice ("5 and 3", "double 4s"), or undefined unless both are dice. */
function diceOf(dice: readonly unknown[]): DicePair | undefined {
  const [a, b] = dice;
  return isDie(a) && isDie(b) ? [a, b] : undefined;
}

function pointOf(wire: number, color: BackgammonColor): BackgammonPointName {
  const own = ownOf(wire, color);
  if (own === OWN_BAR) return 'bar';
  if (own === OWN_OFF) return 'off';
  return Number.isInteger(own) && own > 0 ? own : null;
}

/** "24→18, 13→11 (hit)". */
function playedSteps(record: BackgammonTurnRecord) {
  return record.moves.map(({ currentPoint, targetPoint, hitCheckerId }: BackgammonPlayedStep) => ({
    from: pointOf(currentPoint, record.color),
    to: pointOf(targetPoint, record.color),
    hit: Boolean(hitCheckerId),
  }));
}

/** The creation: one die each, thrown again on a tie; the higher die moves first and plays both. */
function openingRoll(state: BackgammonState): StepLine[] {
  const [white, black] = state.players;
  const drawn: StepLine[] = [];
  for (const [index, roll] of state.openingRolls.entries()) {
    if (!isDie(roll.white) || !isDie(roll.black)) return [];
    const tie = roll.white === roll.black && index < state.openingRolls.length - 1;
    drawn.push({ player: white, say: 'backgammon-opening-die', die: roll.white, tie }, { player: black, say: 'backgammon-opening-die', die: roll.black, tie });
  }
  const dice = diceOf(state.dice);
  if (state.turn && dice) drawn.push({ player: state.turn, say: 'backgammon-moves-first', dice });
  return drawn;
}

export function backgammonStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as BackgammonState | null;
  const after = afterState as BackgammonState;
  if (input.action === 'create') return { drawn: openingRoll(after) };
  if (!before || (input.action !== 'move' && input.action !== 'timeout')) return {};
  if (before.phase === 'game-start' && after.moveHistory.length === before.moveHistory.length) {
    return { move: { say: 'backgammon-first-turn' } };
  }
  const record = after.moveHistory.length > before.moveHistory.length ? after.moveHistory[after.moveHistory.length - 1] : undefined;
  if (!record) return {};
  const passed = record.moves.length === 0;
  const moved: StepLine = passed ? { say: 'backgammon-passed' } : { say: 'backgammon-moved', auto: Boolean(record.autoPlayed), moves: playedSteps(record) };
  const move: StepLine = record.playerId === input.actor ? moved : { ...moved, player: record.playerId };
  const drawn: StepLine[] = [];
  // An automatic turn's play is the seeded source's pick among the legal ones (a pass has nothing to pick).
  if (record.autoPlayed && !passed) {
    // Only the dice a die can show go to the move generator (a made-up proof could say anything).
    const turn = diceOf(before.dice) ? turnOfState(before) : null;
    const plays = turn ? moveSetOf(turn).size : 0;
    drawn.push({ say: 'backgammon-play-picked', plays: Math.max(plays, 1) });
  }
  // The next turn's dice are rolled as soon as a turn ends, unless the game ended with it.
  const dice = diceOf(after.dice);
  if (after.phase === 'move-checker' && after.turn && after.turnNumber > before.turnNumber && dice) {
    drawn.push({ player: after.turn, say: 'backgammon-rolled', dice });
  }
  return { move, drawn };
}
