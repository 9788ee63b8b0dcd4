import {
  CARROM_BOARD_SIZE,
  CARROM_FRICTION,
  CARROM_POCKET_OFFSET,
  CARROM_POCKET_RADIUS,
  CARROM_STEPS_PER_SECOND,
  CARROM_STOP_SPEED,
  CARROM_WALL_RESTITUTION,
} from '../../protocol/carrom.ts';

/**
 * The fixed-step simulation of ../shared/rules/carrom.md, the same code on the server (the authority)
 * and in the app (the replay). One step (1/45 s):
 * 1. it is cut into sub-steps so that no piece travels more than MAX_SUBSTEP_TRAVEL in one, and in each:
 *    every piece moves by velocity × sub-step; disc–disc contacts are resolved (below); the walls bounce
 *    (restitution 0.8 on the normal component, the overshoot reflected); a piece whose path came within the
 *    pocket radius of a pocket centre falls;
 * 2. every velocity is multiplied by 0.975, and a piece slower than 0.2 units/s stops.
 * With one sub-step that is exactly the page's step; the sub-steps only keep fast pieces from passing
 * through one another (the fastest piece, a coin struck full on at 200 units/s, moves ~6 units a step).
 *
 * A contact: for a pair found overlapping while approaching, both are moved back along their velocities
 * to the moment they touched (a swept test inside the sub-step), the elastic impulse is applied along the
 * normal at that moment (masses by area: radius²), and both move forward again for the rest of the
 * sub-step. What still overlaps (a packed cluster, pieces at rest) is pushed apart along the centre line,
 * in mass proportion. The pass over all pairs repeats until nothing overlaps (at most MAX_PASSES).
 *
 * Determinism: only + − × ÷ and Math.sqrt (correctly rounded everywhere), loops in a fixed order, and our
 * own polynomial sine and cosine (engines' Math.sin/cos may differ in the last place). Same input, same
 * output, bit for bit, on one engine; across engines the stored board wins anyway.
 *
 * The world is mutable (typed arrays, for speed): it belongs to whoever created it, and nothing here
 * touches anything else.
 */

export const MAX_SUBSTEP_TRAVEL = 2;
export const MAX_PASSES = 8;
/** Overlaps shallower than this (units) are contact, not overlap: it stops the passes from chasing rounding. */
const SLOP = 1e-9;

export interface Pocket {
  x: number;
  y: number;
}
const far = CARROM_BOARD_SIZE - CARROM_POCKET_OFFSET;
/** Top-left, top-right, bottom-left, bottom-right. */
export const POCKETS: readonly Pocket[] = [
  { x: CARROM_POCKET_OFFSET, y: CARROM_POCKET_OFFSET },
  { x: far, y: CARROM_POCKET_OFFSET },
  { x: CARROM_POCKET_OFFSET, y: far },
  { x: far, y: far },
];
const POCKET_R2 = CARROM_POCKET_RADIUS * CARROM_POCKET_RADIUS;
const STOP_SPEED2 = CARROM_STOP_SPEED * CARROM_STOP_SPEED;

export interface PieceInit {
  id: string;
  radius: number;
  x: number;
  y: number;
  vx?: number;
  vy?: number;
}

export interface Fall {
  id: string;
  /** Index in POCKETS. */
  pocket: number;
  /** The step (1-based) in which it fell. */
  step: number;
}

export interface World {
  readonly count: number;
  readonly ids: readonly string[];
  readonly radius: Float64Array;
  readonly invMass: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** 1 while on the board, 0 once fallen. */
  readonly onBoard: Uint8Array;
  /** 1 once the piece has touched another piece. */
  readonly touched: Uint8Array;
  /** Where each piece stood when its sub-step began (scratch, for the pocket sweep). */
  readonly fromX: Float64Array;
  readonly fromY: Float64Array;
  readonly falls: Fall[];
  steps: number;
  subSteps: number;
}

export function createWorld(pieces: readonly PieceInit[]): World {
  const count = pieces.length;
  const world: World = {
    count,
    ids: pieces.map((p) => p.id),
    radius: new Float64Array(count),
    invMass: new Float64Array(count),
    x: new Float64Array(count),
    y: new Float64Array(count),
    vx: new Float64Array(count),
    vy: new Float64Array(count),
    onBoard: new Uint8Array(count).fill(1),
    touched: new Uint8Array(count),
    fromX: new Float64Array(count),
    fromY: new Float64Array(count),
    falls: [],
    steps: 0,
    subSteps: 0,
  };
  pieces.forEach((p, i) => {
    world.radius[i] = p.radius;
    world.invMass[i] = 1 / (p.radius * p.radius);
    world.x[i] = p.x;
    world.y[i] = p.y;
    world.vx[i] = p.vx ?? 0;
    world.vy[i] = p.vy ?? 0;
  });
  return world;
}

/** Nothing on the board moves. */
export function atRest(world: World): boolean {
  for (let i = 0; i < world.count; i += 1) {
    if (world.onBoard[i] && (world.vx[i] !== 0 || world.vy[i] !== 0)) return false;
  }
  return true;
}

