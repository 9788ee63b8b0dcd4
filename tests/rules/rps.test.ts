import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RPS_REVEAL_MS, RPS_TURN_MS, rpsChoices, type RpsChoice } from '../../protocol/rps.ts';
import { RuleError } from '../../rules/game.ts';
import { roundWinner, rpsRules, type RpsState } from '../../rules/rps/index.ts';

const A = 'player-a';
const B = 'player-b';
const SEED = 'ab'.repeat(32);
const T0 = 1_700_000_000_000;

const fresh = () => rpsRules.create([A, B], SEED, T0);

/** Both choose; then the reveal ends, unless the game is over. */
function playRound(state: RpsState, a: RpsChoice, b: RpsChoice, now = T0): RpsState {
  const afterA = rpsRules.apply(state, A, { choice: a }, now);
  const afterB = rpsRules.apply(afterA, B, { choice: b }, now);
  return afterB.phase === 'round-completed' ? rpsRules.timeout(afterB, now + RPS_REVEAL_MS) : afterB;
}

function ruleError(fn: () => unknown): RuleError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

describe('rock paper scissors rules', () => {
  it.each([
    ['rock', 'scissors', 'a'],
    ['scissors', 'paper', 'a'],
    ['paper', 'rock', 'a'],
    ['scissors', 'rock', 'b'],
    ['paper', 'scissors', 'b'],
    ['rock', 'paper', 'b'],
    ['rock', 'rock', null],
    ['paper', 'paper', null],
    ['scissors', 'scissors', null],
  ] as const)('%s against %s: %s wins the round', (a, b, winner) => {
    expect(roundWinner(a, b)).toBe(winner);
    const state = rpsRules.apply(rpsRules.apply(fresh(), A, { choice: a }, T0), B, { choice: b }, T0 + 1);
    expect(state.phase).toBe('round-completed');
    expect(state.roundResults).toEqual([
      {
        roundNumber: 1,
        winnerId: winner === 'a' ? A : winner === 'b' ? B : null,
        choices: { [A]: a, [B]: b },
        autoPicked: { [A]: false, [B]: false },
      },
    ]);
    expect(state.wins).toEqual({ [A]: winner === 'a' ? 1 : 0, [B]: winner === 'b' ? 1 : 0 });
  });

  it('starts round 1 in choose with a 15 s deadline', () => {
    const state = fresh();
    expect(state.currentRound).toBe(1);
    expect(rpsRules.view(state, A).phase).toBe('choose');
    expect(rpsRules.deadline(state)).toBe(T0 + RPS_TURN_MS);
  });

  it('locks a choice: a second one in the same round is a conflict and changes nothing', () => {
    const state = rpsRules.apply(fresh(), A, { choice: 'rock' }, T0);
    const before = structuredClone(state);
    const error = ruleError(() => rpsRules.apply(state, A, { choice: 'paper' }, T0));
    expect(error.kind).toBe('conflict');
    expect(state).toEqual(before);
    expect(rpsRules.view(state, A).phase).toBe('waiting-for-opponent');
    expect(rpsRules.view(state, B).phase).toBe('choose');
  });

  it('refuses a choice made for a round that is over, so it never counts in the next one', () => {
    const next = rpsRules.timeout(rpsRules.timeout(fresh(), T0 + RPS_TURN_MS), T0 + RPS_TURN_MS + RPS_REVEAL_MS);
    expect(next.currentRound).toBe(2);
    expect(ruleError(() => rpsRules.apply(next, A, { choice: 'rock', round: 1 }, T0 + 20_000)).message).toBe('That round is over');
    expect(rpsRules.apply(next, A, { choice: 'rock', round: 2 }, T0 + 20_000).choices[A]).toBe('rock');
  });

  it.each([
    ['an unknown choice', A, { choice: 'lizard' }, 'illegal'],
    ['a stranger', 'player-c', { choice: 'rock' }, 'illegal'],
  ] as const)('refuses %s', (_name, player, move, kind) => {
    expect(ruleError(() => rpsRules.apply(fresh(), player, move as { choice: RpsChoice }, T0)).kind).toBe(kind);
  });

  it('refuses choices during the reveal, then opens the next round after 2.4 s', () => {
    const revealed = rpsRules.apply(rpsRules.apply(fresh(), A, { choice: 'rock' }, T0), B, { choice: 'rock' }, T0 + 5);
    expect(ruleError(() => rpsRules.apply(revealed, A, { choice: 'paper' }, T0 + 6)).kind).toBe('conflict');
    expect(rpsRules.deadline(revealed)).toBe(T0 + 5 + RPS_REVEAL_MS);
    const next = rpsRules.timeout(revealed, T0 + 5 + RPS_REVEAL_MS);
    expect(next.phase).toBe('choose');
    expect(next.currentRound).toBe(2);
    expect(next.choices).toEqual({ [A]: null, [B]: null });
    expect(rpsRules.deadline(next)).toBe(T0 + 5 + RPS_REVEAL_MS + RPS_TURN_MS);
  });

  it('ends at three round wins, ties give no trophy', () => {
    let state = fresh();
    state = playRound(state, 'rock', 'scissors');
    state = playRound(state, 'rock', 'rock');
    state = playRound(state, 'paper', 'scissors');
    state = playRound(state, 'paper', 'rock');
    expect(rpsRules.outcome(state)).toBeNull();
    state = playRound(state, 'scissors', 'paper');
    expect(state.phase).toBe('game-completed');
    expect(rpsRules.outcome(state)).toEqual({ winnerId: A, loserId: B, endReason: null, points: { [A]: 3, [B]: 1 } });
    expect(rpsRules.deadline(state)).toBeNull();
    expect(ruleError(() => rpsRules.apply(state, A, { choice: 'rock' }, T0)).message).toBe('The game is over');
  });

  it('auto-picks a missing choice at the deadline, marked autoPicked, from the seeded source', () => {
    const state = rpsRules.apply(fresh(), A, { choice: 'rock' }, T0);
    const timedOut = rpsRules.timeout(state, T0 + RPS_TURN_MS);
    const [result] = timedOut.roundResults;
    expect(result?.autoPicked).toEqual({ [A]: false, [B]: true });
    expect(rpsChoices).toContain(result?.choices[B]);
    expect(timedOut.rng.counter).toBeGreaterThan(0);
    // Same seed, same pick.
    expect(rpsRules.timeout(state, T0 + RPS_TURN_MS)).toEqual(timedOut);
  });

  it('forfeits a player auto-picked three rounds in a row while the other plays', () => {
    let state = fresh();
    let now = T0;
    for (let round = 0; round < 3 && state.phase !== 'game-completed'; round += 1) {
      state = rpsRules.apply(state, A, { choice: 'rock' }, now);
      now += RPS_TURN_MS;
      state = rpsRules.timeout(state, now);
      if (state.phase === 'round-completed') state = rpsRules.timeout(state, (now += RPS_REVEAL_MS));
    }
    // (With this seed B's three auto-picks win fewer than three rounds, so the third idle round forfeits.)
    expect(state.phase).toBe('game-completed');
    expect(state.currentRound).toBe(3);
    expect(rpsRules.outcome(state)).toMatchObject({ winnerId: A, loserId: B, endReason: 'timeout' });
  });

  it('does not forfeit when both players idle: the auto-picks play on until someone has three trophies', () => {
    let state = fresh();
    let now = T0;
    while (rpsRules.outcome(state) === null) state = rpsRules.timeout(state, (now = rpsRules.deadline(state) as number));
    expect(rpsRules.outcome(state)?.endReason).toBeNull();
    expect(Math.max(...Object.values(state.wins))).toBe(3);
  });

  it('lets a player leave: the other wins with opponent-left, and the unfinished round stays secret', () => {
    const state = rpsRules.apply(fresh(), A, { choice: 'paper' }, T0);
    const left = rpsRules.resign(state, B, T0 + 1);
    expect(rpsRules.outcome(left)).toMatchObject({ winnerId: A, loserId: B, endReason: 'opponent-left' });
    expect(rpsRules.view(left, B).choices[A]).toBeNull();
    expect(ruleError(() => rpsRules.resign(left, A, T0 + 2)).kind).toBe('conflict');
  });

  it("shows the opponent's choice only once both are locked, and never the seed", () => {
    const chosen = rpsRules.apply(fresh(), A, { choice: 'scissors' }, T0);
    const viewB = rpsRules.view(chosen, B);
    expect(viewB.choices).toEqual({ [A]: null, [B]: null });
    expect(viewB.chosen).toEqual({ [A]: true, [B]: false });
    expect(JSON.stringify(viewB)).not.toContain('scissors');
    expect(JSON.stringify(viewB)).not.toContain(SEED);
    expect(rpsRules.view(chosen, A).choices[A]).toBe('scissors');
    const revealed = rpsRules.apply(chosen, B, { choice: 'rock' }, T0 + 1);
    expect(rpsRules.view(revealed, B).choices).toEqual({ [A]: 'scissors', [B]: 'rock' });
  });
});

