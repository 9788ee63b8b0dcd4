import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARROM_BOARD_SIZE,
  CARROM_COIN_RADIUS,
  CARROM_FRICTION,
  CARROM_MAX_SHOT_STEPS,
  CARROM_POCKET_OFFSET,
  CARROM_POCKET_RADIUS,
  CARROM_STEPS_PER_SECOND,
  CARROM_STOP_SPEED,
  CARROM_STRIKER_RADIUS,
  CARROM_WALL_RESTITUTION,
  boardUnits,
  shotSpeed,
  type CarromCoin,
} from '../../protocol/carrom.ts';
import { baselineY, CENTRE, coinAt, freeSpotNearCentre, placeStriker, startCoins } from '../../rules/carrom/board.ts';
import { atRest, createWorld, direction, normaliseAngle, POCKETS, stepWorld, type PieceInit, type World } from '../../rules/carrom/physics.ts';
import { replayShot, runShot, shotOutcome, shotPieces, startShot, stepShot } from '../../rules/carrom/shot.ts';

/** The physics of ../shared/rules/carrom.md: tables of single situations, determinism, and properties. */

const mass = (r: number) => r * r;
const coin = (id: string, x: number, y: number, vx = 0, vy = 0): PieceInit => ({ id, radius: CARROM_COIN_RADIUS, x, y, vx, vy });
const striker = (x: number, y: number, vx = 0, vy = 0): PieceInit => ({ id: 'striker', radius: CARROM_STRIKER_RADIUS, x, y, vx, vy });

function momentum(world: World): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (let i = 0; i < world.count; i += 1) {
    const m = mass(world.radius[i] as number);
    x += m * (world.vx[i] as number);
    y += m * (world.vy[i] as number);
  }
  return { x, y };
}

function energy(world: World): number {
  let e = 0;
  for (let i = 0; i < world.count; i += 1) e += mass(world.radius[i] as number) * ((world.vx[i] as number) ** 2 + (world.vy[i] as number) ** 2);
  return e / 2;
}

/** Bits of every number of an outcome, so "identical" means identical. */
const bits = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' ? Array.from(new Uint8Array(new Float64Array([v]).buffer)).join('.') : v));

// The straight shot: striker at (65, 250) aimed along (−0.8, 0.6), which passes 0.6 from the bottom-left
// pocket's centre; a coin 35 further on that line at (37, 271).
const TOWARD_BOTTOM_LEFT = Math.atan2(0.6, -0.8);

describe('carrom constants', () => {
  it('are the page\'s numbers', () => {
    expect([CARROM_BOARD_SIZE, CARROM_COIN_RADIUS, CARROM_STRIKER_RADIUS, CARROM_POCKET_RADIUS, CARROM_POCKET_OFFSET]).toEqual([300, 11, 15, 16, 8]);
    expect([CARROM_STEPS_PER_SECOND, CARROM_FRICTION, CARROM_STOP_SPEED, CARROM_WALL_RESTITUTION, CARROM_MAX_SHOT_STEPS]).toEqual([45, 0.975, 0.2, 0.8, 1350]);
    expect(POCKETS).toEqual([
      { x: 8, y: 8 },
      { x: 292, y: 8 },
      { x: 8, y: 292 },
      { x: 292, y: 292 },
    ]);
    expect([shotSpeed(60), shotSpeed(30), shotSpeed(18)]).toEqual([200, 100, 60]);
    expect([baselineY('white'), baselineY('black')]).toEqual([250, 50]);
  });
});