/** Stops everything where it is (the shot's step cap). */
export function halt(world: World): void {
  world.vx.fill(0);
  world.vy.fill(0);
}

/** One fixed step of 1/45 s. */
export function stepWorld(world: World): void {
  const { count, onBoard, vx, vy } = world;
  let fastest2 = 0;
  for (let i = 0; i < count; i += 1) {
    if (!onBoard[i]) continue;
    const v2 = (vx[i] as number) * (vx[i] as number) + (vy[i] as number) * (vy[i] as number);
    if (v2 > fastest2) fastest2 = v2;
  }
  const travel = Math.sqrt(fastest2) / CARROM_STEPS_PER_SECOND;
  const parts = travel <= MAX_SUBSTEP_TRAVEL ? 1 : Math.ceil(travel / MAX_SUBSTEP_TRAVEL);
  const dt = 1 / (CARROM_STEPS_PER_SECOND * parts);
  world.steps += 1;
  for (let part = 0; part < parts; part += 1) subStep(world, dt);
  world.subSteps += parts;
  for (let i = 0; i < count; i += 1) {
    if (!onBoard[i]) continue;
    const nx = (vx[i] as number) * CARROM_FRICTION;
    const ny = (vy[i] as number) * CARROM_FRICTION;
    if (nx * nx + ny * ny < STOP_SPEED2) {
      vx[i] = 0;
      vy[i] = 0;
    } else {
      vx[i] = nx;
      vy[i] = ny;
    }
  }
}

function subStep(world: World, dt: number): void {
  const { count, onBoard, x, y, vx, vy, fromX, fromY } = world;
  for (let i = 0; i < count; i += 1) {
    if (!onBoard[i]) continue;
    fromX[i] = x[i] as number;
    fromY[i] = y[i] as number;
    x[i] = (x[i] as number) + (vx[i] as number) * dt;
    y[i] = (y[i] as number) + (vy[i] as number) * dt;
  }
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const overlapped = resolvePairs(world, dt);
    bounceOffWalls(world);
    if (!overlapped) break;
  }
  for (let i = 0; i < count; i += 1) {
    if (onBoard[i]) fallIfPocketed(world, i);
  }
}

/** One pass over all pairs; true when some pair overlapped. */
function resolvePairs(world: World, dt: number): boolean {
  const { count, onBoard, x, y, vx, vy, radius, invMass, touched } = world;
  let overlapped = false;
  for (let i = 0; i < count; i += 1) {
    if (!onBoard[i]) continue;
    for (let j = i + 1; j < count; j += 1) {
      if (!onBoard[j]) continue;
      const reach = (radius[i] as number) + (radius[j] as number);
      let dx = (x[j] as number) - (x[i] as number);
      let dy = (y[j] as number) - (y[i] as number);
      let d2 = dx * dx + dy * dy;
      if (d2 >= (reach - SLOP) * (reach - SLOP)) continue;
      overlapped = true;
      touched[i] = 1;
      touched[j] = 1;
      const mi = invMass[i] as number;
      const mj = invMass[j] as number;
      // Relative velocity of i toward j: positive while they close in.
      const wx = (vx[i] as number) - (vx[j] as number);
      const wy = (vy[i] as number) - (vy[j] as number);
      if (wx * dx + wy * dy > 0) {
        // Back to the moment of contact, at most this sub-step: τ > 0 with |d + w·τ| = reach.
        const ww = wx * wx + wy * wy;
        const dw = dx * wx + dy * wy;
        const disc = dw * dw - ww * (d2 - reach * reach);
        let tau = (Math.sqrt(disc) - dw) / ww;
        if (!(tau <= dt)) tau = dt;
        const cix = (x[i] as number) - (vx[i] as number) * tau;
        const ciy = (y[i] as number) - (vy[i] as number) * tau;
        const cjx = (x[j] as number) - (vx[j] as number) * tau;
        const cjy = (y[j] as number) - (vy[j] as number) * tau;
        let nx = cjx - cix;
        let ny = cjy - ciy;
        const len = Math.sqrt(nx * nx + ny * ny);
        if (len > 0) {
          nx /= len;
          ny /= len;
        } else {
          nx = 1;
          ny = 0;
        }
        const closing = wx * nx + wy * ny;
        if (closing > 0) {
          const impulse = (2 * closing) / (mi + mj);
          vx[i] = (vx[i] as number) - impulse * mi * nx;
          vy[i] = (vy[i] as number) - impulse * mi * ny;
          vx[j] = (vx[j] as number) + impulse * mj * nx;
          vy[j] = (vy[j] as number) + impulse * mj * ny;
        }
        x[i] = cix + (vx[i] as number) * tau;
        y[i] = ciy + (vy[i] as number) * tau;
        x[j] = cjx + (vx[j] as number) * tau;
        y[j] = cjy + (vy[j] as number) * tau;
        dx = (x[j] as number) - (x[i] as number);
        dy = (y[j] as number) - (y[i] as number);
        d2 = dx * dx + dy * dy;
      }
      if (d2 < reach * reach) {
        // Still overlapping (a packed cluster, or pieces at rest): push apart along the centre line.
        const d = Math.sqrt(d2);
        let nx = 1;
        let ny = 0;
        if (d > 0) {
          nx = dx / d;
          ny = dy / d;
        }
        const depth = (reach - d) / (mi + mj);
        x[i] = (x[i] as number) - nx * depth * mi;
        y[i] = (y[i] as number) - ny * depth * mi;
        x[j] = (x[j] as number) + nx * depth * mj;
        y[j] = (y[j] as number) + ny * depth * mj;
      }
    }
  }
  return overlapped;
}

