import type { CarromFoul, CarromLastMove } from '../../protocol/carrom.ts';
import type { StepLine } from '../../protocol/fairness.ts';
import type { StepDetail, StepInput } from '../stepDetail.ts';
import type { CarromState } from './state.ts';

/**
 * A Carrom step told (../stepDetail.ts): each shot and what it pocketed. Nothing in carrom is drawn (its
 * seed only commits the game), so a step never has drawn values.
 */

const knownFouls: readonly CarromFoul[] = ['striker-fell', 'opponent-last-coin', 'own-last-coin-before-queen'];

/** "shot with pull 42 of 60: pocketed 1 white coin and the queen; the queen covered; shoots again". */
function shotLine(shot: CarromLastMove): StepLine {
  const ids = shot.pocketed;
  return {
    say: 'carrom-shot',
    pull: Number.isFinite(shot.hitStrength) ? Math.round(shot.hitStrength) : null,
    pocketed: {
      white: ids.filter((id) => /^w\d+$/.test(id)).length,
      black: ids.filter((id) => /^b\d+$/.test(id)).length,
      queen: ids.includes('queen'),
      striker: ids.includes('striker'),
    },
    queenCovered: Boolean(shot.queenCovered),
    fouls: shot.fouls.filter((foul) => knownFouls.includes(foul)),
    returned: shot.returned.length,
    again: Boolean(shot.turnKept),
  };
}

export function carromStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as CarromState | null;
  const after = afterState as CarromState;
  if (!before) return {};
  if (input.action === 'move') {
    const shot = after.lastMove;
    return shot && shot.shotNumber > before.shotCount ? { move: shotLine(shot) } : {};
  }
  if (input.action === 'timeout' && before.turn) {
    // The third timed-out turn in a row forfeits the game instead of passing the turn.
    return { move: { player: before.turn, say: 'carrom-ran-out', forfeited: after.phase === 'game-completed' } };
  }
  return {};
}
