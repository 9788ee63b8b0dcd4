import type { BackgammonColor } from '../protocol/backgammon.ts';
import { ownBoardOf, startSlots, wireBoardOf } from '../rules/backgammon/board.ts';
import { backgammonRules, type BackgammonState } from '../rules/backgammon/index.ts';
import { generate } from '../rules/backgammon/moves.ts';
import { legalMoves } from '../rules/backgammon/steps.ts';
import { timeCall, type Bench } from './table.ts';

/**
 * Backgammon move generation (rules/backgammon/moves.ts) on a fixed set of positions, white to move:
 * per group the throughput, the mean, and the worst single position; then the GameRules calls the
 * server makes per turn, over seeded random games.
 */

type Spec = Partial<Record<number | 'bar', number>>;
function board(white: Spec, black: Spec): number[] {
  const b = new Array<number>(29).fill(0);
  const place = (spec: Spec, sign: 1 | -1, bar: number, tray: number) => {
    let n = 0;
    for (const [slot, count] of Object.entries(spec)) {
      const i = slot === 'bar' ? bar : Number(slot);
      if (b[i] !== 0) throw new Error(`slot ${slot} taken twice`);
      b[i] = sign * (count as number);
      n += count as number;
    }
    if (n > 15) throw new Error(`${n} checkers`);
    b[tray] = sign * (15 - n);
  };
  place(white, 1, 25, 27);
  place(black, -1, 26, 28);
  return b;
}

const start = wireBoardOf(startSlots());
const middleGame: [string, number[]][] = [
  ['early middle game', board({ 24: 2, 13: 4, 8: 3, 6: 4, 5: 2 }, { 1: 2, 12: 4, 17: 3, 19: 4, 20: 2 })],
  ['blots on both sides', board({ 22: 1, 16: 1, 13: 3, 10: 2, 9: 1, 8: 2, 7: 1, 6: 3, 4: 1 }, { 1: 1, 3: 2, 12: 3, 14: 1, 17: 2, 18: 2, 19: 3, 21: 1 })],
  ['holding game', board({ 20: 2, 13: 2, 11: 2, 8: 3, 6: 4, 4: 2 }, { 5: 2, 12: 3, 16: 2, 18: 3, 19: 3, 21: 2 })],
  ['prime against prime', board({ 23: 2, 9: 2, 8: 3, 7: 2, 6: 3, 5: 2, 4: 1 }, { 2: 2, 16: 2, 17: 3, 18: 2, 19: 3, 20: 3 })],
  ['back game', board({ 24: 2, 22: 2, 13: 2, 8: 2, 6: 4, 5: 3 }, { 3: 2, 4: 2, 7: 2, 9: 2, 10: 2, 11: 3, 20: 2 })],
];
// The most distinct plays a random search over 200,000 positions found (2,209 for 1-1).
const worstCase: [string, number[]] = [
  '15 lone checkers (worst found)',
  board({ 2: 1, 4: 1, 6: 1, 8: 1, 10: 1, 12: 1, 14: 1, 15: 1, 17: 1, 18: 1, 19: 1, 20: 1, 21: 1, 22: 1, 24: 1 }, { 23: 1 }),
];
const barEntry: [string, number[]][] = [
  ['2 on the bar, closed board', board({ bar: 2, 13: 5, 8: 4, 6: 4 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3 })],
  ['1 on the bar, one point open', board({ bar: 1, 13: 5, 8: 4, 6: 5 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 3, 12: 4 })],
  ['3 on the bar, three points open', board({ bar: 3, 13: 4, 8: 4, 6: 4 }, { 20: 3, 22: 3, 24: 3, 12: 6 })],
];
const bearOff: [string, number[]][] = [
  ['15 home', board({ 6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2 }, { 19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2 })],
  ['8 off, gaps', board({ 6: 2, 4: 2, 2: 3 }, { 19: 5, 20: 5, 21: 5 })],
  ['bearing off against a checker left back', board({ 6: 4, 5: 4, 4: 3, 3: 2 }, { 1: 1, 19: 4, 20: 5, 21: 5 })],
  ['last three checkers', board({ 5: 1, 3: 1, 1: 1 }, { 19: 15 })],
];

const nonDoubles: [number, number][] = [];
const doubles: [number, number][] = [];
for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= a; b += 1) (a === b ? doubles : nonDoubles).push([a, b]);
const allRolls = [...nonDoubles, ...doubles];

