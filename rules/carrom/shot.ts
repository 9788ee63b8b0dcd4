import {
  CARROM_COIN_RADIUS,
  CARROM_MAX_SHOT_STEPS,
  CARROM_STRIKER_RADIUS,
  boardUnits,
  type CarromCoin,
  type CarromColor,
  type CarromLastMove,
} from '../../protocol/carrom.ts';
import { baselineY } from './board.ts';
import { atRest, createWorld, direction, halt, stepWorld, type Fall, type World } from './physics.ts';

/**
 * A shot from its start to rest (or the step cap): the server runs it whole (`runShot`); the app replays
 * it step by step with the same code (`replayShot`, then `stepShot` every 1/45 s, `shotPieces` to draw).
 */

export const STRIKER_ID = 'striker';

export interface StrikerLaunch {
  x: number;
  y: number;
  angle: number;
  /** Initial speed, units/s. */
  speed: number;
}

export interface ShotRun {
  readonly world: World;
  /** The coins the shot started from (pocketed ones stay out of the world). */
  readonly coinsBefore: readonly CarromCoin[];
  /** Index of the striker in the world. */
  readonly striker: number;
  /** Set once every piece rests or the cap is reached. */
  done: boolean;
  /** The cap stopped the shot while pieces still moved. */
  capped: boolean;
}

/** The coins on the board plus the striker, launched. The coins are copied; nothing given is changed. */
export function startShot(coins: readonly CarromCoin[], launch: StrikerLaunch): ShotRun {
  const live = coins.filter((c) => !c.isProcessed);
  const d = direction(launch.angle);
  const world = createWorld([
    ...live.map((c) => ({ id: c.id, radius: CARROM_COIN_RADIUS, x: c.x, y: c.y, vx: c.velocity.x, vy: c.velocity.y })),
    { id: STRIKER_ID, radius: CARROM_STRIKER_RADIUS, x: launch.x, y: launch.y, vx: launch.speed * d.x, vy: launch.speed * d.y },
  ]);
  return { world, coinsBefore: coins, striker: live.length, done: false, capped: false };
}

/** The shot as the server stored it, from its start, for the app's replay (`color`: the shooter's). */
export function replayShot(lastMove: CarromLastMove, color: CarromColor): ShotRun {
  return startShot(lastMove.coinsBefore, { x: lastMove.strikerPosition, y: baselineY(color), angle: lastMove.angle, speed: lastMove.speed });
}

/** One fixed step (1/45 s). False once the shot is over (then it does nothing). */
export function stepShot(run: ShotRun): boolean {
  if (run.done) return false;
  stepWorld(run.world);
  if (atRest(run.world)) run.done = true;
  else if (run.world.steps >= CARROM_MAX_SHOT_STEPS) {
    halt(run.world);
    run.done = true;
    run.capped = true;
  }
  return !run.done;
}

export interface ShotPiece {
  id: string;
  x: number;
  y: number;
  onBoard: boolean;
}

/** Where every piece of the run is now (the striker last), for drawing a frame. */
export function shotPieces(run: ShotRun): ShotPiece[] {
  const { world } = run;
  return world.ids.map((id, i) => ({ id, x: world.x[i] as number, y: world.y[i] as number, onBoard: world.onBoard[i] === 1 }));
}

export interface ShotOutcome {
  /** All the coins after the shot, at rest: those that fell this shot `isProcessed` at their pocket's centre. */
  coins: CarromCoin[];
  /** Pieces in the order they fell (the striker too), with the pocket and the step. */
  falls: Fall[];
  strikerFell: boolean;
  /** The striker touched another piece. */
  strikerBeenHit: boolean;
  steps: number;
  subSteps: number;
  capped: boolean;
  /** Positions after each step, when asked for: the striker last, fallen pieces at their pocket. */
  frames?: ShotPiece[][];
}

/** The result of a finished run. */
export function shotOutcome(run: ShotRun): ShotOutcome {
  const { world } = run;
  const index = new Map(world.ids.map((id, i) => [id, i]));
  const coins = run.coinsBefore.map((coin): CarromCoin => {
    const i = index.get(coin.id);
    if (i === undefined || coin.isProcessed) return { ...coin, velocity: { x: 0, y: 0 } };
    return {
      ...coin,
      x: boardUnits(world.x[i] as number),
      y: boardUnits(world.y[i] as number),
      velocity: { x: 0, y: 0 },
      isProcessed: world.onBoard[i] === 0,
    };
  });
  return {
    coins,
    falls: world.falls.map((fall) => ({ ...fall })),
    strikerFell: world.onBoard[run.striker] === 0,
    strikerBeenHit: world.touched[run.striker] === 1,
    steps: world.steps,
    subSteps: world.subSteps,
    capped: run.capped,
  };
}

/** Plays a shot to rest or to the cap. Pure: the same coins and launch give the same outcome, bit for bit. */
export function runShot(coins: readonly CarromCoin[], launch: StrikerLaunch, options: { frames?: boolean } = {}): ShotOutcome {
  const run = startShot(coins, launch);
  const frames: ShotPiece[][] = [];
  while (stepShot(run)) {
    if (options.frames) frames.push(shotPieces(run));
  }
  if (options.frames) frames.push(shotPieces(run));
  const outcome = shotOutcome(run);
  return options.frames ? { ...outcome, frames } : outcome;
}
