import { CARROM_MAX_PULL, type CarromFoul, type CarromLastMove } from '../../protocol/carrom.ts';
import type { StepDetail, StepInput } from '../stepDetail.ts';
import type { CarromState } from './state.ts';

/**
 * A Carrom step in words (../stepDetail.ts): each shot and what it pocketed. Nothing in carrom is drawn
 * (its seed only commits the game), so a step never has drawn values.
 */

const foulText: Record<CarromFoul, string> = {
  'striker-fell': 'the striker fell',
  'opponent-last-coin': "the opponent's last coin went down",
  'own-last-coin-before-queen': 'the last coin went down before the queen',
};

const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "2 white coins, the queen and the striker", or "nothing". */
function pocketedText(ids: readonly string[]): string {
  const white = ids.filter((id) => /^w\d+$/.test(id)).length;
  const black = ids.filter((id) => /^b\d+$/.test(id)).length;
  const parts = [
    ...(white > 0 ? [count(white, 'white coin')] : []),
    ...(black > 0 ? [count(black, 'black coin')] : []),
    ...(ids.includes('queen') ? ['the queen'] : []),
    ...(ids.includes('striker') ? ['the striker'] : []),
  ];
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** "shot with pull 42 of 60: pocketed 1 white coin and the queen; the queen covered; shoots again". */
function shotText(shot: CarromLastMove): string {
  const pull = Number.isFinite(shot.hitStrength) ? `shot with pull ${Math.round(shot.hitStrength)} of ${CARROM_MAX_PULL}` : 'shot';
  const parts = [`${pull}: pocketed ${pocketedText(shot.pocketed)}`];
  if (shot.queenCovered) parts.push('the queen covered');
  const fouls = shot.fouls.filter((foul) => Object.hasOwn(foulText, foul)).map((foul) => foulText[foul]);
  if (fouls.length > 0) parts.push(`foul: ${fouls.join(', ')}`);
  if (shot.returned.length > 0) parts.push(`${count(shot.returned.length, 'piece')} put back`);
  if (shot.turnKept) parts.push('shoots again');
  return parts.join('; ');
}

export function carromStepDetail(beforeState: unknown, afterState: unknown, input: StepInput): StepDetail {
  const before = beforeState as CarromState | null;
  const after = afterState as CarromState;
  if (!before) return {};
  if (input.action === 'move') {
    const shot = after.lastMove;
    return shot && shot.shotNumber > before.shotCount ? { move: { text: shotText(shot) } } : {};
  }
  if (input.action === 'timeout' && before.turn) {
    // The third timed-out turn in a row forfeits the game instead of passing the turn.
    const forfeited = after.phase === 'game-completed';
    return { move: { player: before.turn, text: forfeited ? 'ran out of time again: forfeited the game' : 'ran out of time: the turn passed' } };
  }
  return {};
}
