import {
  CARROM_BASELINE_Y,
  CARROM_BOARD_SIZE,
  CARROM_COIN_RADIUS,
  CARROM_POCKET_RADIUS,
  CARROM_STRIKER_CLEARANCE,
  CARROM_STRIKER_MAX_X,
  CARROM_STRIKER_MIN_X,
  CARROM_STRIKER_SEARCH_STEP,
  boardUnits,
  type CarromCoin,
  type CarromCoinType,
  type CarromColor,
} from '../../protocol/carrom.ts';
import { POCKETS } from './physics.ts';

/** The board's layout: the start rosette, the baselines, where a striker may stand, where a coin goes back. */

export const CENTRE = CARROM_BOARD_SIZE / 2;
/** Centre to centre in the rosette: two coin radii and a hair, so no two coins start touching. */
export const ROSETTE_SPACING = 2 * CARROM_COIN_RADIUS + 0.2;
const SQRT3_HALF = 0.8660254037844386;

/**
 * The 18 coins on a hexagonal lattice around the queen (lattice steps (1, 0) and (½, √3⁄2)):
 * six touching the queen, six beyond those on the same lines, six in the gaps between. Each ring of six
 * alternates colours, whites on the lines at 0°, 120°, 240° (a "Y") and in the gaps at 30°, 150°, 270°,
 * so turning the board 180° swaps the colours: both players face the same rosette from their baseline.
 */
const rosette: readonly [number, number, CarromCoinType][] = [
  // inner ring, at 0°, 60°, … 300°
  [1, 0, 'white'],
  [0, 1, 'black'],
  [-1, 1, 'white'],
  [-1, 0, 'black'],
  [0, -1, 'white'],
  [1, -1, 'black'],
  // the same lines, twice as far
  [2, 0, 'white'],
  [0, 2, 'black'],
  [-2, 2, 'white'],
  [-2, 0, 'black'],
  [0, -2, 'white'],
  [2, -2, 'black'],
  // the gaps, at 30°, 90°, … 330°
  [1, 1, 'white'],
  [-1, 2, 'black'],
  [-2, 1, 'white'],
  [-1, -1, 'black'],
  [1, -2, 'white'],
  [2, -1, 'black'],
];

export function coinAt(id: string, type: CarromCoinType, x: number, y: number): CarromCoin {
  return { id, type, x: boardUnits(x), y: boardUnits(y), velocity: { x: 0, y: 0 }, isProcessed: false };
}

/** The start of every game: `queen` in the centre, `w1`–`w9` and `b1`–`b9` in the rosette. */
export function startCoins(): CarromCoin[] {
  const coins: CarromCoin[] = [coinAt('queen', 'queen', CENTRE, CENTRE)];
  const count = { white: 0, black: 0, queen: 0 };
  for (const [a, b, type] of rosette) {
    count[type] += 1;
    const id = `${type === 'white' ? 'w' : 'b'}${count[type]}`;
    coins.push(coinAt(id, type, CENTRE + ROSETTE_SPACING * (a + b / 2), CENTRE + ROSETTE_SPACING * b * SQRT3_HALF));
  }
  return coins;
}

export const baselineY = (color: CarromColor): number => CARROM_BASELINE_Y[color];

const onBoard = (coins: readonly CarromCoin[]) => coins.filter((c) => !c.isProcessed);

/** The smallest squared distance from (x, y) to a coin on the board (Infinity when there is none). */
function nearestCoin2(coins: readonly CarromCoin[], x: number, y: number): number {
  let best = Infinity;
  for (const c of coins) {
    const dx = c.x - x;
    const dy = c.y - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < best) best = d2;
  }
  return best;
}

export interface StrikerSpot {
  x: number;
  y: number;
  /** False only when every spot in steps of 5 touches a coin: the least-touching one was taken. */
  free: boolean;
}

/**
 * Where the striker stands for a shot asked from `x` (65–235) on `color`'s baseline: there, when no coin
 * centre is nearer than 26; else the nearest free spot in steps of 5 along the baseline within 65–235,
 * the smaller x first at equal distance. Should a row of coins cover the whole baseline, the spot (asked
 * for or stepped to) farthest from any coin is taken, so a shot is never refused for where coins lie.
 */
export function placeStriker(coins: readonly CarromCoin[], color: CarromColor, x: number): StrikerSpot {
  const y = baselineY(color);
  const live = onBoard(coins);
  const clear2 = CARROM_STRIKER_CLEARANCE * CARROM_STRIKER_CLEARANCE;
  let best = { x, d2: nearestCoin2(live, x, y) };
  if (best.d2 >= clear2) return { x, y, free: true };
  for (let k = 1; ; k += 1) {
    const offset = k * CARROM_STRIKER_SEARCH_STEP;
    const candidates = [x - offset, x + offset].filter((c) => c >= CARROM_STRIKER_MIN_X && c <= CARROM_STRIKER_MAX_X);
    if (candidates.length === 0) return { x: best.x, y, free: false };
    for (const candidate of candidates) {
      const d2 = nearestCoin2(live, candidate, y);
      if (d2 >= clear2) return { x: candidate, y, free: true };
      if (d2 > best.d2) best = { x: candidate, d2 };
    }
  }
}

const COIN_GAP2 = 4 * CARROM_COIN_RADIUS * CARROM_COIN_RADIUS;
const LOW = CARROM_COIN_RADIUS;
const HIGH = CARROM_BOARD_SIZE - CARROM_COIN_RADIUS;

function spotIsFree(coins: readonly CarromCoin[], x: number, y: number): boolean {
  if (x < LOW || x > HIGH || y < LOW || y > HIGH) return false;
  for (const p of POCKETS) {
    const dx = p.x - x;
    const dy = p.y - y;
    if (dx * dx + dy * dy < CARROM_POCKET_RADIUS * CARROM_POCKET_RADIUS) return false;
  }
  return nearestCoin2(coins, x, y) >= COIN_GAP2;
}

/**
 * Where a coin put back goes: the centre, or the nearest point of the whole-unit grid around it where it
 * touches no coin on the board (smaller y, then smaller x, at equal distance). Searched in square rings,
 * stopping once no ring farther out can hold a nearer point.
 */
export function freeSpotNearCentre(coins: readonly CarromCoin[]): { x: number; y: number } {
  const live = onBoard(coins);
  if (spotIsFree(live, CENTRE, CENTRE)) return { x: CENTRE, y: CENTRE };
  let best: { dx: number; dy: number; d2: number } | null = null;
  for (let ring = 1; ring <= CENTRE; ring += 1) {
    if (best && ring * ring > best.d2) break;
    for (let dy = -ring; dy <= ring; dy += 1) {
      const edge = dy === -ring || dy === ring;
      for (let dx = -ring; dx <= ring; dx += edge ? 1 : 2 * ring) {
        const d2 = dx * dx + dy * dy;
        if (best && (d2 > best.d2 || (d2 === best.d2 && (dy > best.dy || (dy === best.dy && dx > best.dx))))) continue;
        if (spotIsFree(live, CENTRE + dx, CENTRE + dy)) best = { dx, dy, d2 };
      }
    }
  }
  // A board this small cannot be full: 19 coins cover a fraction of it.
  if (!best) throw new Error('no free spot on the board');
  return { x: CENTRE + best.dx, y: CENTRE + best.dy };
}
