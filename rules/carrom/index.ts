import { seedHashOf } from '../random.ts';
import {
  CARROM_STEPS_PER_SECOND,
  CARROM_TIMEOUTS_TO_FORFEIT,
  CARROM_TURN_MS,
  boardUnits,
  shotSpeed,
  type CarromLastMove,
  type CarromShot,
} from '../../protocol/carrom.ts';
import type { EndReason } from '../../protocol/game.ts';
import { RuleError, type GameRules, type Outcome } from '../game.ts';
import { placeStriker, startCoins } from './board.ts';
import { shotError } from './move.ts';
import { normaliseAngle } from './physics.ts';
import { scoreShot } from './scoring.ts';
import { runShot, STRIKER_ID } from './shot.ts';
import { colorOfPlayer, opponentOf, perPlayer, type CarromState } from './state.ts';
import { viewOf, type CarromRulesView } from './view.ts';

/**
 * Carrom, as ../shared/rules/carrom.md: white (the first in the queue) shoots first; nine own coins down
 * with the queen secured wins. `apply` is one shot: the server places the striker, simulates the shot to
 * rest with the shared physics, scores it (scoring.ts) and stores the board; the opponent's app replays it
 * from `lastMove` and then takes the stored board.
 *
 * Time: a turn lasts CARROM_TURN_MS from `timerStartTime`. After a shot the next turn's clock starts when
 * the shot's replay ends (steps / 45 s after the shot), so watching the replay costs the next shooter
 * nothing. At the deadline the turn passes with no shot (`timeoutTriggered`); a player's third timed-out
 * turn in a row forfeits (`timeout`), and a shot resets their count. A shot that arrives before the server
 * has passed the turn is still played: the deadline is the sweeper's to act on, not a refusal.
 */

export type CarromMove = CarromShot;
export type { CarromState } from './state.ts';
export type { CarromRulesView } from './view.ts';
// What the app needs besides the rules object: the same placement, physics and replay.
export { placeStriker, startCoins, baselineY, freeSpotNearCentre } from './board.ts';
export { shotError } from './move.ts';
export { direction, normaliseAngle, POCKETS } from './physics.ts';
export { replayShot, runShot, shotOutcome, shotPieces, startShot, stepShot, STRIKER_ID, type ShotPiece, type ShotRun } from './shot.ts';

function finish(state: CarromState, winnerId: string, endReason: EndReason): CarromState {
  return { ...state, phase: 'game-completed', turn: null, winnerId, loserId: opponentOf(state, winnerId), endReason };
}

function checkPlayer(state: CarromState, playerId: string): void {
  if (!state.players.includes(playerId)) throw new RuleError('illegal', 'You are not a player of this game');
  if (state.phase === 'game-completed') throw new RuleError('conflict', 'The game is over');
}

