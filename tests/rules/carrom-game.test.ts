import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARROM_STEPS_PER_SECOND,
  CARROM_TURN_MS,
  boardToScreen,
  boardUnits,
  carromMoveBody,
  pullOfDrag,
  screenPixels,
  screenToBoard,
  shotSpeed,
  type BoardProjection,
  type CarromCoin,
  type CarromColor,
  type CarromLastMove,
  type CarromShot,
} from '../../protocol/carrom.ts';
import { coinAt, startCoins } from '../../rules/carrom/board.ts';
import { carromRules as rules, type CarromState } from '../../rules/carrom/index.ts';
import { POCKETS } from '../../rules/carrom/physics.ts';
import { scoreShot, type ShotFacts } from '../../rules/carrom/scoring.ts';
import { replayShot, shotOutcome, stepShot } from '../../rules/carrom/shot.ts';
import { RuleError } from '../../rules/game.ts';

/** The turn, scoring, queen and foul rules of ../shared/rules/carrom.md, and the GameRules contract. */

const A = 'player-a'; // white: first in the queue, shoots first, baseline y = 250
const B = 'player-b'; // black, baseline y = 50
const SEED = 'ef'.repeat(32);
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

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const whites = Array.from({ length: 9 }, (_, i) => `w${i + 1}`);
const blacks = Array.from({ length: 9 }, (_, i) => `b${i + 1}`);

/**
 * A board of our own: `placed` coins where given, `down` coins in the top-left pocket, the rest where
 * the start rosette has them (far from the corner shots below).
 */
function boardOf(placed: Record<string, [number, number]>, down: readonly string[] = []): CarromCoin[] {
  return startCoins().map((c) => {
    const spot = placed[c.id];
    if (spot) return coinAt(c.id, c.type, spot[0], spot[1]);
    if (down.includes(c.id)) return { ...coinAt(c.id, c.type, 8, 8), isProcessed: true };
    return c;
  });
}

/** A game in progress with this board, these coins already down, this queen, `turn` to shoot. */
function gameWith(options: { placed: Record<string, [number, number]>; down?: Record<string, string[]>; secured?: string | null; turn?: string }): CarromState {
  const down = options.down ?? {};
  const all = [...(down[A] ?? []), ...(down[B] ?? []), ...(options.secured ? ['queen'] : [])];
  return {
    ...rules.create([A, B], SEED, T0),
    coins: boardOf(options.placed, all),
    pocketedPieces: { [A]: down[A] ?? [], [B]: down[B] ?? [] },
    queenState: options.secured ? 'secured' : 'onBoard',
    queenPocketedBy: options.secured ?? null,
    turn: options.turn ?? A,
  };
}

const shot = (playerId: string, strikerPosition: number, angle: number, pull: number): CarromShot => ({
  playerId,
  strikerPosition,
  angle,
  hitStrength: pull,
  speed: shotSpeed(pull),
});

// Corner shots found once and kept (regression rows): from white's baseline along (−0.8, 0.6), a line
// that passes 0.6 from the bottom-left pocket's centre.
const TOWARD_BOTTOM_LEFT = Math.atan2(0.6, -0.8);
/** A coin at (37, 271), 35 along the line: pull 24 pockets it alone, pull 60 sends the striker after it. */
const pocketShot = (playerId = A) => shot(playerId, 65, TOWARD_BOTTOM_LEFT, 24);
const pocketAndFallShot = shot(A, 65, TOWARD_BOTTOM_LEFT, 60);
/** Nothing on the line: pull 30 sends the striker alone into the pocket. */
const strikerFallShot = shot(A, 65, TOWARD_BOTTOM_LEFT, 30);
/** The queen at (25, 283) and a coin at (45, 268) on the line from x = 69: pull 40 sinks both, pull 24 the queen alone. */
const queenAndCoinShot = (pull: number) => shot(A, 69, TOWARD_BOTTOM_LEFT, pull);

