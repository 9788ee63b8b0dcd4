import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BackgammonColor, BackgammonStep } from '../../protocol/backgammon.ts';
import { ownBoardOf, pipCount, startSlots, wireBoardOf } from '../../rules/backgammon/board.ts';
import { generate, positionKey } from '../../rules/backgammon/moves.ts';
import { legalMoves, moveError, moveSetOf, stepOptions, type BackgammonTurn } from '../../rules/backgammon/steps.ts';

/*
 * Move generation against an oracle: a deliberately naive generator written here from the rule text
 * alone, in wire numbering with one count array per colour (the engine works from the mover's side on
 * one signed array). It tries every die order and every source slot at every step, keeps every
 * sequence and prefix, and only then applies maximum dice usage and the larger-die rule by filtering.
 */

type Side = number[]; // index = wire slot 1–28, counts of one colour
interface Pos {
  white: Side;
  black: Side;
}
interface Seq {
  steps: BackgammonStep[];
  pos: Pos;
}

const other = (c: BackgammonColor): BackgammonColor => (c === 'white' ? 'black' : 'white');
const BAR = { white: 25, black: 26 } as const;
const TRAY = { white: 27, black: 28 } as const;
const HOME = { white: [1, 2, 3, 4, 5, 6], black: [19, 20, 21, 22, 23, 24] } as const;

function oracleStep(pos: Pos, color: BackgammonColor, from: number, die: number): Pos | null {
  const me = pos[color];
  const them = pos[other(color)];
  if (from === TRAY.white || from === TRAY.black || from === BAR[other(color)]) return null;
  if ((me[from] ?? 0) === 0) return null;
  if ((me[BAR[color]] ?? 0) > 0 && from !== BAR[color]) return null;
  let dest: number;
  if (color === 'white') dest = from === BAR.white ? 25 - die : from - die;
  else dest = from === BAR.black ? die : from + die;
  const next: Pos = { white: [...pos.white], black: [...pos.black] };
  const mine = next[color];
  const theirs = next[other(color)];
  if (dest >= 1 && dest <= 24) {
    if ((them[dest] ?? 0) >= 2) return null;
    mine[from] = (mine[from] ?? 0) - 1;
    if (them[dest] === 1) {
      theirs[dest] = 0;
      theirs[BAR[other(color)]] = (theirs[BAR[other(color)]] ?? 0) + 1;
    }
    mine[dest] = (mine[dest] ?? 0) + 1;
    return next;
  }
  // Bearing off: every checker home or off.
  let homeOrOff = me[TRAY[color]] ?? 0;
  for (const p of HOME[color]) homeOrOff += me[p] ?? 0;
  if (homeOrOff !== 15) return null;
  const distance = color === 'white' ? from : 25 - from;
  if (die !== distance) {
    const farther = color === 'white' ? [7, 6, 5, 4, 3, 2].filter((p) => p > from && p <= 6) : [19, 20, 21, 22, 23, 24].filter((p) => p < from);
    if (farther.some((p) => (me[p] ?? 0) > 0)) return null;
  }
  mine[from] = (mine[from] ?? 0) - 1;
  mine[TRAY[color]] = (mine[TRAY[color]] ?? 0) + 1;
  return next;
}

const keyOf = (pos: Pos): string => `${pos.white.join(',')}|${pos.black.join(',')}`;

/**
 * The legal final positions: for each die order, the distinct positions after 1, 2, … dice (every source
 * slot tried at every step); the longest non-empty layer over all orders is the number of dice that must
 * be played, and with one die out of two, the larger die's layer when it has any.
 */