describe('carrom angles without the engine\'s trigonometry', () => {
  it('direction() agrees with Math.cos and Math.sin to the last bits, for any finite angle', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), (angle) => {
        const d = direction(angle);
        const a = normaliseAngle(angle);
        expect(Math.abs(d.x - Math.cos(a))).toBeLessThan(1e-15);
        expect(Math.abs(d.y - Math.sin(a))).toBeLessThan(1e-15);
        expect(Math.abs(d.x * d.x + d.y * d.y - 1)).toBeLessThan(1e-15);
      }),
      { numRuns: 2000 },
    );
    expect(direction(0)).toEqual({ x: 1, y: 0 });
    expect(normaliseAngle(Math.PI)).toBe(-Math.PI);
    expect(normaliseAngle(-Math.PI)).toBe(-Math.PI);
    expect(direction(-Math.PI / 2).y).toBe(-1);
  });

  it('normaliseAngle() lands in [−π, π) for any finite angle, keeps the direction, changes nothing the second time', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ noNaN: true, noDefaultInfinity: true })), (angle) => {
        const a = normaliseAngle(angle);
        expect(a).toBeGreaterThanOrEqual(-Math.PI);
        expect(a).toBeLessThan(Math.PI);
        const d = direction(angle);
        expect(Math.abs(Math.hypot(d.x, d.y) - 1)).toBeLessThan(1e-15);
        expect(normaliseAngle(a)).toBe(a);
        expect(direction(a)).toEqual(direction(angle));
      }),
      { numRuns: 500 },
    );
  });
});

describe('carrom physics tables', () => {
  it('a straight shot pockets the coin in the bottom-left pocket, the striker stays on the board', () => {
    const outcome = runShot([coinAt('w1', 'white', 37, 271)], { x: 65, y: 250, angle: TOWARD_BOTTOM_LEFT, speed: shotSpeed(24) });
    expect(outcome.falls.map((f) => [f.id, f.pocket])).toEqual([['w1', 2]]);
    expect(outcome.coins).toEqual([{ id: 'w1', type: 'white', x: 8, y: 292, velocity: { x: 0, y: 0 }, isProcessed: true }]);
    expect(outcome.strikerBeenHit).toBe(true);
    expect(outcome.strikerFell).toBe(false);
    expect(outcome.capped).toBe(false);
    // Full pull: the striker follows the coin in.
    const hard = runShot([coinAt('w1', 'white', 37, 271)], { x: 65, y: 250, angle: TOWARD_BOTTOM_LEFT, speed: shotSpeed(60) });
    expect(hard.falls.map((f) => [f.id, f.pocket])).toEqual([
      ['w1', 2],
      ['striker', 2],
    ]);
    expect(hard.strikerFell).toBe(true);
  });

  it('a glancing collision conserves momentum (friction aside) and energy, and sends the coin along the contact normal', () => {
    // Striker moving +x at 150 units/s, the coin 13 units off its line: sin(cut) = 13 / 26.
    const world = createWorld([striker(60, 150, 150, 0), coin('w1', 120, 163)]);
    const p0 = momentum(world);
    const e0 = energy(world);
    let k = 0;
    while ((world.vx[1] as number) === 0 && k < 100) {
      stepWorld(world);
      k += 1;
    }
    stepWorld(world);
    k += 1;
    const decay = CARROM_FRICTION ** k;
    const p = momentum(world);
    expect(Math.abs(p.x - p0.x * decay)).toBeLessThan(1e-9 * Math.abs(p0.x));
    expect(Math.abs(p.y - p0.y * decay)).toBeLessThan(1e-9 * Math.abs(p0.x));
    expect(Math.abs(energy(world) - e0 * decay * decay)).toBeLessThan(1e-9 * e0);
    // The coin leaves along the line of centres at contact: 30° below the striker's path.
    const angle = Math.atan2(world.vy[1] as number, world.vx[1] as number);
    expect(Math.abs(angle - Math.asin(13 / 26))).toBeLessThan(1e-9);
    expect(world.touched[0]).toBe(1);
  });

  it('a wall keeps 0.8 of the speed across it and all of the speed along it', () => {
    // Straight into the left wall, then the same at a slant.
    for (const [vx, vy] of [
      [-120, 0],
      [-120, 50],
    ] as const) {
      const world = createWorld([coin('w1', 40, 150, vx, vy)]);
      let before = { vx: 0, vy: 0 };
      while ((world.vx[0] as number) < 0) {
        before = { vx: world.vx[0] as number, vy: world.vy[0] as number };
        stepWorld(world);
      }
      expect(world.vx[0]).toBeCloseTo(-before.vx * CARROM_WALL_RESTITUTION * CARROM_FRICTION, 12);
      expect(world.vy[0]).toBeCloseTo(before.vy * CARROM_FRICTION, 12);
      expect(world.x[0]).toBeGreaterThanOrEqual(CARROM_COIN_RADIUS);
    }
  });

  it('friction stops a lone coin in the expected number of steps, after the expected distance', () => {
    for (const v0 of [100, 37, 180]) {
      const world = createWorld([coin('w1', 60, 150, v0, 0)]);
      while (!atRest(world)) stepWorld(world);
      // The first k with v0 × 0.975^k < 0.2.
      const expected = Math.floor(Math.log(CARROM_STOP_SPEED / v0) / Math.log(CARROM_FRICTION)) + 1;
      expect(world.steps).toBe(expected);
      const distance = (v0 / CARROM_STEPS_PER_SECOND) * ((1 - CARROM_FRICTION ** expected) / (1 - CARROM_FRICTION));
      expect(world.x[0]).toBeCloseTo(60 + distance, 9);
    }
    expect(Math.floor(Math.log(0.2 / 100) / Math.log(0.975)) + 1).toBe(246);
  });

  it('does not let pieces pass through one another even at ten times the highest speed', () => {
    // 2,000 units/s is 44 units a step, twice a coin's width: without sub-steps they would cross.
    const world = createWorld([coin('a', 60, 150, 2000, 0), coin('b', 240, 150, -2000, 0)]);
    let crossed = false;
    while (!atRest(world) && world.steps < 400) {
      stepWorld(world);
      if ((world.x[0] as number) > (world.x[1] as number)) crossed = true;
    }
    expect(crossed).toBe(false);
    expect(world.touched[0]).toBe(1);
    expect(world.subSteps).toBeGreaterThan(world.steps);
  });

  it('a striker sent straight into a corner falls; a weak one stops short', () => {
    const fell = runShot([], { x: 65, y: 250, angle: TOWARD_BOTTOM_LEFT, speed: shotSpeed(30) });
    expect(fell.falls.map((f) => [f.id, f.pocket])).toEqual([['striker', 2]]);
    expect(fell.strikerFell).toBe(true);
    expect(fell.strikerBeenHit).toBe(false);
    const short = runShot([], { x: 65, y: 250, angle: TOWARD_BOTTOM_LEFT, speed: shotSpeed(18) });
    expect(short.falls).toEqual([]);
  });

  it('a coin running along a wall into the corner falls into that corner\'s pocket', () => {
    // Along the bottom wall toward the bottom-right pocket: its centre comes within 16 of (292, 292).
    const world = createWorld([coin('w1', 200, 289, 150, 0)]);
    while (!atRest(world)) stepWorld(world);
    expect(world.falls.map((f) => [f.id, f.pocket])).toEqual([['w1', 3]]);
  });
});