describe('carrom game: start, view, contract', () => {
  it('starts with white (the first in the queue) to shoot, the rosette, 22 s on the clock', () => {
    const state = rules.create([A, B], SEED, T0);
    const view = rules.view(state, A);
    expect(view.playerColors).toEqual({ [A]: 'white', [B]: 'black' });
    expect(view.turn).toBe(A);
    expect(view.phase).toBe('player-turn');
    expect(rules.view(state, B).phase).toBe('opponent-turn');
    expect(view.boardState.coins).toEqual(startCoins());
    expect(view.pocketedPieces).toEqual({ [A]: [], [B]: [] });
    expect(view.totalGamePoints).toEqual({ [A]: 0, [B]: 0 });
    expect([view.queenState, view.queenPocketedBy, view.strikerBeenHit, view.strikerFell, view.lastMove, view.timeoutTriggered]).toEqual([
      'onBoard',
      null,
      false,
      false,
      null,
      false,
    ]);
    expect(view.timerStartTime).toBe(T0);
    expect(rules.deadline(state)).toBe(T0 + CARROM_TURN_MS);
    expect(view.deadlineAt).toBe(T0 + CARROM_TURN_MS);
    expect(rules.outcome(state)).toBeNull();
    // Nothing is drawn: another seed changes only the state's commitment to it.
    const other = rules.create([A, B], 'aa'.repeat(32), T0);
    expect({ ...other, gameSeedHash: state.gameSeedHash }).toEqual(state);
    expect(other.gameSeedHash).not.toBe(state.gameSeedHash);
  });

  it('the view carries the spec\'s names, shares nothing with the state, and never the seed', () => {
    let state = rules.apply(gameWith({ placed: { w1: [37, 271] } }), A, pocketShot(), T0 + 1000);
    state = rules.timeout(state, rules.deadline(state) as number);
    const view = rules.view(state, B);
    for (const key of ['boardState', 'pocketedPieces', 'queenState', 'queenPocketedBy', 'strikerBeenHit', 'strikerFell', 'lastMove', 'timerStartTime', 'timeoutTriggered']) {
      expect(view).toHaveProperty(key);
    }
    expect(Object.keys(view.boardState.coins[0] as object).sort()).toEqual(['id', 'isProcessed', 'type', 'velocity', 'x', 'y']);
    expect(view.lastMove).toMatchObject({ strikerPosition: 65, hitStrength: 24 });
    expect(JSON.stringify(view)).not.toContain(SEED);
    expect(JSON.stringify(state)).not.toContain(SEED);
    // Changing the view changes nothing in the state.
    const before = structuredClone(state);
    (view.boardState.coins[0] as CarromCoin).velocity.x = 99;
    view.lastMove?.coinsBefore.pop();
    view.pocketedPieces[A]?.push('x');
    expect(state).toEqual(before);
  });

  it('resigning gives the other player the win (opponent-left); points are own coins pocketed', () => {
    const state = gameWith({ placed: {}, down: { [A]: ['w1', 'w2'], [B]: ['b1'] } });
    const left = rules.resign(state, B, T0 + 5000);
    expect(rules.outcome(left)).toEqual({ winnerId: A, loserId: B, endReason: 'opponent-left', points: { [A]: 2, [B]: 1 } });
    expect(rules.view(left, A).phase).toBe('game-completed');
    expect(rules.view(left, A).timerStartTime).toBeNull();
    expect(rules.deadline(left)).toBeNull();
    expect(ruleError(() => rules.resign(left, A, T0)).kind).toBe('conflict');
    expect(ruleError(() => rules.resign(state, 'stranger', T0)).kind).toBe('illegal');
  });
});