type Step = { kind: 'move'; player: 0 | 1; choice: RpsChoice } | { kind: 'timeout' } | { kind: 'resign'; player: 0 | 1 };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), player: fc.constantFrom(0 as const, 1 as const), choice: fc.constantFrom(...rpsChoices) }),
  fc.constant({ kind: 'timeout' as const }),
  fc.record({ kind: fc.constant('resign' as const), player: fc.constantFrom(0 as const, 1 as const) }),
);

describe('rock paper scissors properties', () => {
  it('any sequence of moves and timeouts ends with one winner, never leaks a choice early, and refusals change nothing', () => {
    const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
    fc.assert(
      fc.property(seeds, fc.array(step, { maxLength: 80 }), fc.boolean(), (seed, steps, allowResign) => {
        const players = [A, B] as const;
        let state = rpsRules.create(players, seed, T0);
        let now = T0;
        for (const s of steps) {
          if (s.kind === 'resign' && !allowResign) continue;
          const before = structuredClone(state);
          now += 100;
          try {
            if (s.kind === 'move') state = rpsRules.apply(state, players[s.player], { choice: s.choice }, now);
            else if (s.kind === 'resign') state = rpsRules.resign(state, players[s.player], now);
            else {
              const deadline = rpsRules.deadline(state);
              if (deadline !== null) state = rpsRules.timeout(state, (now = Math.max(now, deadline)));
            }
          } catch (error) {
            expect(error).toBeInstanceOf(RuleError);
            expect(state).toEqual(before);
          }
          // Secrecy: until the round is revealed, no view carries the opponent's choice.
          for (const [viewer, other] of [[A, B], [B, A]] as const) {
            const view = rpsRules.view(state, viewer);
            if (!state.revealed) expect(view.choices[other]).toBeNull();
            expect(JSON.stringify(view)).not.toContain(seed);
          }
          expect(state.wins[A]! + state.wins[B]!).toBeLessThanOrEqual(5);
        }
        // Finish by timeouts alone: the game must end, with exactly one winner.
        for (let guard = 0; guard < 200 && rpsRules.outcome(state) === null; guard += 1) {
          const deadline = rpsRules.deadline(state);
          expect(deadline).not.toBeNull();
          state = rpsRules.timeout(state, (now = Math.max(now + 1, deadline as number)));
        }
        const outcome = rpsRules.outcome(state);
        expect(outcome).not.toBeNull();
        expect(new Set([outcome?.winnerId, outcome?.loserId])).toEqual(new Set([A, B]));
        if (outcome?.endReason === null) {
          expect(state.wins[outcome.winnerId]).toBe(3);
          expect(state.wins[outcome.loserId]).toBeLessThan(3);
        }
      }),
      { numRuns: 300 },
    );
  });
});