/** Plays a checked shot. */
function shoot(state: CarromState, shooter: string, move: CarromShot, now: number): CarromState {
  const color = colorOfPlayer(state, shooter);
  const opponent = opponentOf(state, shooter);
  const spot = placeStriker(state.coins, color, move.strikerPosition);
  const angle = normaliseAngle(move.angle);
  const speed = shotSpeed(move.hitStrength);
  const outcome = runShot(state.coins, { x: spot.x, y: spot.y, angle, speed });
  const pocketed = outcome.falls.filter((fall) => fall.id !== STRIKER_ID).map((fall) => fall.id);
  const score = scoreShot({
    shooterColor: color,
    coins: outcome.coins,
    pocketed,
    strikerFell: outcome.strikerFell,
    ownBefore: state.pocketedPieces[shooter] ?? [],
    opponentBefore: state.pocketedPieces[opponent] ?? [],
    queenSecuredBefore: state.queenState === 'secured',
  });
  const shotNumber = state.shotCount + 1;
  const lastMove: CarromLastMove = {
    shotNumber,
    playerId: shooter,
    strikerPosition: boardUnits(spot.x),
    angle,
    hitStrength: move.hitStrength,
    speed,
    coinsBefore: state.coins,
    steps: outcome.steps,
    pocketed: outcome.falls.map((fall) => fall.id),
    fouls: score.fouls,
    returned: score.returned,
    queenCovered: score.queenCovered,
    turnKept: score.turnKept,
  };
  const next: CarromState = {
    ...state,
    turn: score.turnKept ? shooter : opponent,
    coins: score.coins,
    pocketedPieces: { [shooter]: score.own, [opponent]: score.opponent },
    queenState: score.queenSecured ? 'secured' : 'onBoard',
    queenPocketedBy: score.queenCovered ? shooter : state.queenPocketedBy,
    strikerBeenHit: outcome.strikerBeenHit,
    strikerFell: outcome.strikerFell,
    lastMove,
    shotCount: shotNumber,
    timerStartTime: now + Math.ceil((outcome.steps * 1000) / CARROM_STEPS_PER_SECOND),
    timeoutTriggered: false,
    timeouts: { ...state.timeouts, [shooter]: 0 },
  };
  if (score.winner === 'shooter') return finish(next, shooter, null);
  if (score.winner === 'opponent') return finish(next, opponent, null);
  return next;
}

export const carromRules: GameRules<CarromState, CarromMove, CarromRulesView> = {
  mode: 'carrom',

  create(players, seed, now) {
    return {
      players: [players[0], players[1]],
      // Nothing in carrom is random; the state still commits to the game's seed, so a game's proof
      // with another seed (another client seed) does not replay (rules/verify.ts).
      gameSeedHash: seedHashOf(seed),
      phase: 'playing',
      turn: players[0],
      coins: startCoins(),
      pocketedPieces: { [players[0]]: [], [players[1]]: [] },
      queenState: 'onBoard',
      queenPocketedBy: null,
      strikerBeenHit: false,
      strikerFell: false,
      lastMove: null,
      shotCount: 0,
      timerStartTime: now,
      timeoutTriggered: false,
      timeouts: { [players[0]]: 0, [players[1]]: 0 },
      winnerId: null,
      loserId: null,
      endReason: null,
    };
  },

  apply(state, playerId, move, now) {
    checkPlayer(state, playerId);
    if (state.turn !== playerId) throw new RuleError('conflict', 'It is not your turn');
    const error = shotError(move, playerId);
    if (error) throw new RuleError('illegal', error);
    const { strikerPosition, angle, speed, hitStrength } = move;
    return shoot(state, playerId, { playerId, strikerPosition, angle, speed, hitStrength }, now);
  },

  deadline: (state) => (state.phase === 'game-completed' ? null : state.timerStartTime + CARROM_TURN_MS),

  timeout(state, now) {
    if (state.phase === 'game-completed' || state.turn === null) return state;
    const idle = state.turn;
    const streak = (state.timeouts[idle] ?? 0) + 1;
    const next: CarromState = {
      ...state,
      turn: opponentOf(state, idle),
      strikerBeenHit: false,
      strikerFell: false,
      timerStartTime: now,
      timeoutTriggered: true,
      timeouts: { ...state.timeouts, [idle]: streak },
    };
    return streak >= CARROM_TIMEOUTS_TO_FORFEIT ? finish(next, opponentOf(state, idle), 'timeout') : next;
  },

  resign(state, playerId, _now) {
    checkPlayer(state, playerId);
    return finish(state, opponentOf(state, playerId), 'opponent-left');
  },

  view: viewOf,

  outcome(state): Outcome | null {
    if (state.phase !== 'game-completed' || !state.winnerId || !state.loserId) return null;
    return {
      winnerId: state.winnerId,
      loserId: state.loserId,
      endReason: state.endReason,
      points: perPlayer(state, (id) => state.pocketedPieces[id]?.length ?? 0),
    };
  },
};