describe('carrom shots through apply (real physics)', () => {
  it('pocketing an own coin keeps the turn; the next turn\'s clock starts when the replay ends', () => {
    const state = deepFreeze(gameWith({ placed: { w1: [37, 271] } }));
    const next = rules.apply(state, A, pocketShot(), T0 + 1000);
    expect(next.turn).toBe(A);
    expect(next.pocketedPieces).toEqual({ [A]: ['w1'], [B]: [] });
    expect(next.coins.find((c) => c.id === 'w1')).toMatchObject({ isProcessed: true, x: 8, y: 292 });
    const move = next.lastMove;
    expect(move).toMatchObject({ shotNumber: 1, playerId: A, strikerPosition: 65, hitStrength: 24, speed: 80, pocketed: ['w1'], fouls: [], returned: [], turnKept: true });
    expect(move?.coinsBefore).toEqual(state.coins);
    expect(next.strikerBeenHit).toBe(true);
    expect(next.strikerFell).toBe(false);
    expect(next.timerStartTime).toBe(T0 + 1000 + Math.ceil(((move?.steps ?? 0) * 1000) / CARROM_STEPS_PER_SECOND));
    expect(rules.deadline(next)).toBe(next.timerStartTime + CARROM_TURN_MS);
    expect(rules.view(next, A).totalGamePoints).toEqual({ [A]: 1, [B]: 0 });
  });

  it('the opponent replays the shot from the view it received and lands exactly on the stored board', () => {
    const before = rules.create([A, B], SEED, T0);
    const after = rules.apply(before, A, shot(A, 150, -Math.PI / 2 + 0.02, 60), T0 + 3000);
    const view = JSON.parse(JSON.stringify(rules.view(after, B))) as ReturnType<typeof rules.view>;
    const lastMove = view.lastMove as CarromLastMove;
    expect(lastMove.coinsBefore).toEqual(rules.view(before, B).boardState.coins);
    const run = replayShot(lastMove, view.playerColors[lastMove.playerId] as CarromColor);
    let frames = 1;
    while (stepShot(run)) frames += 1;
    expect(frames).toBe(lastMove.steps);
    const replayed = shotOutcome(run).coins;
    // Pieces put back after the shot are the only ones the replay cannot know about.
    const kept = (c: CarromCoin) => !lastMove.returned.includes(c.id);
    expect(replayed.filter(kept)).toStrictEqual(view.boardState.coins.filter(kept));
    expect(shotOutcome(run).falls.map((f) => f.id)).toEqual(lastMove.pocketed);
  });

  it('pocketing the opponent\'s coin counts for the opponent and passes the turn', () => {
    const next = rules.apply(gameWith({ placed: { b1: [37, 271] } }), A, pocketShot(), T0);
    expect(next.pocketedPieces).toEqual({ [A]: [], [B]: ['b1'] });
    expect(next.turn).toBe(B);
    expect(rules.view(next, B).phase).toBe('player-turn');
  });

  it('black shoots from y = 50: the same corner shot turned 180° pockets into the top-right pocket', () => {
    const state = gameWith({ placed: { b1: [263, 29] }, turn: B });
    const next = rules.apply(state, B, shot(B, 235, TOWARD_BOTTOM_LEFT + Math.PI, 24), T0);
    expect(next.pocketedPieces[B]).toEqual(['b1']);
    expect(next.coins.find((c) => c.id === 'b1')).toMatchObject({ x: 292, y: 8, isProcessed: true });
    expect(next.turn).toBe(B);
  });

  it('the striker falling is a foul: the turn passes and the shooter\'s last pocketed coin comes back', () => {
    const state = gameWith({ placed: {}, down: { [A]: ['w1', 'w2'] } });
    const next = rules.apply(state, A, strikerFallShot, T0);
    expect(next.strikerFell).toBe(true);
    expect(next.lastMove?.fouls).toEqual(['striker-fell']);
    expect(next.lastMove?.pocketed).toEqual(['striker']);
    expect(next.lastMove?.returned).toEqual(['w2']);
    expect(next.pocketedPieces[A]).toEqual(['w1']);
    const w2 = next.coins.find((c) => c.id === 'w2');
    expect(w2?.isProcessed).toBe(false);
    // The centre is taken by the queen: the nearest free spot, touching nothing.
    for (const c of next.coins) if (c !== w2 && !c.isProcessed) expect(Math.hypot(c.x - (w2?.x ?? 0), c.y - (w2?.y ?? 0))).toBeGreaterThanOrEqual(22);
    expect(next.turn).toBe(B);
    // Pocketing an own coin does not save a shot whose striker follows it in.
    const both = rules.apply(gameWith({ placed: { w1: [37, 271] } }), A, pocketAndFallShot, T0);
    expect(both.lastMove?.pocketed).toEqual(['w1', 'striker']);
    expect(both.pocketedPieces[A]).toEqual([]);
    expect(both.coins.find((c) => c.id === 'w1')?.isProcessed).toBe(false);
    expect(both.turn).toBe(B);
  });

  it('the queen covered by an own coin in the same shot is secured; alone it goes back to the centre', () => {
    const board = { queen: [25, 283], w1: [45, 268] } as Record<string, [number, number]>;
    const covered = rules.apply(gameWith({ placed: board }), A, queenAndCoinShot(40), T0);
    expect(covered.lastMove?.pocketed).toEqual(['queen', 'w1']);
    expect(covered.queenState).toBe('secured');
    expect(covered.queenPocketedBy).toBe(A);
    expect(covered.lastMove?.queenCovered).toBe(true);
    expect(covered.pocketedPieces[A]).toEqual(['w1']);
    expect(covered.turn).toBe(A);
    expect(rules.view(covered, B).queenState).toBe('secured');

    const alone = rules.apply(gameWith({ placed: board }), A, queenAndCoinShot(24), T0);
    expect(alone.lastMove?.pocketed).toEqual(['queen']);
    expect(alone.queenState).toBe('onBoard');
    expect(alone.queenPocketedBy).toBeNull();
    expect(alone.lastMove?.returned).toEqual(['queen']);
    expect(alone.coins.find((c) => c.id === 'queen')).toMatchObject({ x: 150, y: 150, isProcessed: false });
    expect(alone.turn).toBe(B);
  });

  it('the last own coin wins once the queen is secured', () => {
    const state = gameWith({ placed: { w9: [37, 271] }, down: { [A]: whites.slice(0, 8), [B]: ['b1'] }, secured: B });
    const won = rules.apply(state, A, pocketShot(), T0);
    expect(rules.outcome(won)).toEqual({ winnerId: A, loserId: B, endReason: null, points: { [A]: 9, [B]: 1 } });
    expect(rules.view(won, B).phase).toBe('game-completed');
    expect(rules.view(won, A).turn).toBeNull();
    expect(ruleError(() => rules.apply(won, B, pocketShot(B), T0)).kind).toBe('conflict');
    expect(rules.timeout(won, T0 + 60_000)).toBe(won);
  });

  it('the last own coin with the queen still on the board is a foul: it and a penalty coin come back', () => {
    const state = gameWith({ placed: { w9: [37, 271] }, down: { [A]: whites.slice(0, 8) } });
    const next = rules.apply(state, A, pocketShot(), T0);
    expect(next.lastMove?.fouls).toEqual(['own-last-coin-before-queen']);
    expect(next.lastMove?.returned).toEqual(['w9', 'w8']);
    expect(next.pocketedPieces[A]).toEqual(whites.slice(0, 7));
    expect(next.coins.filter((c) => ['w8', 'w9'].includes(c.id)).map((c) => c.isProcessed)).toEqual([false, false]);
    expect(rules.outcome(next)).toBeNull();
    expect(next.turn).toBe(B);
  });

  it('the opponent\'s last coin: a foul; with the queen secured the opponent has won', () => {
    const state = gameWith({ placed: { b9: [37, 271] }, down: { [A]: ['w1', 'w2'], [B]: blacks.slice(0, 8) }, secured: A });
    const lost = rules.apply(state, A, pocketShot(), T0);
    expect(lost.lastMove?.fouls).toEqual(['opponent-last-coin']);
    expect(rules.outcome(lost)).toEqual({ winnerId: B, loserId: A, endReason: null, points: { [A]: 1, [B]: 9 } });
  });

  it('refuses a shot out of turn, from a stranger, or after the end, changing nothing', () => {
    const state = deepFreeze(rules.create([A, B], SEED, T0));
    expect(ruleError(() => rules.apply(state, B, shot(B, 150, Math.PI / 2, 40), T0)).kind).toBe('conflict');
    expect(ruleError(() => rules.apply(state, 'stranger', shot('stranger', 150, 0, 40), T0)).kind).toBe('illegal');
    const over = rules.resign(state, B, T0);
    expect(ruleError(() => rules.apply(over, A, shot(A, 150, 0, 40), T0)).kind).toBe('conflict');
  });

  it.each([
    ['NaN position', { strikerPosition: Number.NaN }, 'strikerPosition must be a finite number'],
    ['infinite angle', { angle: Number.POSITIVE_INFINITY }, 'angle must be a finite number'],
    ['NaN angle', { angle: Number.NaN }, 'angle must be a finite number'],
    ['infinite pull', { hitStrength: Number.NEGATIVE_INFINITY }, 'hitStrength must be a finite number'],
    ['NaN speed', { speed: Number.NaN }, 'speed must be a finite number'],
    ['string speed', { speed: '100' }, 'speed must be a finite number'],
    ['position left of 65', { strikerPosition: 64.9 }, 'strikerPosition must be between 65 and 235'],
    ['position right of 235', { strikerPosition: 235.1 }, 'strikerPosition must be between 65 and 235'],
    ['pull below 18 (no shot)', { hitStrength: 17.9, speed: shotSpeed(17.9) }, 'A pull below 18 is no shot'],
    ['pull above 60', { hitStrength: 61, speed: shotSpeed(61) }, 'hitStrength must be at most 60'],
    ['speed out of range', { speed: -1 }, 'speed must be between 0 and 200'],
    ['speed not from the pull', { speed: shotSpeed(40) + 1 }, 'speed does not match hitStrength'],
    ['someone else\'s playerId', { playerId: B }, 'playerId must be your own id'],
  ])('refuses %s (illegal), changing nothing', (_label, change, message) => {
    const state = deepFreeze(rules.create([A, B], SEED, T0));
    const before = structuredClone(state);
    const error = ruleError(() => rules.apply(state, A, { ...shot(A, 150, -Math.PI / 2, 40), ...change } as CarromShot, T0));
    expect([error.kind, error.message]).toEqual(['illegal', message]);
    expect(state).toEqual(before);
  });

  it('accepts the ends of every range, any finite angle, and a speed rounded by the client', () => {
    const state = rules.create([A, B], SEED, T0);
    for (const move of [shot(A, 65, -Math.PI / 2, 18), shot(A, 235, -Math.PI / 2, 60), shot(A, 150, 1e300, 30), { ...shot(A, 150, -2, 40), speed: 133 }]) {
      expect(rules.apply(state, A, move, T0).shotCount).toBe(1);
    }
    expect(rules.apply(state, A, shot(A, 150, 1e6, 30), T0).lastMove?.angle).toBe((1e6 % (2 * Math.PI)) - 2 * Math.PI);
    expect(rules.apply(state, A, shot(A, 150, -1e300, 30), T0).coins.every((c) => Number.isFinite(c.x) && Number.isFinite(c.y))).toBe(true);
    expect(ruleError(() => rules.apply(state, A, null as never, T0)).message).toBe('move must be a shot');
  });

  it('moves the striker off a coin to the nearest free spot and records where it stood', () => {
    const state = gameWith({ placed: { w1: [150, 240] } });
    const next = rules.apply(state, A, shot(A, 150, -Math.PI / 2, 30), T0);
    // 10 above the baseline: free from 24 to either side, so 150 − 25.
    expect(next.lastMove?.strikerPosition).toBe(125);
  });
});

