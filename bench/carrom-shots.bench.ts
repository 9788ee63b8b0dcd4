import { CARROM_COIN_RADIUS, CARROM_STEPS_PER_SECOND, shotSpeed, type CarromCoin } from '../protocol/carrom.ts';
import { coinAt, placeStriker, startCoins } from '../rules/carrom/board.ts';
import { carromRules } from '../rules/carrom/index.ts';
import { runShot, startShot, stepShot, type StrikerLaunch } from '../rules/carrom/shot.ts';
import { timeCall, type Bench } from './table.ts';

/**
 * The carrom physics (rules/carrom/physics.ts) on a fixed set of hard shots: full-power breaks into the
 * start rosette, a dense cluster of touching coins, long rebounds off the walls, corner shots. Per shot
 * the fixed steps until rest, the sub-steps, the time of one whole shot (what the server spends inside
 * the game row's lock) and the steps simulated per second; then apply() and view() per shot.
 */

const up = -Math.PI / 2;
const white = (x: number, angle: number, pull = 60): StrikerLaunch => {
  const spot = placeStriker(startCoins(), 'white', x);
  return { x: spot.x, y: spot.y, angle, speed: shotSpeed(pull) };
};

/** 19 coins touching on a hexagonal lattice (centres exactly 22 apart) around (cx, cy). */
function cluster(cx: number, cy: number): CarromCoin[] {
  const coins: CarromCoin[] = [];
  const d = 2 * CARROM_COIN_RADIUS;
  for (let b = -2; b <= 2; b += 1) {
    for (let a = -2; a <= 2; a += 1) {
      if (Math.abs(a + b) > 2) continue;
      const n = coins.length;
      coins.push(coinAt(n === 9 ? 'queen' : `${n % 2 ? 'b' : 'w'}${n}`, n === 9 ? 'queen' : n % 2 ? 'black' : 'white', cx + d * (a + b / 2), cy + d * b * 0.8660254037844386));
    }
  }
  return coins;
}

/** Coins scattered near the walls, for a striker that runs the rails among them. */
const railCoins = [
  coinAt('w1', 'white', 40, 200),
  coinAt('b1', 'black', 20, 120),
  coinAt('w2', 'white', 288, 120),
  coinAt('b2', 'black', 120, 180),
  coinAt('w3', 'white', 150, 60),
  coinAt('b3', 'black', 200, 160),
];

/** Times a piece's velocity turned back at a wall during the shot. */
function wallHits(coins: CarromCoin[], launch: StrikerLaunch): number {
  const run = startShot(coins, launch);
  const { world } = run;
  let hits = 0;
  let vx = Array.from(world.vx);
  let vy = Array.from(world.vy);
  while (stepShot(run)) {
    for (let i = 0; i < world.count; i += 1) {
      const r = world.radius[i] as number;
      const x = world.x[i] as number;
      const y = world.y[i] as number;
      const atWall = x < r + 3 || x > 300 - r - 3 || y < r + 3 || y > 300 - r - 3;
      const turned = (vx[i] as number) * (world.vx[i] as number) < 0 || (vy[i] as number) * (world.vy[i] as number) < 0;
      if (world.onBoard[i] && atWall && turned) hits += 1;
    }
    vx = Array.from(world.vx);
    vy = Array.from(world.vy);
  }
  return hits;
}

const shots: [string, CarromCoin[], StrikerLaunch][] = [
  ['break, straight at the queen', startCoins(), white(150, up)],
  ['break, off-centre', startCoins(), white(120, up + 0.25)],
  ['break, thin cut on the rosette edge', startCoins(), white(200, up - 0.33)],
  ['dense cluster, full on', cluster(150, 130), white(150, up)],
  ['dense cluster in a corner', cluster(60, 70), { x: 200, y: 250, angle: Math.atan2(70 - 250, 60 - 200), speed: 200 }],
  // With friction 0.975 a step a full-power striker runs ~178 units: these are the most wall hits a
  // search over baseline spots and angles found, alone and striking a coin near the side wall.
  ['rebounds, lone striker in the bottom-left', [], white(65, 1.96)],
  ['rebounds, a coin struck round the corner', [coinAt('w1', 'white', 260, 230)], white(235, 1.06)],
  ['rebounds, striker among rail coins', railCoins, white(100, -2.2)],
  ['corner pocket, striker follows in', [coinAt('w1', 'white', 37, 271)], { x: 65, y: 250, angle: Math.atan2(0.6, -0.8), speed: 200 }],
];

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

const bench: Bench = {
  run() {
    const rows: (string | number)[][] = [];
    let slowest = { ms: 0, label: '' };
    let totalSteps = 0;
    let totalMs = 0;
    for (const [label, coins, launch] of shots) {
      const outcome = runShot(coins, launch);
      const ms = timeCall(() => runShot(coins, launch), 100) / 1000;
      if (ms > slowest.ms) slowest = { ms, label };
      totalSteps += outcome.steps;
      totalMs += ms;
      rows.push([
        label,
        coins.length,
        outcome.steps,
        fmt(outcome.subSteps / outcome.steps, 2),
        wallHits(coins, launch),
        outcome.falls.length,
        fmt(outcome.steps / CARROM_STEPS_PER_SECOND),
        fmt(ms, 3),
        thousands(outcome.steps / (ms / 1000)),
      ]);
    }
    const stepsPerSecond = totalSteps / (totalMs / 1000);

    // The server's whole call per shot: checks, placement, simulation, scoring, the copy for the view.
    const game = carromRules.create(['white-player', 'black-player'], '', 0);
    const move = { playerId: 'white-player', strikerPosition: 150, angle: up, hitStrength: 60, speed: 200 };
    const applyMs = timeCall(() => carromRules.apply(game, 'white-player', move, 1), 100) / 1000;
    const after = carromRules.apply(game, 'white-player', move, 1);
    const viewUs = timeCall(() => carromRules.view(after, 'black-player'));

    return {
      title: 'Carrom physics: hard shots simulated to rest (fixed 1/45 s steps)',
      columns: ['shot', 'coins', 'steps', 'sub/step', 'wall hits', 'fell', 'replay s', 'ms/shot', 'steps/s'],
      rows,
      notes: [
        '',
        'steps: fixed steps until every piece rests; sub/step: mean sub-steps per step (a piece moves at most 2 units in one);',
        'wall hits: times a piece turned back off a wall; fell: pieces pocketed (the striker too);',
        'replay s: how long the app animates it; ms/shot: one whole simulation, the fastest of repeated batches.',
        '',
        `All shots: ${thousands(stepsPerSecond)} steps/s (${fmt(stepsPerSecond / CARROM_STEPS_PER_SECOND, 0)}× real time); slowest shot ${fmt(slowest.ms, 2)} ms (${slowest.label}).`,
        `apply() of a full-power break (placement, simulation, scoring, records) ${fmt(applyMs, 2)} ms; view() ${fmt(viewUs)} µs.`,
      ],
      targets: [
        { target: `slowest shot under 10 ms (the server holds the game row's lock meanwhile): ${fmt(slowest.ms, 2)} ms`, met: slowest.ms < 10 },
        { target: `at least 100× real time (4,500 steps/s) over all shots: ${thousands(stepsPerSecond)} steps/s`, met: stepsPerSecond >= 100 * CARROM_STEPS_PER_SECOND },
      ],
    };
  },
};

export default bench;