interface Case {
  label: string;
  board: number[];
  dice: [number, number];
}
const cases = (positions: [string, number[]][], rolls: [number, number][]): Case[] =>
  positions.flatMap(([label, b]) => rolls.map((dice) => ({ label: `${label}, ${dice[0]}-${dice[1]}`, board: b, dice })));

const groups: [string, Case[]][] = [
  ['openings (21 rolls)', cases([['start', start]], allRolls)],
  ['middle game, non-doubles', cases(middleGame, nonDoubles)],
  ['middle game, doubles', cases(middleGame, doubles)],
  ['worst case, doubles', cases([worstCase], doubles)],
  ['bar entry vs closed boards', cases(barEntry, allRolls)],
  ['bear-off races', cases(bearOff, allRolls)],
];

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** States of seeded random games (each turn a random legal play), for the per-turn GameRules costs. */
function gameStates(games: number): BackgammonState[] {
  const states: BackgammonState[] = [];
  for (let g = 0; g < games; g += 1) {
    let state = backgammonRules.create(['white-player', 'black-player'], (g + 1).toString(16).padStart(64, '0'), 0);
    for (let turn = 0; backgammonRules.outcome(state) === null; turn += 1) {
      states.push(state);
      const mover = state.turn as string;
      const moves = backgammonRules.view(state, mover).possibleMoves;
      state = backgammonRules.apply(state, mover, { moves: moves[(turn * 7919 + g) % Math.max(moves.length, 1)] ?? [] }, turn * 1000);
    }
  }
  return states;
}

const bench: Bench = {
  run() {
    const rows: (string | number)[][] = [];
    let worstDoubles = 0;
    let worstOverall = 0;
    for (const [name, group] of groups) {
      let total = 0;
      let plays = 0;
      let worst = { us: 0, label: '' };
      let wireTotal = 0;
      for (const c of group) {
        const own = ownBoardOf(c.board, 'white' as BackgammonColor);
        const [d1, d2] = c.dice;
        const us = timeCall(() => generate(own, d1, d2));
        total += us;
        plays += generate(own, d1, d2).size;
        if (us > worst.us) worst = { us, label: c.label };
        wireTotal += timeCall(() => legalMoves({ color: 'white', dice: c.dice, board: c.board }), 5);
      }
      const mean = total / group.length;
      if (name.includes('doubles') && !name.includes('non-')) worstDoubles = Math.max(worstDoubles, worst.us);
      worstOverall = Math.max(worstOverall, worst.us);
      rows.push([name, group.length, fmt(plays / group.length), Math.round(1e6 / mean).toLocaleString('en-US'), fmt(mean), fmt(worst.us), worst.label, fmt(wireTotal / group.length)]);
    }

    const states = gameStates(20);
    const perTurn = (fn: (state: BackgammonState) => unknown) => {
      const started = performance.now();
      for (const state of states) fn(state);
      return ((performance.now() - started) * 1000) / states.length;
    };
    for (let warm = 0; warm < 2; warm += 1) perTurn((s) => backgammonRules.view(s, s.turn as string));
    const view = perTurn((s) => backgammonRules.view(s, s.turn as string));
    const apply = perTurn((s) => {
      const moves = backgammonRules.view(s, s.turn as string).possibleMoves;
      return backgammonRules.apply(s, s.turn as string, { moves: moves[0] ?? [] }, 1);
    }) - view;
    const timeout = perTurn((s) => backgammonRules.timeout(s, Number.MAX_SAFE_INTEGER));

    return {
      title: 'Backgammon move generation (distinct final positions, white to move)',
      columns: ['group', 'cases', 'plays/case', 'positions/s', 'mean µs', 'worst µs', 'worst case', 'possibleMoves µs'],
      rows,
      notes: [
        '',
        'plays/case: distinct legal final positions; positions/s: generations per second at the mean; possibleMoves µs:',
        'generation plus the wire sequences a view carries.',
        '',
        `GameRules per turn over ${states.length} turns of 20 seeded random games (dice from the HMAC-SHA256 source):`,
        `  view() for the mover ${fmt(view)} µs, apply() ${fmt(apply)} µs (its own generation, checks, next roll), timeout() ${fmt(timeout)} µs`,
      ],
      targets: [
        { target: `worst doubles position below 1 ms by far (under 400 µs): ${fmt(worstDoubles)} µs`, met: worstDoubles < 400 },
        { target: `every position below 1 ms: worst ${fmt(worstOverall)} µs`, met: worstOverall < 1000 },
      ],
    };
  },
};

export default bench;