describe('carrom scoring table', () => {
  const base: ShotFacts = {
    shooterColor: 'white',
    coins: startCoins(),
    pocketed: [],
    strikerFell: false,
    ownBefore: [],
    opponentBefore: [],
    queenSecuredBefore: false,
  };
  /** The facts after these pieces fell in this shot (marked in the pockets). */
  const facts = (change: Partial<ShotFacts>): ShotFacts => {
    const f = { ...base, ...change };
    const down = new Set([...f.pocketed, ...f.ownBefore, ...f.opponentBefore, ...(f.queenSecuredBefore ? ['queen'] : [])]);
    return { ...f, coins: f.coins.map((c) => (down.has(c.id) ? { ...c, x: boardUnits(8), y: boardUnits(292), isProcessed: true } : c)) };
  };

  it.each([
    // label, facts, own after, opponent after, queen secured, covered, fouls, returned, turn kept, winner
    ['nothing pocketed', {}, [], [], false, false, [], [], false, null],
    ['an own coin', { pocketed: ['w1'] }, ['w1'], [], false, false, [], [], true, null],
    ['an opponent coin', { pocketed: ['b1'] }, [], ['b1'], false, false, [], [], false, null],
    ['own and opponent coins', { pocketed: ['b1', 'w1'] }, ['w1'], ['b1'], false, false, [], [], true, null],
    ['the queen alone: back to the centre', { pocketed: ['queen'] }, [], [], false, false, [], ['queen'], false, null],
    ['the queen with an opponent coin: not covered', { pocketed: ['queen', 'b1'] }, [], ['b1'], false, false, [], ['queen'], false, null],
    ['the queen covered (coin after it)', { pocketed: ['queen', 'w1'] }, ['w1'], [], true, true, [], [], true, null],
    ['the queen covered (coin before it)', { pocketed: ['w1', 'queen'] }, ['w1'], [], true, true, [], [], true, null],
    ['the queen and own coin, striker fell', { pocketed: ['queen', 'w1'], strikerFell: true }, [], [], false, false, ['striker-fell'], ['queen', 'w1'], false, null],
    ['striker fell, nothing down: no penalty to pay', { strikerFell: true }, [], [], false, false, ['striker-fell'], [], false, null],
    ['striker fell: the last pocketed own coin comes back', { strikerFell: true, ownBefore: ['w1', 'w2'] }, ['w1'], [], false, false, ['striker-fell'], ['w2'], false, null],
    ['last own coin, queen on the board', { pocketed: ['w9'], ownBefore: whites.slice(0, 8) }, whites.slice(0, 7), [], false, false, ['own-last-coin-before-queen'], ['w9', 'w8'], false, null],
    ['last own coin, queen secured: win', { pocketed: ['w9'], ownBefore: whites.slice(0, 8), queenSecuredBefore: true }, whites, [], true, false, [], [], true, 'shooter'],
    ['the queen and the last own coin together: covered, win', { pocketed: ['queen', 'w9'], ownBefore: whites.slice(0, 8) }, whites, [], true, true, [], [], true, 'shooter'],
    ['last own coin and striker fell: one penalty', { pocketed: ['w9'], ownBefore: whites.slice(0, 8), strikerFell: true }, whites.slice(0, 7), [], false, false, ['striker-fell', 'own-last-coin-before-queen'], ['w9', 'w8'], false, null],
    ['opponent\'s last coin, queen secured: the opponent wins', { pocketed: ['b9'], ownBefore: ['w1'], opponentBefore: blacks.slice(0, 8), queenSecuredBefore: true }, [], blacks, true, false, ['opponent-last-coin'], ['w1'], false, 'opponent'],
    ['opponent\'s last coin, queen on the board: it comes back', { pocketed: ['b9'], ownBefore: ['w1'], opponentBefore: blacks.slice(0, 8) }, [], blacks.slice(0, 8), false, false, ['opponent-last-coin'], ['b9', 'w1'], false, null],
    ['opponent\'s last coin with the queen and an own coin: no cover', { pocketed: ['queen', 'w2', 'b9'], ownBefore: ['w1'], opponentBefore: blacks.slice(0, 8) }, ['w1'], blacks.slice(0, 8), false, false, ['opponent-last-coin'], ['queen', 'b9', 'w2'], false, null],
  ] as const)('%s', (_label, change, own, opponent, secured, covered, fouls, returned, kept, winner) => {
    const score = scoreShot(facts(change as Partial<ShotFacts>));
    expect(score.own).toEqual(own);
    expect(score.opponent).toEqual(opponent);
    expect(score.queenSecured).toBe(secured);
    expect(score.queenCovered).toBe(covered);
    expect(score.fouls).toEqual(fouls);
    expect(score.returned).toEqual(returned);
    expect(score.turnKept).toBe(kept);
    expect(score.winner).toBe(winner);
    // Every piece returned is on the board, touching nothing; every other piece is where it was.
    const input = facts(change as Partial<ShotFacts>);
    for (const id of returned) {
      const c = score.coins.find((x) => x.id === id) as CarromCoin;
      expect(c.isProcessed).toBe(false);
      for (const o of score.coins) if (o !== c && !o.isProcessed) expect(Math.hypot(o.x - c.x, o.y - c.y)).toBeGreaterThanOrEqual(22);
    }
    for (const c of score.coins) if (!returned.includes(c.id as never)) expect(c).toEqual(input.coins.find((x) => x.id === c.id));
  });

  it('puts the first piece back exactly in the centre when it is free', () => {
    const empty = startCoins().map((c) => (c.id === 'w1' ? c : { ...c, x: boardUnits(8), y: boardUnits(8), isProcessed: true }));
    const score = scoreShot({ ...base, coins: empty, pocketed: ['queen'] });
    expect(score.coins.find((c) => c.id === 'queen')).toMatchObject({ x: 150, y: 150, isProcessed: false });
  });
});

