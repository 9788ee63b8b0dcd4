import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_EMPTY_MOVE_MS,
  backgammonMoveBody,
  BACKGAMMON_OPENING_ROLL_MS,
  BACKGAMMON_TURN_MS,
  FORCED_PASS_MS,
  type BackgammonColor,
  type BackgammonStep,
} from '../../protocol/backgammon.ts';
import { wireBoardOf } from '../../rules/backgammon/board.ts';
import { backgammonRules as rules, type BackgammonMove, type BackgammonState } from '../../rules/backgammon/index.ts';
import { moveError, stepOptions } from '../../rules/backgammon/steps.ts';
import { turnOfState } from '../../rules/backgammon/state.ts';
import { turnOfView } from '../../rules/backgammon/view.ts';
import { RuleError } from '../../rules/game.ts';

const A = 'player-a'; // white: first in the queue
const B = 'player-b';
const SEED = 'cd'.repeat(32);
const T0 = 1_700_000_000_000;

function ruleError(fn: () => unknown): RuleError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

const seedOf = (n: number) => n.toString(16).padStart(64, '0');

/** A game whose opening roll went to `color`, past the opening animation. */
function gameStartedBy(color: BackgammonColor): BackgammonState {
  for (let n = 1; ; n += 1) {
    const state = rules.create([A, B], seedOf(n), T0);
    if (state.turn === (color === 'white' ? A : B)) return rules.timeout(state, rules.deadline(state) as number);
  }
}

type Spec = Partial<Record<number | 'bar', number>>;
/** The game with a board of our own (wire numbering; unplaced checkers are off), `mover` to play `dice`. */
function withBoard(state: BackgammonState, white: Spec, black: Spec, mover: string, dice: [number, number]): BackgammonState {
  const slots: string[][] = Array.from({ length: 29 }, () => []);
  for (const [color, spec, bar, tray] of [
    ['w', white, 25, 27],
    ['b', black, 26, 28],
  ] as const) {
    let n = 0;
    for (const [slot, count] of Object.entries(spec)) {
      const point = slot === 'bar' ? bar : Number(slot);
      for (let i = 0; i < (count as number); i += 1) (slots[point] as string[]).push(`${color}${(n += 1)}`);
    }
    while (n < 15) (slots[tray] as string[]).push(`${color}${(n += 1)}`);
  }
  return { ...state, phase: 'move-checker', slots, turn: mover, dice };
}

const counts = (state: BackgammonState) => wireBoardOf(state.slots);
const move = (...steps: [number, number, number][]): BackgammonMove => ({
  moves: steps.map(([currentPoint, targetPoint, diceUsed]) => ({ currentPoint, targetPoint, diceUsed })),
});