function oracle(pos: Pos, color: BackgammonColor, d1: number, d2: number): { maxLen: number; finals: Map<string, Pos> } {
  const orders = d1 === d2 ? [[d1, d1, d1, d1]] : [[d1, d2], [d2, d1]];
  const layersByOrder = orders.map((order) => {
    const layers: Map<string, Pos>[] = [new Map([[keyOf(pos), pos]])];
    for (const die of order) {
      const next = new Map<string, Pos>();
      for (const p of (layers[layers.length - 1] as Map<string, Pos>).values()) {
        for (let from = 1; from <= 28; from += 1) {
          const q = oracleStep(p, color, from, die);
          if (q) next.set(keyOf(q), q);
        }
      }
      if (next.size === 0) break;
      layers.push(next);
    }
    return layers;
  });
  const maxLen = Math.max(...layersByOrder.map((layers) => layers.length - 1));
  let candidates = layersByOrder.filter((layers) => layers.length - 1 === maxLen);
  if (d1 !== d2 && maxLen === 1) {
    const larger = layersByOrder.filter((layers, i) => layers.length === 2 && orders[i]?.[0] === Math.max(d1, d2));
    if (larger.length > 0) candidates = larger;
  }
  const finals = new Map<string, Pos>();
  for (const layers of candidates) for (const [key, p] of layers[maxLen] as Map<string, Pos>) finals.set(key, p);
  return { maxLen, finals };
}

/** Every step sequence and prefix, in every die order (for the acceptance property). */
function allSequences(pos: Pos, color: BackgammonColor, d1: number, d2: number): Seq[] {
  const orders = d1 === d2 ? [[d1, d1, d1, d1]] : [[d1, d2], [d2, d1]];
  const all: Seq[] = [];
  const walk = (p: Pos, order: number[], i: number, steps: BackgammonStep[]): void => {
    all.push({ steps, pos: p });
    if (i === order.length) return;
    const die = order[i] as number;
    for (let from = 1; from <= 28; from += 1) {
      const next = oracleStep(p, color, from, die);
      if (!next) continue;
      const target = color === 'white' ? (from === 25 ? 25 - die : from - die) : from === 26 ? die : from + die;
      const targetPoint = target >= 1 && target <= 24 ? target : TRAY[color];
      walk(next, order, i + 1, [...steps, { currentPoint: from, targetPoint, diceUsed: die }]);
    }
  };
  for (const order of orders) walk(pos, order, 0, []);
  return all;
}

// ---------------------------------------------------------------------------------------------------
// Positions

const posOfBoard = (board: readonly number[]): Pos => ({
  white: board.map((n, i) => (i === 0 ? 0 : Math.max(n, 0))),
  black: board.map((n, i) => (i === 0 ? 0 : Math.max(-n, 0))),
});

type Spec = Partial<Record<number | 'bar', number>>;
/** A position in wire numbering; checkers not placed are borne off. */
function board(white: Spec, black: Spec): number[] {
  const b = new Array<number>(29).fill(0);
  let w = 0;
  let k = 0;
  for (const [slot, n] of Object.entries(white)) {
    b[slot === 'bar' ? 25 : Number(slot)] = n as number;
    w += n as number;
  }
  for (const [slot, n] of Object.entries(black)) {
    const i = slot === 'bar' ? 26 : Number(slot);
    if ((b[i] as number) > 0) throw new Error(`both colours on ${slot}`);
    b[i] = -(n as number);
    k += n as number;
  }
  b[27] = 15 - w;
  b[28] = -(15 - k);
  return b;
}

const START = wireBoardOf(startSlots());

function fail(message: string): never {
  throw new Error(message);
}