function bounceOffWalls(world: World): void {
  const { count, onBoard, x, y, vx, vy, radius } = world;
  for (let i = 0; i < count; i += 1) {
    if (!onBoard[i]) continue;
    const r = radius[i] as number;
    const high = CARROM_BOARD_SIZE - r;
    const px = x[i] as number;
    if (px < r) {
      if ((vx[i] as number) < 0) {
        vx[i] = -(vx[i] as number) * CARROM_WALL_RESTITUTION;
        x[i] = r + (r - px) * CARROM_WALL_RESTITUTION;
      } else x[i] = r;
    } else if (px > high) {
      if ((vx[i] as number) > 0) {
        vx[i] = -(vx[i] as number) * CARROM_WALL_RESTITUTION;
        x[i] = high - (px - high) * CARROM_WALL_RESTITUTION;
      } else x[i] = high;
    }
    const py = y[i] as number;
    if (py < r) {
      if ((vy[i] as number) < 0) {
        vy[i] = -(vy[i] as number) * CARROM_WALL_RESTITUTION;
        y[i] = r + (r - py) * CARROM_WALL_RESTITUTION;
      } else y[i] = r;
    } else if (py > high) {
      if ((vy[i] as number) > 0) {
        vy[i] = -(vy[i] as number) * CARROM_WALL_RESTITUTION;
        y[i] = high - (py - high) * CARROM_WALL_RESTITUTION;
      } else y[i] = high;
    }
  }
}

/** Squared distance from (px, py) to the segment from (ax, ay) to (bx, by). */
function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const sx = bx - ax;
  const sy = by - ay;
  const s2 = sx * sx + sy * sy;
  let t = s2 > 0 ? ((px - ax) * sx + (py - ay) * sy) / s2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const cx = ax + sx * t - px;
  const cy = ay + sy * t - py;
  return cx * cx + cy * cy;
}

function fallIfPocketed(world: World, i: number): void {
  const ax = world.fromX[i] as number;
  const ay = world.fromY[i] as number;
  const bx = world.x[i] as number;
  const by = world.y[i] as number;
  for (let p = 0; p < POCKETS.length; p += 1) {
    const pocket = POCKETS[p] as Pocket;
    if (segmentDistance2(pocket.x, pocket.y, ax, ay, bx, by) >= POCKET_R2) continue;
    world.onBoard[i] = 0;
    world.vx[i] = 0;
    world.vy[i] = 0;
    world.x[i] = pocket.x;
    world.y[i] = pocket.y;
    world.falls.push({ id: world.ids[i] as string, pocket: p, step: world.steps });
    return;
  }
}

// ---- Angles without the engine's trigonometry. ----

const PI = 3.141592653589793;
const TWO_PI = 6.283185307179586;
const HALF_PI = 1.5707963267948966;

/**
 * The same direction in [−π, π); normalising twice changes nothing. `%` is exact in IEEE arithmetic (and
 * so the same on every engine) at any magnitude, where subtracting a rounded multiple of 2π would lose
 * every digit of an angle like 1e300.
 */
export function normaliseAngle(angle: number): number {
  const r = angle % TWO_PI;
  if (r >= PI) return r - TWO_PI;
  if (r < -PI) return r + TWO_PI;
  return r;
}

/** sin and cos for |t| ≤ π/4 by their Taylor series to the 17th power (error far below a double's ulp). */
function sinCosSmall(t: number): [number, number] {
  const t2 = t * t;
  const sin =
    t * (1 - (t2 / 6) * (1 - (t2 / 20) * (1 - (t2 / 42) * (1 - (t2 / 72) * (1 - (t2 / 110) * (1 - (t2 / 156) * (1 - (t2 / 210) * (1 - t2 / 272))))))));
  const cos =
    1 - (t2 / 2) * (1 - (t2 / 12) * (1 - (t2 / 30) * (1 - (t2 / 56) * (1 - (t2 / 90) * (1 - (t2 / 132) * (1 - (t2 / 182) * (1 - t2 / 240)))))));
  return [sin, cos];
}

/** The unit vector of an angle (radians, any finite value), with only + − × ÷ and Math.round. */
export function direction(angle: number): { x: number; y: number } {
  const a = normaliseAngle(angle);
  const quarter = Math.round(a / HALF_PI);
  const [s, c] = sinCosSmall(a - quarter * HALF_PI);
  switch (((quarter % 4) + 4) % 4) {
    case 0:
      return { x: c, y: s };
    case 1:
      return { x: -s, y: c };
    case 2:
      return { x: -c, y: -s };
    default:
      return { x: s, y: -c };
  }
}