describe('carrom determinism', () => {
  const breakShot = { x: 150, y: baselineY('white'), angle: -Math.PI / 2, speed: shotSpeed(60) };

  it('the same shot twice gives the same result, bit for bit', () => {
    const a = runShot(startCoins(), breakShot, { frames: true });
    const b = runShot(startCoins(), breakShot, { frames: true });
    expect(bits(b)).toBe(bits(a));
    expect(a.steps).toBeGreaterThan(50);
    expect(a.frames).toHaveLength(a.steps);
  });

  it('the app\'s step-by-step replay from a JSON round trip ends exactly where the server\'s run ended', () => {
    const coins = startCoins();
    const server = runShot(coins, breakShot);
    const stored = JSON.parse(JSON.stringify(coins)) as CarromCoin[];
    const run = replayShot(
      { shotNumber: 1, playerId: 'p', strikerPosition: boardUnits(breakShot.x), angle: breakShot.angle, hitStrength: 60, speed: breakShot.speed, coinsBefore: stored, steps: 0, pocketed: [], fouls: [], returned: [], queenCovered: false, turnKept: false },
      'white',
    );
    let frames = 0;
    while (stepShot(run)) frames += 1;
    expect(frames + 1).toBe(server.steps);
    expect(stepShot(run)).toBe(false);
    expect(bits(shotOutcome(run))).toBe(bits(server));
    expect(shotPieces(run).at(-1)?.id).toBe('striker');
  });

  it('never changes the coins it is given', () => {
    const coins = startCoins();
    const copy = structuredClone(coins);
    runShot(coins, breakShot);
    startShot(coins, breakShot);
    expect(coins).toEqual(copy);
  });
});