describe('carrom turns and timeouts', () => {
  it('at the deadline the turn passes with no shot; three in a row forfeit; a shot resets the count', () => {
    let state = rules.create([A, B], SEED, T0);
    state = rules.timeout(state, T0 + CARROM_TURN_MS);
    expect(state.turn).toBe(B);
    expect(state.timeoutTriggered).toBe(true);
    expect(state.timerStartTime).toBe(T0 + CARROM_TURN_MS);
    expect(rules.view(state, A).timeouts).toEqual({ [A]: 1, [B]: 0 });
    // B shoots: the flag clears, B's count stays 0; the turn passes (nothing pocketed).
    state = rules.apply(state, B, shot(B, 150, Math.PI / 2, 20), T0 + 30_000);
    expect(state.timeoutTriggered).toBe(false);
    expect(state.turn).toBe(A);
    state = rules.timeout(state, rules.deadline(state) as number);
    state = rules.timeout(state, rules.deadline(state) as number); // B: 1
    expect(state.timeouts).toEqual({ [A]: 2, [B]: 1 });
    state = rules.timeout(state, rules.deadline(state) as number); // A: third in a row
    expect(rules.outcome(state)).toEqual({ winnerId: B, loserId: A, endReason: 'timeout', points: { [A]: 0, [B]: 0 } });
    expect(rules.deadline(state)).toBeNull();
  });

  it('a shot resets the shooter\'s count of timeouts', () => {
    let state = rules.create([A, B], SEED, T0);
    for (let i = 0; i < 4; i += 1) state = rules.timeout(state, T0 + i * CARROM_TURN_MS); // A 2, B 2
    state = rules.apply(state, A, shot(A, 150, -Math.PI / 2, 20), T0 + 100_000);
    expect(state.timeouts).toEqual({ [A]: 0, [B]: 2 });
  });
});

