import {
  CARROM_TURN_MS,
  type CarromCoin,
  type CarromColor,
  type CarromLastMove,
  type CarromPhase,
  type CarromViewFields,
} from '../../protocol/carrom.ts';
import type { RulesView } from '../game.ts';
import { colorOfPlayer, perPlayer, type CarromState } from './state.ts';

export interface CarromRulesView extends RulesView, CarromViewFields {
  phase: CarromPhase;
  playerColors: Record<string, CarromColor>;
}

const copyCoin = (coin: CarromCoin): CarromCoin => ({ ...coin, velocity: { ...coin.velocity } });

const copyLastMove = (move: CarromLastMove): CarromLastMove => ({
  ...move,
  coinsBefore: move.coinsBefore.map(copyCoin),
  pocketed: [...move.pocketed],
  fouls: [...move.fouls],
  returned: [...move.returned],
});

/** The game as `viewerId` sees it. Nothing in carrom is secret, and the state holds no seed. */
export function viewOf(state: CarromState, viewerId: string): CarromRulesView {
  const running = state.phase !== 'game-completed';
  const phase: CarromPhase = !running ? 'game-completed' : state.turn === viewerId ? 'player-turn' : 'opponent-turn';
  return {
    phase,
    turn: running ? state.turn : null,
    playerColors: perPlayer(state, (id) => colorOfPlayer(state, id)),
    totalGamePoints: perPlayer(state, (id) => state.pocketedPieces[id]?.length ?? 0),
    boardState: { coins: state.coins.map(copyCoin) },
    pocketedPieces: perPlayer(state, (id) => [...(state.pocketedPieces[id] ?? [])]),
    queenState: state.queenState,
    queenPocketedBy: state.queenPocketedBy,
    strikerBeenHit: state.strikerBeenHit,
    strikerFell: state.strikerFell,
    lastMove: state.lastMove ? copyLastMove(state.lastMove) : null,
    timerStartTime: running ? state.timerStartTime : null,
    timeoutTriggered: state.timeoutTriggered,
    timeouts: { ...state.timeouts },
    deadlineAt: running ? state.timerStartTime + CARROM_TURN_MS : null,
  };
}
