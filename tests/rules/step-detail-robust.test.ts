import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMode } from '../../protocol/constants.ts';
import { proofActions } from '../../protocol/fairness.ts';
import { stepDetailOf, type StepLine } from '../../rules/stepDetail.ts';
import { modes, stepsOf } from './stepDetailKit.ts';

/**
 * The step facts hold up on real games and on anything a proof from outside could carry: every player
 * move is told, and stepDetailOf answers lines or nothing, never an exception, for any JSON. (That every
 * line reads as words in every language: tests/app/step-words.test.ts.)
 */

describe('every player move of a real game is told', () => {
  it.each(modes)('%s', (mode) => {
    const moves = stepsOf<unknown>(mode).filter((s) => s.input.action === 'move');
    expect(moves.length).toBeGreaterThan(0);
    for (const { step } of moves) expect(step.move?.say, JSON.stringify(step)).toMatch(/^[a-z]+-/);
  });
});

describe('stepDetailOf never throws', () => {
  const lineShape = (line: StepLine) => typeof line.say === 'string' && (line.player === undefined || typeof line.player === 'string');
  const checkShape = (detail: ReturnType<typeof stepDetailOf>) => {
    expect(Object.keys(detail).every((key) => key === 'move' || key === 'drawn')).toBe(true);
    if (detail.move) expect(lineShape(detail.move)).toBe(true);
    if (detail.drawn) expect(detail.drawn.length > 0 && detail.drawn.every(lineShape)).toBe(true);
  };
  const input = fc.record({ actor: fc.string(), action: fc.constantFrom(...proofActions), move: fc.jsonValue() }, { requiredKeys: ['actor', 'action'] });

  it('answers lines or nothing for any JSON before, after and input', () => {
    fc.assert(
      fc.property(fc.constantFrom<string>(...modes, 'chess', '__proto__'), fc.jsonValue(), fc.jsonValue(), input, (mode, before, after, step) => {
        checkShape(stepDetailOf(mode as GameMode, before, after, step));
      }),
      { numRuns: 500 },
    );
  });

  /** Every path into a state, a few levels deep, to replace with anything. */
  function pathsOf(value: unknown, depth = 4, at: (string | number)[] = []): (string | number)[][] {
    if (depth === 0 || typeof value !== 'object' || value === null) return [at];
    const keys: (string | number)[] = Array.isArray(value) ? value.map((_, index) => index).slice(0, 3) : Object.keys(value);
    return [at, ...keys.flatMap((key) => pathsOf((value as Record<string | number, unknown>)[key], depth - 1, [...at, key]))];
  }
  function replaced(state: unknown, path: readonly (string | number)[], value: unknown): unknown {
    if (path.length === 0) return value;
    const copy = structuredClone(state) as Record<string | number, unknown>;
    let target = copy;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path.at(-1) as string | number] = value;
    return copy;
  }

  it.each(modes)('answers for real %s steps with any part of a state or the move replaced by any JSON', (mode) => {
    const steps = stepsOf<unknown>(mode).filter((s, index) => index % 7 === 0 || s.step.drawn !== undefined).slice(0, 40);
    fc.assert(
      fc.property(fc.constantFrom(...steps), fc.constantFrom('before', 'after', 'move'), fc.nat(), fc.jsonValue(), ({ before, after, input }, part, pick, value) => {
        const base = part === 'before' ? before : part === 'after' ? after : input.move;
        const paths = pathsOf(base);
        const changed = replaced(base, paths[pick % paths.length] ?? [], value);
        const detail =
          part === 'move'
            ? stepDetailOf(mode, before, after, { ...input, move: changed })
            : stepDetailOf(mode, part === 'before' ? changed : before, part === 'after' ? changed : after, input);
        checkShape(detail);
      }),
      { numRuns: 300 },
    );
  });
});