describe('backgammon game rules', () => {
  it('starts from the standard position: first in the queue is white, the opening roll decides who moves', () => {
    const state = rules.create([A, B], SEED, T0);
    const view = rules.view(state, A);
    expect(view.playerColors).toEqual({ [A]: 'white', [B]: 'black' });
    const slot = (point: number) => view.board[point - 1]?.checkers.map((c) => c._id).join(',');
    expect(view.board).toHaveLength(28);
    expect(view.board.map((s) => s.point)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect([slot(24), slot(13), slot(8), slot(6)]).toEqual(['w1,w2', 'w3,w4,w5,w6,w7', 'w8,w9,w10', 'w11,w12,w13,w14,w15']);
    expect([slot(1), slot(12), slot(17), slot(19)]).toEqual(['b1,b2', 'b3,b4,b5,b6,b7', 'b8,b9,b10', 'b11,b12,b13,b14,b15']);
    expect(view.board[23]?.checkers[0]).toEqual({ _id: 'w1', owner: A, color: 'white' });
    expect(view.board[0]?.checkers[0]).toEqual({ _id: 'b1', owner: B, color: 'black' });
    expect(view.pipCounts).toEqual({ [A]: 167, [B]: 167 });
    expect(view.totalGamePoints).toEqual({ [A]: 0, [B]: 0 });
    // The opening roll: ties thrown again, the higher die starts and plays both.
    const last = state.openingRolls.at(-1);
    expect(last && last.white !== last.black).toBe(true);
    for (const roll of state.openingRolls.slice(0, -1)) expect(roll.white).toBe(roll.black);
    const starter = (last?.white ?? 0) > (last?.black ?? 0) ? A : B;
    expect(state.turn).toBe(starter);
    expect([...state.dice].sort()).toEqual([last?.white, last?.black].sort());
    expect(view.phase).toBe('game-start');
    expect(view.hasShiftedDice).toBe(true);
    expect(rules.view(state, starter).possibleMoves.length).toBeGreaterThan(0);
    expect(rules.view(state, starter === A ? B : A).possibleMoves).toEqual([]);
    // game-start lasts for the opening animation; then the first turn's 25 s, counted from its end.
    expect(view.timerStartTime).toBe(T0 + BACKGAMMON_OPENING_ROLL_MS);
    expect(rules.deadline(state)).toBe(T0 + BACKGAMMON_OPENING_ROLL_MS);
    const opened = rules.timeout(state, T0 + BACKGAMMON_OPENING_ROLL_MS);
    expect(opened).toEqual({ ...state, phase: 'move-checker' });
    expect(rules.view(opened, starter).phase).toBe('move-checker');
    expect(rules.view(opened, starter === A ? B : A).phase).toBe('opponent-move');
    expect(rules.view(opened, A).hasShiftedDice).toBe(true);
    expect(rules.deadline(opened)).toBe(T0 + BACKGAMMON_OPENING_ROLL_MS + BACKGAMMON_TURN_MS);
    expect([view.deadlineAt, rules.view(opened, A).deadlineAt]).toEqual([rules.deadline(state), rules.deadline(opened)]);
    expect(rules.create([A, B], SEED, T0)).toEqual(state);
    // The starter may move before the server's sweep ends game-start.
    const early = rules.apply(state, starter, { moves: rules.view(state, starter).possibleMoves[0] ?? [] }, T0 + 500);
    expect(early.turn).toBe(starter === A ? B : A);
    expect(rules.view(early, A).hasShiftedDice).toBe(false);
  });

  it('either colour can win the opening roll', () => {
    expect(gameStartedBy('white').turn).toBe(A);
    expect(gameStartedBy('black').turn).toBe(B);
  });

  it('plays a turn in any legal order, records it, and rolls the next dice', () => {
    const start = withBoard(gameStartedBy('white'), { 24: 2, 13: 5, 8: 3, 6: 5 }, { 1: 2, 12: 5, 17: 3, 19: 5 }, A, [3, 1]);
    const inOrder = rules.apply(start, A, move([8, 5, 3], [6, 5, 1]), T0 + 5000);
    const reversed = rules.apply(start, A, move([6, 5, 1], [8, 5, 3]), T0 + 5000);
    expect(counts(reversed)).toEqual(counts(inOrder));
    expect(counts(inOrder)[5]).toBe(2);
    expect(inOrder.turn).toBe(B);
    expect(inOrder.turnNumber).toBe(start.turnNumber + 1);
    expect(inOrder.timerStartTime).toBe(T0 + 5000);
    expect(rules.deadline(inOrder)).toBe(T0 + 5000 + BACKGAMMON_TURN_MS);
    expect(inOrder.rng.counter).toBeGreaterThan(start.rng.counter);
    expect(inOrder.moveHistory.at(-1)).toEqual({
      turnNumber: start.turnNumber,
      playerId: A,
      color: 'white',
      dice: [3, 1],
      // The top checker of each stack moves.
      moves: [
        { currentPoint: 8, targetPoint: 5, diceUsed: 3, checkerId: start.slots[8]?.at(-1), hitCheckerId: null },
        { currentPoint: 6, targetPoint: 5, diceUsed: 1, checkerId: start.slots[6]?.at(-1), hitCheckerId: null },
      ],
      autoPlayed: false,
    });
    expect(rules.view(inOrder, A).phase).toBe('opponent-move');
    expect(rules.view(inOrder, B).phase).toBe('move-checker');
    expect(rules.view(inOrder, A).possibleMoves).toEqual([]);
    expect(rules.view(inOrder, B).hasShiftedDice).toBe(false);
  });

  it('a hit sends the blot to its bar; the hit checker must enter before anything else moves', () => {
    const start = withBoard(gameStartedBy('white'), { 13: 1, 6: 14 }, { 10: 1, 19: 14 }, A, [3, 2]);
    const hit = rules.apply(start, A, move([13, 10, 3], [10, 8, 2]), T0);
    const [mover] = start.slots[13] ?? [];
    const [blot] = start.slots[10] ?? [];
    expect(hit.moveHistory.at(-1)?.moves).toMatchObject([
      { checkerId: mover, hitCheckerId: blot },
      { checkerId: mover, hitCheckerId: null },
    ]);
    expect(hit.slots[26]).toEqual([blot]);
    expect(hit.slots[8]).toEqual([mover]);
    const view = rules.view(hit, B);
    expect(view.board[25]?.checkers).toEqual([{ _id: blot, owner: B, color: 'black' }]);
    expect(view.pipCounts[B]).toBe(25 + 14 * 6);
    for (const steps of view.possibleMoves) expect(steps[0]?.currentPoint).toBe(26);
  });

  it('refuses out-of-turn, foreign, illegal and incomplete moves, and changes nothing', () => {
    const state = withBoard(gameStartedBy('white'), { 24: 2, 13: 5, 8: 3, 6: 5 }, { 1: 2, 12: 5, 17: 3, 19: 5 }, A, [6, 5]);
    const before = structuredClone(state);
    const cases: [string, () => unknown, 'conflict' | 'illegal', RegExp][] = [
      ['not your turn', () => rules.apply(state, B, move([1, 7, 6], [1, 6, 5]), T0), 'conflict', /not your turn/],
      ['a stranger', () => rules.apply(state, 'player-c', move([24, 18, 6]), T0), 'illegal', /not a player/],
      ['onto a held point', () => rules.apply(state, A, move([24, 19, 5], [19, 13, 6]), T0), 'illegal', /blocked/],
      ['a die not rolled', () => rules.apply(state, A, move([13, 9, 4], [13, 8, 5]), T0), 'illegal', /no unused 4/],
      ['one die of two', () => rules.apply(state, A, move([24, 18, 6]), T0), 'illegal', /both dice/],
      ['nothing', () => rules.apply(state, A, { moves: [] }, T0), 'illegal', /must move/],
      ['a wrong target', () => rules.apply(state, A, move([13, 8, 6], [13, 8, 5]), T0), 'illegal', /lands on 7/],
      ['an opposing checker', () => rules.apply(state, A, move([1, 7, 6], [12, 17, 5]), T0), 'illegal', /no checker on 1/],
      ['bearing off early', () => rules.apply(state, A, move([6, 27, 6], [13, 8, 5]), T0), 'illegal', /bear off/],
      ['no list', () => rules.apply(state, A, { moves: 'x' } as unknown as BackgammonMove, T0), 'illegal', /list/],
      ['null', () => rules.apply(state, A, null as unknown as BackgammonMove, T0), 'illegal', /list/],
      ['a junk step', () => rules.apply(state, A, { moves: [null] } as unknown as BackgammonMove, T0), 'illegal', /currentPoint/],
    ];
    for (const [name, fn, kind, message] of cases) {
      const error = ruleError(fn);
      expect([name, error.kind]).toEqual([name, kind]);
      expect(error.message).toMatch(message);
      expect(state).toEqual(before);
    }
  });

  it('with no legal move the turn is an empty move: accepted, and it counts neither for nor against the idle forfeit', () => {
    const closed = { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3 };
    const state = { ...withBoard(gameStartedBy('white'), { bar: 1, 13: 14 }, closed, A, [6, 6]), autoTurns: { [A]: 2, [B]: 0 } };
    const view = rules.view(state, A);
    expect(view.possibleMoves).toEqual([]);
    expect(view.phase).toBe('move-checker');
    expect(ruleError(() => rules.apply(state, A, move([25, 19, 6]), T0)).message).toMatch(/No checker can move/);
    const passed = rules.apply(state, A, { moves: [] }, T0 + AUTO_EMPTY_MOVE_MS);
    expect(passed.turn).toBe(B);
    expect(passed.autoTurns[A]).toBe(2);
    expect(passed.moveHistory.at(-1)).toMatchObject({ playerId: A, moves: [], autoPlayed: false });
    // The same pass at the (short) deadline is recorded as automatic, still without counting.
    expect(rules.deadline(state)).toBe(state.timerStartTime + FORCED_PASS_MS);
    const timedOut = rules.timeout(state, state.timerStartTime + FORCED_PASS_MS);
    expect(timedOut.phase).toBe('move-checker');
    expect(timedOut.autoTurns[A]).toBe(2);
    expect(timedOut.moveHistory.at(-1)).toMatchObject({ playerId: A, moves: [], autoPlayed: true });
  });

  it('at the deadline plays a legal sequence chosen by the seeded source, marked autoPlayed', () => {
    const state = gameStartedBy('white');
    const legal = rules.view(state, A).possibleMoves;
    const now = rules.deadline(state) as number;
    const timedOut = rules.timeout(state, now);
    const record = timedOut.moveHistory.at(-1);
    expect(record?.autoPlayed).toBe(true);
    expect(legal.map((steps) => JSON.stringify(steps))).toContain(JSON.stringify(record?.moves.map(({ currentPoint, targetPoint, diceUsed }) => ({ currentPoint, targetPoint, diceUsed }))));
    expect(timedOut.autoTurns[A]).toBe(1);
    expect(timedOut.turn).toBe(B);
    expect(rules.timeout(state, now)).toEqual(timedOut);
  });

  it('three automatic turns in a row forfeit; a turn played by hand resets the count', () => {
    let state = gameStartedBy('white');
    let now = T0;
    const playB = () => {
      const steps = rules.view(state, B).possibleMoves[0] ?? [];
      state = rules.apply(state, B, { moves: steps }, (now += 1000));
    };
    state = rules.timeout(state, (now = rules.deadline(state) as number));
    playB();
    state = rules.timeout(state, (now = rules.deadline(state) as number));
    playB();
    expect(state.autoTurns[A]).toBe(2);
    // A plays one turn himself: back to zero.
    state = rules.apply(state, A, { moves: rules.view(state, A).possibleMoves[0] ?? [] }, (now += 1000));
    expect(state.autoTurns[A]).toBe(0);
    playB();
    for (let i = 0; i < 3; i += 1) {
      expect(rules.outcome(state)).toBeNull();
      state = rules.timeout(state, (now = rules.deadline(state) as number));
      if (i < 2) playB();
    }
    expect(state.phase).toBe('game-completed');
    expect(rules.outcome(state)).toMatchObject({ winnerId: B, loserId: A, endReason: 'timeout' });
    expect(rules.deadline(state)).toBeNull();
    expect(rules.timeout(state, now + 1)).toBe(state);
  });

  it('bearing off the fifteenth checker wins; the points are the checkers borne off', () => {
    const state = withBoard(gameStartedBy('white'), { 2: 1 }, { 19: 3, 20: 2 }, A, [6, 5]);
    expect(rules.view(state, A).possibleMoves).toEqual([[{ currentPoint: 2, targetPoint: 27, diceUsed: 6 }]]);
    const won = rules.apply(state, A, move([2, 27, 6]), T0);
    expect(rules.outcome(won)).toEqual({ winnerId: A, loserId: B, endReason: null, points: { [A]: 15, [B]: 10 } });
    const view = rules.view(won, B);
    expect(view).toMatchObject({ phase: 'game-completed', turn: null, timerStartTime: null, possibleMoves: [], borneOff: { [A]: 15, [B]: 10 } });
    expect(ruleError(() => rules.apply(won, B, move([19, 28, 6]), T0)).message).toBe('The game is over');
    expect(ruleError(() => rules.resign(won, B, T0)).kind).toBe('conflict');
  });

  it('the last checker may be borne off with one die when the other die has nothing left to move', () => {
    // 3/2 and 2/off uses both dice; 3/off with the 6 alone reaches the same end of the game.
    const state = withBoard(gameStartedBy('white'), { 3: 1 }, { 19: 3, 20: 2 }, A, [6, 1]);
    const turn = turnOfState(state);
    expect(turn && moveError(turn, [{ currentPoint: 3, targetPoint: 27, diceUsed: 6 }])).toBeNull();
    expect(turn && stepOptions(turn, [{ currentPoint: 3, targetPoint: 27, diceUsed: 6 }])?.complete).toBe(true);
    expect(rules.outcome(rules.apply(state, A, move([3, 27, 6]), T0))?.winnerId).toBe(A);
  });

  it('keeps its state plain JSON: a state read back from the database plays on the same', () => {
    let state = gameStartedBy('black');
    for (let turn = 0; turn < 4; turn += 1) state = rules.timeout(state, T0 + turn * BACKGAMMON_TURN_MS);
    const stored = JSON.parse(JSON.stringify(state)) as BackgammonState;
    expect(stored).toEqual(state);
    const mover = state.turn as string;
    const steps = rules.view(stored, mover).possibleMoves[0] ?? [];
    expect(rules.apply(stored, mover, { moves: steps }, T0)).toEqual(rules.apply(state, mover, { moves: steps }, T0));
  });

  it('the wire body: up to four steps of points and dice, an empty list allowed', () => {
    const gameId = '0b7f3a52-3c1e-4d7a-9f2b-1a2b3c4d5e6f';
    const step = { currentPoint: 25, targetPoint: 24, diceUsed: 1 };
    expect(backgammonMoveBody.parse({ gameId, v: 3, moves: [step] })).toEqual({ gameId, v: 3, moves: [step] });
    expect(backgammonMoveBody.safeParse({ gameId, moves: [] }).success).toBe(true);
    for (const moves of [[step, step, step, step, step], [{ ...step, diceUsed: 7 }], [{ ...step, targetPoint: 29 }], [{ ...step, currentPoint: 27 }], 'x']) {
      expect(backgammonMoveBody.safeParse({ gameId, moves }).success).toBe(false);
    }
  });

  it('leaving hands the other player the win', () => {
    const left = rules.resign(gameStartedBy('black'), B, T0 + 1);
    expect(rules.outcome(left)).toMatchObject({ winnerId: A, loserId: B, endReason: 'opponent-left' });
    expect(ruleError(() => rules.resign(gameStartedBy('white'), 'player-c', T0)).kind).toBe('illegal');
  });

  it('the app rebuilds the turn from its view exactly as the server has it', () => {
    const state = withBoard(gameStartedBy('white'), { bar: 1, 13: 14 }, { 10: 1, 19: 2, 20: 2, 21: 2, 22: 2, 17: 5 }, A, [6, 1]);
    const view = rules.view(state, A);
    expect(turnOfView(view)).toEqual(turnOfState(state));
    expect(stepOptions(turnOfView(view)!, [])?.next).toEqual([{ currentPoint: 25, targetPoint: 24, diceUsed: 1 }]);
  });
});

// ---------------------------------------------------------------------------------------------------

const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

function junk(rnd: () => number): unknown {
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  switch (int(0, 4)) {
    case 0:
      return null;
    case 1:
      return { moves: 'all of them' };
    case 2:
      return { moves: [{ currentPoint: int(0, 28), targetPoint: int(0, 28), diceUsed: int(0, 7) }] };
    default:
      return { moves: Array.from({ length: int(1, 5) }, () => ({ currentPoint: int(1, 26), targetPoint: int(1, 28), diceUsed: int(1, 6) })) };
  }
}

describe('backgammon game properties', () => {
  it('random games (moves in any legal order, timeouts, junk) end with one winner; 15 checkers a side; no seed in views', () => {
    const endings = { borneOff: 0, timeout: 0 };
    fc.assert(
      fc.property(seeds, fc.integer(), fc.integer({ min: 0, max: 30 }), (seed, choices, idlePercent) => {
        let a = choices >>> 0;
        const rnd = () => {
          a = (a + 0x6d2b79f5) >>> 0;
          let t = Math.imul(a ^ (a >>> 15), a | 1);
          t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
          return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        };
        let state = rules.create([A, B], seed, T0);
        let now = T0;
        for (let turn = 0; turn < 1000 && rules.outcome(state) === null; turn += 1) {
          const mover = state.turn as string;
          const view = rules.view(state, mover);
          for (const viewer of [A, B]) if (JSON.stringify(rules.view(state, viewer)).includes(seed)) throw new Error('seed in a view');
          // Junk first: refused unless it happens to be legal, and a refusal changes nothing.
          // (Snapshots as JSON strings: the state is plain JSON, and deep toEqual on it is slow.)
          const before = JSON.stringify(state);
          const j = junk(rnd);
          try {
            const after = rules.apply(state, mover, j as BackgammonMove, now);
            const t = turnOfState(JSON.parse(before) as BackgammonState);
            expect(t && moveError(t, (j as BackgammonMove).moves)).toBeNull();
            state = after;
            continue;
          } catch (error) {
            if (!(error instanceof RuleError)) throw error;
            if (JSON.stringify(state) !== before) throw new Error('a refused move changed the state');
          }
          if (rnd() * 100 < idlePercent) {
            state = rules.timeout(state, (now = rules.deadline(state) as number));
          } else {
            const steps = view.possibleMoves[Math.floor(rnd() * view.possibleMoves.length)] ?? [];
            // Every order of the steps is either refused untouched or accepted with the same board.
            const orders = permutations<BackgammonStep>(steps);
            const target = counts(rules.apply(state, mover, { moves: steps }, now + 100));
            let chosen = steps;
            for (const order of orders.slice(0, 6)) {
              try {
                expect(counts(rules.apply(state, mover, { moves: order }, now + 100))).toEqual(target);
                chosen = order;
              } catch (error) {
                if (!(error instanceof RuleError)) throw error;
              }
            }
            if (JSON.stringify(state) !== before) throw new Error('apply changed its input');
            state = rules.apply(state, mover, { moves: chosen }, (now += 100));
          }
          const board = counts(state);
          const white = board.filter((n) => n > 0).reduce((sum, n) => sum + n, 0);
          const black = board.filter((n) => n < 0).reduce((sum, n) => sum - n, 0);
          if (white !== 15 || black !== 15) throw new Error(`${white} white and ${black} black checkers`);
        }
        const outcome = rules.outcome(state);
        if (outcome === null) throw new Error('the game did not end');
        expect(new Set([outcome.winnerId, outcome.loserId])).toEqual(new Set([A, B]));
        if (outcome.endReason === null) {
          endings.borneOff += 1;
          expect(outcome.points[outcome.winnerId]).toBe(15);
          expect(outcome.points[outcome.loserId]).toBeLessThan(15);
        } else {
          endings.timeout += 1;
          expect(outcome.endReason).toBe('timeout');
          // The loser's last three turns that had a legal move were all played by the server.
          const last = state.moveHistory.filter((r) => r.playerId === outcome.loserId && r.moves.length > 0).slice(-3);
          expect(last.map((r) => r.autoPlayed)).toEqual([true, true, true]);
        }
        for (const viewer of [A, B]) expect(JSON.stringify(rules.view(state, viewer))).not.toContain(seed);
      }),
      { numRuns: 50 },
    );
    // Both ways a game ends were exercised.
    expect(endings.borneOff).toBeGreaterThan(5);
    expect(endings.timeout).toBeGreaterThan(5);
  });
});