describe('carrom board layout', () => {
  it('starts with the queen in the centre and nine of each colour around it, none touching', () => {
    const coins = startCoins();
    expect(coins).toHaveLength(19);
    expect(coins[0]).toEqual({ id: 'queen', type: 'queen', x: 150, y: 150, velocity: { x: 0, y: 0 }, isProcessed: false });
    expect(coins.filter((c) => c.type === 'white').map((c) => c.id)).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9']);
    expect(coins.filter((c) => c.type === 'black').map((c) => c.id)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9']);
    let closest = Infinity;
    for (const a of coins) for (const b of coins) if (a !== b) closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
    expect(closest).toBeGreaterThan(2 * CARROM_COIN_RADIUS);
    expect(closest).toBeLessThan(2 * CARROM_COIN_RADIUS + 0.5);
    // Turned 180°, the rosette is itself with the colours swapped: both sides face the same board.
    for (const c of coins) {
      const twin = coins.find((o) => Math.abs(o.x - (300 - c.x)) < 1e-9 && Math.abs(o.y - (300 - c.y)) < 1e-9);
      expect(twin?.type).toBe(c.type === 'queen' ? 'queen' : c.type === 'white' ? 'black' : 'white');
    }
    // The alternating rings: each coin's neighbours in its ring of six are the other colour.
    const ring = (d: number) => coins.filter((c) => Math.abs(Math.hypot(c.x - 150, c.y - 150) - d) < 0.01);
    for (const six of [ring(22.2), ring(44.4), ring(22.2 * Math.sqrt(3))]) {
      expect(six).toHaveLength(6);
      const sorted = [...six].sort((a, b) => Math.atan2(a.y - 150, a.x - 150) - Math.atan2(b.y - 150, b.x - 150));
      sorted.forEach((c, i) => expect(c.type).not.toBe(sorted[(i + 1) % 6]?.type));
    }
  });

  it('places the striker where asked when free, else the nearest free spot in steps of 5 within 65–235', () => {
    const coins = [coinAt('w1', 'white', 150, 230)];
    expect(placeStriker(coins, 'white', 100)).toEqual({ x: 100, y: 250, free: true });
    // The coin is 20 above the baseline: a spot is free 16.6 or more to either side of x = 150.
    expect(placeStriker(coins, 'white', 150)).toEqual({ x: 130, y: 250, free: true });
    // From 152: 147/157, 142/162, 137/167 — 137 is 13 off (touching), 167 is 17 off (free).
    expect(placeStriker(coins, 'white', 152)).toEqual({ x: 167, y: 250, free: true });
    // Black's baseline is y = 50; the coin does not reach it.
    expect(placeStriker(coins, 'black', 150)).toEqual({ x: 150, y: 50, free: true });
    // At the end of the baseline only one side remains.
    expect(placeStriker([coinAt('w1', 'white', 66, 250)], 'white', 65).x).toBe(95);
    // Exactly 26 away is free (touching).
    expect(placeStriker([coinAt('w1', 'white', 126, 250)], 'white', 100).x).toBe(100);
    // A pocketed coin is no obstacle.
    expect(placeStriker([{ ...coinAt('w1', 'white', 150, 250), isProcessed: true }], 'white', 150).x).toBe(150);
  });

  it('when coins cover the whole baseline, stands the striker where it touches least', () => {
    const wall = [70, 110, 150, 190, 230].map((x, i) => coinAt(`w${i + 1}`, 'white', x, 250));
    const spot = placeStriker(wall, 'white', 150);
    expect(spot.free).toBe(false);
    expect([90, 130, 170, 210]).toContain(spot.x);
  });

  it('puts a coin back in the centre, or at the nearest free whole-unit point', () => {
    expect(freeSpotNearCentre([coinAt('w1', 'white', 20, 20)])).toEqual({ x: 150, y: 150 });
    expect(freeSpotNearCentre([coinAt('queen', 'queen', CENTRE, CENTRE)])).toEqual({ x: 150, y: 128 });
    // Against the full rosette: free, and no grid point nearer the centre is.
    const coins = startCoins();
    const spot = freeSpotNearCentre(coins);
    const free = (x: number, y: number) => coins.every((c) => Math.hypot(c.x - x, c.y - y) >= 22);
    expect(free(spot.x, spot.y)).toBe(true);
    const d = Math.hypot(spot.x - 150, spot.y - 150);
    const nearer: string[] = [];
    for (let x = 80; x <= 220; x += 1) for (let y = 80; y <= 220; y += 1) if (Math.hypot(x - 150, y - 150) < d && free(x, y)) nearer.push(`${x},${y}`);
    expect(nearer).toEqual([]);
  });
});

describe('carrom physics properties', () => {
  /** Up to `n` coins at random spots, dropping any that would overlap an earlier one or sit in a pocket. */
  const boards = fc
    .array(fc.tuple(fc.double({ min: 11, max: 289, noNaN: true }), fc.double({ min: 11, max: 289, noNaN: true })), { minLength: 1, maxLength: 19 })
    .map((spots) => {
      const coins: CarromCoin[] = [];
      for (const [x, y] of spots) {
        if (POCKETS.some((p) => Math.hypot(p.x - x, p.y - y) < 17)) continue;
        if (coins.some((c) => Math.hypot(c.x - x, c.y - y) < 22)) continue;
        coins.push(coinAt(`c${coins.length + 1}`, coins.length % 2 ? 'black' : 'white', x, y));
      }
      return coins;
    });
  const shots = fc.record({
    x: fc.double({ min: 65, max: 235, noNaN: true }),
    color: fc.constantFrom('white' as const, 'black' as const),
    angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    pull: fc.double({ min: 18, max: 60, noNaN: true }),
  });

  it('no piece ever leaves the board except into a pocket, and none overlap at rest', () => {
    fc.assert(
      fc.property(fc.oneof(boards, fc.constant(startCoins())), shots, (coins, shot) => {
        const spot = placeStriker(coins, shot.color, shot.x);
        const run = startShot(coins, { x: spot.x, y: spot.y, angle: shot.angle, speed: shotSpeed(shot.pull) });
        const { world } = run;
        // Plain comparisons in the loop (an expect per piece per step would dominate the run time).
        const strays: string[] = [];
        const inside = () => {
          for (let i = 0; i < world.count; i += 1) {
            const r = world.radius[i] as number;
            const x = world.x[i] as number;
            const y = world.y[i] as number;
            const ok = world.onBoard[i]
              ? x >= r - 1e-9 && x <= 300 - r + 1e-9 && y >= r - 1e-9 && y <= 300 - r + 1e-9
              : POCKETS.some((p) => p.x === x && p.y === y);
            if (!ok) strays.push(`${world.ids[i]} at (${x}, ${y}) after step ${world.steps}`);
          }
        };
        while (stepShot(run)) inside();
        inside();
        expect(strays).toEqual([]);
        expect(run.capped).toBe(false);
        // At rest: no two pieces overlap by more than a hair.
        let deepest = 0;
        for (let i = 0; i < world.count; i += 1) {
          for (let j = i + 1; j < world.count; j += 1) {
            if (!world.onBoard[i] || !world.onBoard[j]) continue;
            const d = Math.hypot((world.x[i] as number) - (world.x[j] as number), (world.y[i] as number) - (world.y[j] as number));
            deepest = Math.max(deepest, (world.radius[i] as number) + (world.radius[j] as number) - d);
          }
        }
        expect(deepest).toBeLessThan(0.01);
        const outcome = shotOutcome(run);
        expect(outcome.coins.map((c) => c.id)).toEqual(coins.map((c) => c.id));
        expect(outcome.coins.filter((c) => c.isProcessed).length + (outcome.strikerFell ? 1 : 0)).toBe(outcome.falls.length);
      }),
      { numRuns: 150 },
    );
  });
});