describe('carrom random games', () => {
  /** A small deterministic source for scattering coins (fast-check hands us its seed). */
  const lcg = (seed: number) => {
    let x = seed >>> 0 || 1;
    return () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x / 2 ** 32;
    };
  };

  /** A late game: `downW`/`downB` coins of each side down, the queen secured or not, the rest scattered. */
  function lateGame(downW: number, downB: number, secured: string | null, turn: string, seed: number): CarromState {
    const rnd = lcg(seed);
    const spots: { x: number; y: number }[] = [];
    const down = [...whites.slice(0, downW), ...blacks.slice(0, downB), ...(secured ? ['queen'] : [])];
    const coins = startCoins().map((c) => {
      if (down.includes(c.id)) return { ...coinAt(c.id, c.type, 8, 8), isProcessed: true };
      for (;;) {
        const x = 11 + rnd() * 278;
        const y = 11 + rnd() * 278;
        if (POCKETS.some((p) => Math.hypot(p.x - x, p.y - y) < 17) || spots.some((p) => Math.hypot(p.x - x, p.y - y) < 22)) continue;
        spots.push({ x, y });
        return coinAt(c.id, c.type, x, y);
      }
    });
    return {
      ...rules.create([A, B], SEED, T0),
      coins,
      pocketedPieces: { [A]: whites.slice(0, downW), [B]: blacks.slice(0, downB) },
      queenState: secured ? 'secured' : 'onBoard',
      queenPocketedBy: secured,
      turn,
    };
  }

  const segmentDistance = (p: { x: number; y: number }, ax: number, ay: number, bx: number, by: number) => {
    const sx = bx - ax;
    const sy = by - ay;
    const t = Math.max(0, Math.min(1, ((p.x - ax) * sx + (p.y - ay) * sy) / (sx * sx + sy * sy)));
    return Math.hypot(ax + sx * t - p.x, ay + sy * t - p.y);
  };

  /**
   * A fair player: for each own coin (and the queen) and pocket, the ghost-ball aim from baseline spots
   * 10 apart with both lines clear, keeping the shot with most speed to spare; null when nothing is in reach.
   */
  function aimedShot(state: CarromState, mover: string, jitter: number): CarromShot | null {
    const color = mover === A ? 'white' : 'black';
    const y = color === 'white' ? 250 : 50;
    const live = state.coins.filter((c) => !c.isProcessed);
    let best: { spare: number; shot: CarromShot } | null = null;
    for (const c of live.filter((x) => x.type === color || x.type === 'queen')) {
      for (const p of POCKETS) {
        const L = Math.hypot(p.x - c.x, p.y - c.y);
        const ux = (p.x - c.x) / L;
        const uy = (p.y - c.y) / L;
        const gx = c.x - 26 * ux;
        const gy = c.y - 26 * uy;
        if (live.some((o) => o !== c && segmentDistance(o, c.x, c.y, p.x, p.y) < 22)) continue;
        for (let x = 65; x <= 235; x += 10) {
          const run = Math.hypot(gx - x, gy - y);
          const cos = ((gx - x) * ux + (gy - y) * uy) / run;
          if (run < 1 || cos < 0.45) continue;
          if (live.some((o) => (o !== c && segmentDistance(o, x, y, gx, gy) < 26) || Math.hypot(o.x - x, o.y - y) < 26)) continue;
          // The striker loses 1.125 units/s per unit run; the coin leaves at 1.3 × its speed × cos(cut).
          const need = (L - 10) / (1.156 * cos) + 1.125 * run;
          if (need > 200 || (best && 200 - need <= best.spare)) continue;
          const pull = Math.max(18, (Math.min(200, need + 25) / 200) * 60);
          best = { spare: 200 - need, shot: shot(mover, x, Math.atan2(gy - y, gx - x) + jitter, pull) };
        }
      }
    }
    return best?.shot ?? null;
  }

  type Action = { kind: 'aimed'; jitter: number } | { kind: 'random'; x: number; angle: number; pull: number } | { kind: 'timeout' };
  const actions = fc.array(
    fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('aimed' as const), jitter: fc.double({ min: -0.03, max: 0.03, noNaN: true }) }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('random' as const),
          x: fc.double({ min: 65, max: 235, noNaN: true }),
          angle: fc.double({ min: -4, max: 4, noNaN: true }),
          pull: fc.double({ min: 18, max: 60, noNaN: true }),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'timeout' as const }) },
    ),
    { maxLength: 30 },
  );

  /** Plays the actions (then timeouts until the end), checking the books after every turn. */
  function play(start: CarromState, list: readonly Action[]): CarromState {
    let state = start;
    let now = T0;
    for (const action of list) {
      if (rules.outcome(state)) break;
      now += 5000;
      const mover = state.turn as string;
      if (action.kind === 'timeout') state = rules.timeout(state, Math.max(now, rules.deadline(state) as number));
      else {
        const move = action.kind === 'aimed' ? aimedShot(state, mover, action.jitter) : shot(mover, action.x, action.angle, action.pull);
        state = rules.apply(state, mover, move ?? shot(mover, 150, mover === A ? -Math.PI / 2 : Math.PI / 2, 60), now);
      }
      const pocketed = [...(state.pocketedPieces[A] ?? []), ...(state.pocketedPieces[B] ?? [])];
      expect(new Set(pocketed).size).toBe(pocketed.length);
      expect(state.pocketedPieces[A]?.every((id) => id.startsWith('w'))).toBe(true);
      expect(state.pocketedPieces[B]?.every((id) => id.startsWith('b'))).toBe(true);
      const down = state.coins.filter((c) => c.isProcessed).map((c) => c.id);
      expect(down.sort()).toEqual([...pocketed, ...(state.queenState === 'secured' ? ['queen'] : [])].sort());
      expect(state.coins).toHaveLength(19);
      // Nine coins down only with the queen secured, and then the game is over.
      for (const id of [A, B]) if ((state.pocketedPieces[id]?.length ?? 0) === 9) expect([state.queenState, rules.outcome(state)?.winnerId]).toEqual(['secured', id]);
    }
    while (!rules.outcome(state)) state = rules.timeout(state, rules.deadline(state) as number);
    return state;
  }

  function expectOneWinner(state: CarromState) {
    const outcome = rules.outcome(state);
    expect([outcome?.winnerId, outcome?.loserId].sort()).toEqual([A, B]);
    expect(outcome?.endReason === null || outcome?.endReason === 'timeout').toBe(true);
    expect(state.phase).toBe('game-completed');
    expect(state.turn).toBeNull();
    return outcome;
  }

  it('from the start, always end with exactly one winner, and never lose or duplicate a piece', () => {
    fc.assert(
      fc.property(actions, (list) => {
        expectOneWinner(play(rules.create([A, B], SEED, T0), list));
      }),
      { numRuns: 25 },
    );
  });

  it('from late positions (some won on the board), always end with exactly one winner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 8 }),
        fc.integer({ min: 4, max: 8 }),
        fc.constantFrom(null, A, B),
        fc.constantFrom(A, B),
        fc.integer(),
        actions,
        (downW, downB, secured, turn, seed, list) => {
          expectOneWinner(play(lateGame(downW, downB, secured, turn, seed), list));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a fair player finishes late games on the board: the win, the fouls and the queen all happen in play', () => {
    const rnd = lcg(2024);
    const seen = { won: 0, fouls: new Set<string>(), covered: 0, queenBack: 0 };
    for (let game = 0; game < 30; game += 1) {
      const secured = [null, A, B][Math.floor(rnd() * 3)] ?? null;
      let state = lateGame(6 + Math.floor(rnd() * 3), 6 + Math.floor(rnd() * 3), secured, rnd() < 0.5 ? A : B, Math.floor(rnd() * 1e9));
      for (let turn = 0; turn < 40 && !rules.outcome(state); turn += 1) {
        const mover = state.turn as string;
        state = rules.apply(state, mover, aimedShot(state, mover, (rnd() - 0.5) * 0.02) ?? shot(mover, 65 + rnd() * 170, (mover === A ? -1 : 1) * (Math.PI / 2) + rnd() - 0.5, 60), T0 + turn * 1000);
        for (const foul of state.lastMove?.fouls ?? []) seen.fouls.add(foul);
        if (state.lastMove?.queenCovered) seen.covered += 1;
        if (state.lastMove?.returned.includes('queen')) seen.queenBack += 1;
      }
      if (rules.outcome(state)) {
        seen.won += 1;
        expect(expectOneWinner(state)?.endReason).toBeNull();
      }
    }
    expect(seen.won).toBeGreaterThan(0);
    expect(seen.queenBack).toBeGreaterThan(0);
    expect(seen.fouls.size).toBeGreaterThan(0);
  });
});