/** Engine vs oracle on one position: same final positions, every engine play legal for the oracle. */
function crossCheck(b: readonly number[], color: BackgammonColor, d1: number, d2: number): number {
  const pos = posOfBoard(b);
  const expected = oracle(pos, color, d1, d2);
  const turn: BackgammonTurn = { color, dice: [d1, d2], board: b };
  const plays = legalMoves(turn);
  // No legal move: the engine lists none (the client sends the empty move); the oracle's one "final"
  // position is the unchanged board.
  if (expected.maxLen === 0) {
    expect(plays).toEqual([]);
    return 0;
  }
  // (Plain checks in the loop: thousands of expect() calls would dominate the run time.)
  const got = new Set<string>();
  for (const steps of plays) {
    const shown = JSON.stringify(steps);
    if (steps.length !== expected.maxLen) fail(`${shown} plays ${steps.length} dice, the oracle ${expected.maxLen}`);
    let p: Pos | null = pos;
    const dice = d1 === d2 ? [d1, d1, d1, d1] : [d1, d2];
    for (const step of steps) {
      const at = dice.indexOf(step.diceUsed);
      if (at < 0) fail(`${shown}: no unused ${step.diceUsed}`);
      dice.splice(at, 1);
      const entering = step.currentPoint === BAR[color];
      const target = color === 'white' ? (entering ? 25 : step.currentPoint) - step.diceUsed : (entering ? 0 : step.currentPoint) + step.diceUsed;
      const targetPoint = target >= 1 && target <= 24 ? target : TRAY[color];
      if (step.targetPoint !== targetPoint) fail(`${shown}: target should be ${targetPoint}`);
      p = oracleStep(p as Pos, color, step.currentPoint, step.diceUsed);
      if (!p) fail(`${shown}: illegal for the oracle`);
    }
    const key = keyOf(p as Pos);
    if (got.has(key)) fail(`${shown}: final position listed twice`);
    got.add(key);
  }
  expect(got).toEqual(new Set(expected.finals.keys()));
  return plays.length;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const styles = ['spread', 'race', 'bar', 'prime', 'playout'] as const;
type Style = (typeof styles)[number];

/** A random position of one of five kinds; each side has 15 checkers, no point holds both colours. */
function randomBoard(seed: number, style: Style): number[] {
  const rnd = mulberry32(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  if (style === 'playout') {
    // A real game: random legal plays from the start for up to 60 turns.
    let b = [...START];
    let color: BackgammonColor = int(2) ? 'white' : 'black';
    const turns = int(60);
    for (let t = 0; t < turns; t += 1) {
      const d1 = 1 + int(6);
      const d2 = 1 + int(6);
      const moves = legalMoves({ color, dice: [d1, d2], board: b });
      if (moves.length > 0) {
        const next = [...b];
        const sign = color === 'white' ? 1 : -1;
        for (const s of moves[int(moves.length)] as BackgammonStep[]) {
          next[s.currentPoint] = (next[s.currentPoint] as number) - sign;
          if (next[s.targetPoint] === -sign) {
            next[s.targetPoint] = 0;
            next[BAR[other(color)]] = (next[BAR[other(color)]] as number) - sign;
          }
          next[s.targetPoint] = (next[s.targetPoint] as number) + sign;
        }
        if (Math.abs(next[27] as number) === 15 || Math.abs(next[28] as number) === 15) break;
        b = next;
      }
      color = other(color);
    }
    return b;
  }
  const b = new Array<number>(29).fill(0);
  const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  const place = (color: BackgammonColor, slots: number[], n: number) => {
    for (let i = 0; i < n; i += 1) {
      const open = (s: number) => s > 24 || (color === 'white' ? (b[s] as number) >= 0 : (b[s] as number) <= 0);
      let free = slots.filter(open);
      if (free.length === 0) free = range(1, 24).filter(open);
      const s = free[int(free.length)] as number;
      b[s] = (b[s] as number) + (color === 'white' ? 1 : -1);
    }
  };
  const points = range(1, 24);
  if (style === 'spread') {
    for (const color of ['white', 'black'] as const) {
      const onBar = int(4) === 0 ? 1 + int(3) : 0;
      const off = int(3) === 0 ? int(6) : 0;
      b[BAR[color]] = (color === 'white' ? 1 : -1) * onBar;
      b[TRAY[color]] = (color === 'white' ? 1 : -1) * off;
      place(color, points, 15 - onBar - off);
    }
  } else if (style === 'race') {
    // Both bearing off, sometimes with a stray opposing checker in the other's home (hits on the way out).
    for (const color of ['white', 'black'] as const) {
      const off = int(14);
      b[TRAY[color]] = (color === 'white' ? 1 : -1) * off;
      const stray = int(3) === 0 ? 1 + int(2) : 0;
      const home = color === 'white' ? range(1, 6) : range(19, 24);
      const farAway = color === 'white' ? range(19, 24) : range(1, 6);
      place(color, farAway, Math.min(stray, 15 - off));
      place(color, home, 15 - off - Math.min(stray, 15 - off));
    }
  } else if (style === 'bar') {
    // Checkers on the bar against a home board with few or no open points.
    const mover: BackgammonColor = int(2) ? 'white' : 'black';
    const them = other(mover);
    const entry = mover === 'white' ? range(19, 24) : range(1, 6);
    const closed = entry.filter(() => int(5) !== 0);
    for (const p of closed) b[p] = them === 'white' ? 2 : -2;
    const rest = 15 - 2 * closed.length;
    place(them, points, rest);
    const onBar = 1 + int(3);
    b[BAR[mover]] = (mover === 'white' ? 1 : -1) * onBar;
    place(mover, points, 15 - onBar);
  } else {
    // Primes: one side holds a run of points the other must get past.
    const start = 1 + int(18);
    const length = 3 + int(4);
    const holder: BackgammonColor = int(2) ? 'white' : 'black';
    for (let p = start; p < start + length && p <= 24; p += 1) b[p] = holder === 'white' ? 2 : -2;
    const used = Math.abs(b.slice(1, 25).reduce((s, n) => s + n, 0));
    place(holder, points, 15 - used);
    place(other(holder), points, 15);
  }
  return b;
}

// ---------------------------------------------------------------------------------------------------

const OPENING: [string, number][] = [
  // Distinct final positions for white from the start, per roll. Hand-checked: 66 = 11 (24/18 ≤ 2,
  // 13/7 ≤ 4, 8/2 ≤ 3 in four moves), 55 = 4 (13/8 and 8/3 only), 65 = 7 (13/7/2 and 13/8/2 are one).
  ['11', 42],
  ['21', 15],
  ['31', 16],
  ['41', 14],
  ['51', 8],
  ['61', 10],
  ['22', 75],
  ['32', 17],
  ['42', 18],
  ['52', 8],
  ['62', 14],
  ['33', 73],
  ['43', 17],
  ['53', 9],
  ['63', 14],
  ['44', 52],
  ['54', 9],
  ['64', 14],
  ['55', 4],
  ['65', 7],
  ['66', 11],
];

describe('backgammon move generation: known positions', () => {
  it.each(OPENING)('opening roll %s gives %i distinct plays, for white and for black alike', (roll, count) => {
    const d1 = Number(roll[0]);
    const d2 = Number(roll[1]);
    expect(crossCheck(START, 'white', d1, d2)).toBe(count);
    expect(crossCheck(START, 'black', d1, d2)).toBe(count);
    expect(generate(ownBoardOf(START, 'white'), d2, d1).plays).toHaveLength(count);
  });

  it('65 from the start: the seven plays, each once', () => {
    const plays = legalMoves({ color: 'white', dice: [6, 5], board: START }).map((steps) =>
      steps.map((s) => `${s.currentPoint}/${s.targetPoint}`).join(' '),
    );
    expect(plays.sort()).toEqual(['13/7 13/8', '13/7 7/2', '13/7 8/3', '24/18 13/8', '24/18 18/13', '24/18 8/3', '8/2 8/3'].sort());
  });

  type Row = [name: string, board: number[], color: BackgammonColor, dice: [number, number], count: number, diceUsed: number, plays?: string[]];
  const table: Row[] = [
    // Only the 6 moves (8/2); the 4 lands on a point black holds.
    ['one die playable: only the larger', board({ 8: 15 }, { 4: 2, 20: 13 }), 'white', [6, 4], 1, 1, ['8/2']],
    // The 6 is blocked (black holds 2); the smaller die must then be played.
    ['one die playable: only the smaller', board({ 8: 15 }, { 2: 2, 20: 13 }), 'white', [6, 4], 1, 1, ['8/4']],
    // 12/6 or 12/7 alone, never both (1 is closed, the 2s cannot bear off while 12/7 leaves 7 outside,
    // and after 12/6 the 5 from 2 is no longer from the highest point): the 6 must be played.
    ['larger-die rule', board({ 12: 1, 2: 14 }, { 1: 2, 20: 13 }), 'white', [6, 5], 1, 1, ['12/6']],
    // A 6 and a 5 both bear off from the highest point 4: one final position.
    ['bear-off with higher dice', board({ 4: 3, 2: 2 }, { 20: 15 }), 'white', [6, 5], 1, 2, ['4/27 4/27']],
    // 6 off from 4 (the highest), the 1 from 4 or 2, in either order: two positions.
    ['bear-off with a higher die and a small one', board({ 4: 3, 2: 2 }, { 20: 15 }), 'white', [6, 1], 2, 2],
    // 5/3/off, or 5/off with the 6 and 3/1: 3/off with the 6 needs the 5 gone first.
    ['bear-off: the higher die only from the highest point', board({ 5: 1, 3: 2 }, { 20: 15 }), 'white', [6, 2], 2, 2],
    // The only open entry point is 24; then the 6 from 24 or 13.
    ['entering from the bar with one point open', board({ bar: 1, 13: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 17: 5 }), 'white', [6, 1], 2, 2, ['25/24 24/18', '25/24 13/7']],
    ['bar entry blocked for one die: the other enters, nothing else moves', board({ bar: 2, 13: 13 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 17: 5 }), 'white', [6, 1], 1, 1, ['25/24']],
    ['closed board: no entry, no move', board({ bar: 1, 13: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3 }), 'white', [6, 6], 0, 0],
    ['closed board for black', board({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }, { bar: 2, 12: 13 }), 'black', [3, 1], 0, 0],
    // 4-4: 13/9 then 9/5 is closed; 11/7/3 then 3 cannot bear off: three of four dice.
    ['doubles partly blocked', board({ 13: 1, 11: 1, 2: 13 }, { 5: 2, 20: 13 }), 'white', [4, 4], 1, 3, ['13/9 11/7 7/3']],
    ['doubles: two of four', board({ 13: 2, 2: 13 }, { 5: 2, 20: 13 }), 'white', [4, 4], 1, 2, ['13/9 13/9']],
    // 13/10* 10/8 and 13/11 11/8 end on the same point, but one hit a blot: two positions.
    ['hitting makes its own position', board({ 13: 1, 2: 14 }, { 10: 1, 20: 14 }), 'white', [3, 2], 2, 2],
    // The 3s may not bear off while 9 is outside; 9/3 or 9/4 first, then one off from the highest point.
    ['no bearing off with a checker outside', board({ 9: 1, 3: 14 }, { 20: 15 }), 'white', [6, 5], 1, 2],
    // Black moves up: 19 + 6 is off from the highest point (19) once everything is home.
    ['black bears off with a higher die', board({ 6: 15 }, { 20: 1, 22: 2 }), 'black', [6, 6], 1, 3, ['20/28 22/28 22/28']],
    // The last checker: 1 die is enough, the other finds nothing to move.
    ['the last checker off', board({ 2: 1 }, { 20: 15 }), 'white', [6, 5], 1, 1, ['2/27']],
  ];

  it.each(table)('%s', (_name, b, color, [d1, d2], count, diceUsed, plays) => {
    expect(crossCheck(b, color, d1, d2)).toBe(count);
    const moves = generate(ownBoardOf(b, color), d1, d2);
    expect(moves.plays).toHaveLength(count);
    expect(moves.dice).toBe(diceUsed);
    if (plays) {
      const got = legalMoves({ color, dice: [d1, d2], board: b }).map((steps) => steps.map((s) => `${s.currentPoint}/${s.targetPoint}`).join(' '));
      expect(got.sort()).toEqual([...plays].sort());
    }
  });

  it('refuses a bear-off while a checker is outside, and a play of the smaller die when the larger fits', () => {
    const outside: BackgammonTurn = { color: 'white', dice: [6, 5], board: board({ 9: 1, 3: 14 }, { 20: 15 }) };
    expect(moveError(outside, [{ currentPoint: 3, targetPoint: 27, diceUsed: 6 }, { currentPoint: 9, targetPoint: 4, diceUsed: 5 }])).toMatch(/bear off only with all checkers home/);
    expect(moveError(outside, [{ currentPoint: 9, targetPoint: 4, diceUsed: 5 }, { currentPoint: 4, targetPoint: 27, diceUsed: 6 }])).toBeNull();
    const larger: BackgammonTurn = { color: 'white', dice: [6, 5], board: board({ 12: 1, 2: 14 }, { 1: 2, 20: 13 }) };
    expect(moveError(larger, [{ currentPoint: 12, targetPoint: 7, diceUsed: 5 }])).toMatch(/larger/);
    expect(moveError(larger, [{ currentPoint: 12, targetPoint: 6, diceUsed: 6 }])).toBeNull();
  });

  it('counts pips: 167 each at the start, 25 for a checker on the bar', () => {
    expect(pipCount(START, 'white')).toBe(167);
    expect(pipCount(START, 'black')).toBe(167);
    expect(pipCount(board({ bar: 1, 1: 1 }, { 24: 1, bar: 1 }), 'white')).toBe(26);
    expect(pipCount(board({ bar: 1, 1: 1 }, { 24: 1, bar: 1 }), 'black')).toBe(26);
  });
});

describe('backgammon step builder (the app builds a move with it)', () => {
  it('offers the opening 31 checkers and targets, then completes 8/5 6/5', () => {
    const turn: BackgammonTurn = { color: 'white', dice: [3, 1], board: START };
    const first = stepOptions(turn, []);
    expect(first?.complete).toBe(false);
    const from = new Set(first?.next.map((s) => s.currentPoint));
    expect(from).toEqual(new Set([24, 13, 8, 6]));
    const second = stepOptions(turn, [{ currentPoint: 8, targetPoint: 5, diceUsed: 3 }]);
    expect(second?.diceLeft).toEqual([1]);
    expect(second?.next).toContainEqual({ currentPoint: 6, targetPoint: 5, diceUsed: 1 });
    const done = stepOptions(turn, [
      { currentPoint: 8, targetPoint: 5, diceUsed: 3 },
      { currentPoint: 6, targetPoint: 5, diceUsed: 1 },
    ]);
    expect(done).toMatchObject({ complete: true, next: [] });
    expect(done?.board[5]).toBe(2);
    expect(done?.board[8]).toBe(2);
    expect(stepOptions(turn, [{ currentPoint: 6, targetPoint: 0, diceUsed: 6 }])).toBeNull();
  });

  it('never offers the step that would break the larger-die rule, and moves a hit blot to its bar', () => {
    const larger: BackgammonTurn = { color: 'white', dice: [6, 5], board: board({ 12: 1, 2: 14 }, { 1: 2, 20: 13 }) };
    expect(stepOptions(larger, [])?.next).toEqual([{ currentPoint: 12, targetPoint: 6, diceUsed: 6 }]);
    const hit: BackgammonTurn = { color: 'white', dice: [3, 2], board: board({ 13: 1, 2: 14 }, { 10: 1, 20: 14 }) };
    const after = stepOptions(hit, [{ currentPoint: 13, targetPoint: 10, diceUsed: 3 }]);
    expect(after?.board[10]).toBe(1);
    expect(after?.board[26]).toBe(-1);
  });
});

// ---------------------------------------------------------------------------------------------------

const die = fc.integer({ min: 1, max: 6 });
const randomCase = fc.record({
  seed: fc.integer(),
  style: fc.constantFrom(...styles),
  color: fc.constantFrom<BackgammonColor>('white', 'black'),
  d1: die,
  d2: die,
});

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const rnd = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('backgammon move generation: properties', () => {
  it('agrees with the naive oracle on thousands of random positions', () => {
    let plays = 0;
    fc.assert(
      fc.property(randomCase, ({ seed, style, color, d1, d2 }) => {
        plays += crossCheck(randomBoard(seed, style), color, d1, d2);
      }),
      { numRuns: 4000, seed: 20_240_601 },
    );
    // The random positions are not trivial: plenty of plays were compared.
    expect(plays).toBeGreaterThan(20_000);
  });

  it('every play stays on the board: 15 checkers a side, never onto two opposing checkers, replays step by step', () => {
    fc.assert(
      fc.property(randomCase, ({ seed, style, color, d1, d2 }) => {
        const b = randomBoard(seed, style);
        const turn: BackgammonTurn = { color, dice: [d1, d2], board: b };
        const moves = moveSetOf(turn);
        for (const steps of legalMoves(turn)) {
          let pos = posOfBoard(b);
          for (const step of steps) {
            if (step.targetPoint <= 24 && (pos[other(color)][step.targetPoint] ?? 0) > 1) fail(`${JSON.stringify(step)} lands on a held point`);
            pos = oracleStep(pos, color, step.currentPoint, step.diceUsed) as Pos;
            const white = pos.white.reduce((s, n) => s + n, 0);
            const black = pos.black.reduce((s, n) => s + n, 0);
            if (white !== 15 || black !== 15) fail(`${white} white and ${black} black checkers`);
          }
          if (moveError(turn, steps, moves) !== null) fail(`${JSON.stringify(steps)} refused`);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the final positions do not depend on the order the dice are given', () => {
    fc.assert(
      fc.property(randomCase, ({ seed, style, color, d1, d2 }) => {
        const own = ownBoardOf(randomBoard(seed, style), color);
        const a = generate(own, d1, d2);
        const b = generate(own, d2, d1);
        const keys = (moves: typeof a) => new Set(moves.finalBoards().map(positionKey));
        expect(keys(b)).toEqual(keys(a));
        expect(b.size).toBe(a.size);
        for (const final of b.finalBoards()) expect(a.isFinal(final)).toBe(true);
        expect(b.dice).toBe(a.dice);
        expect(positionKey(own)).toBe(positionKey(ownBoardOf(randomBoard(seed, style), color)));
      }),
      { numRuns: 500 },
    );
  });

  it('accepts exactly the sequences that reach a legal final position with the dice the rules demand, in any order', () => {
    fc.assert(
      fc.property(randomCase, fc.integer(), ({ seed, style, color, d1, d2 }, order) => {
        const b = randomBoard(seed, style);
        const turn: BackgammonTurn = { color, dice: [d1, d2], board: b };
        const pos = posOfBoard(b);
        const expected = oracle(pos, color, d1, d2);
        const moves = moveSetOf(turn);
        // Oracle sequences in every order: accepted iff legal and full-length (or the last checker off).
        for (const s of shuffled(allSequences(pos, color, d1, d2), order).slice(0, 40)) {
          const final = expected.finals.has(keyOf(s.pos));
          const wins = (s.pos[color][TRAY[color]] ?? 0) === 15;
          const ok = final && (s.steps.length === expected.maxLen || wins);
          if ((moveError(turn, s.steps, moves) === null) !== ok) fail(`${JSON.stringify(s.steps)} should be ${ok ? 'accepted' : 'refused'}`);
          if (!ok) continue;
          // The step builder offers each step of an accepted move in turn, and then calls it complete.
          for (let i = 0; i < s.steps.length; i += 1) {
            const options = stepOptions(turn, s.steps.slice(0, i), moves);
            if (!options?.next.some((n) => JSON.stringify(n) === JSON.stringify(s.steps[i]))) fail(`step ${i} of ${JSON.stringify(s.steps)} not offered`);
          }
          if (!stepOptions(turn, s.steps, moves)?.complete) fail(`${JSON.stringify(s.steps)} not complete`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