describe('carrom on the wire', () => {
  const gameId = '9b2f7c1e-3d4a-4b8e-9f10-1a2b3c4d5e6f';
  it('parses a make-carrom-move body; leaves the numbers\' values to the rules (422), refuses a bad shape (400)', () => {
    const move = shot(A, 150, -1.2, 40);
    expect(carromMoveBody.parse({ gameId, v: 3, move })).toEqual({ gameId, v: 3, move });
    expect(carromMoveBody.safeParse({ gameId, move: { ...move, angle: Number.POSITIVE_INFINITY } }).success).toBe(true);
    expect(carromMoveBody.safeParse({ gameId, move: { ...move, strikerPosition: 500 } }).success).toBe(true);
    const refusals: [unknown, string][] = [
      [{ gameId, move: { ...move, angle: '1' } }, 'angle must be a number'],
      [{ gameId, move: { ...move, speed: null } }, 'speed must be a number'],
      [{ gameId, move: { playerId: A, strikerPosition: 150, angle: 0, speed: 100 } }, 'hitStrength must be a number'],
      [{ gameId, move: { ...move, playerId: 7 } }, 'playerId must be your user id'],
      [{ gameId, move: 'shoot' }, 'move must be a shot'],
      [{ gameId: 'nope', move }, 'Unknown game'],
    ];
    for (const [body, message] of refusals) {
      const result = carromMoveBody.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    // JSON cannot carry NaN, but can carry an overflow: it reaches the rules as Infinity.
    expect((JSON.parse('{"angle": 1e999}') as { angle: number }).angle).toBe(Number.POSITIVE_INFINITY);
  });

  it('converts between board units and screen pixels, turning the board for black', () => {
    const white: BoardProjection = { scale: 1.2, flipped: false, originX: screenPixels(10), originY: screenPixels(20) };
    const black: BoardProjection = { ...white, flipped: true };
    const point = { x: boardUnits(65), y: boardUnits(250) };
    expect(boardToScreen(point, white)).toEqual({ x: 88, y: 320 });
    // Black sees white's baseline at the top.
    expect(boardToScreen(point, black)).toEqual({ x: 10 + 235 * 1.2, y: 20 + 50 * 1.2 });
    for (const view of [white, black]) {
      const back = screenToBoard(boardToScreen(point, view), view);
      expect(back.x).toBeCloseTo(65, 9);
      expect(back.y).toBeCloseTo(250, 9);
    }
    expect(pullOfDrag(screenPixels(36), white)).toBeCloseTo(30, 12);
    expect(pullOfDrag(screenPixels(500), white)).toBe(60);
  });
});
