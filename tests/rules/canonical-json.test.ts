import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameModes } from '../../protocol/constants.ts';
import { canonicalJson, canonicalJsonByHand } from '../../rules/canonicalJson.ts';
import { rulesOfMode } from '../../rules/registry.ts';

/** Keys that make objects awkward: array indexes (listed first, numerically), `__proto__`, near-indexes. */
const awkwardKey = fc.constantFrom('0', '1', '2', '10', '9', '01', '-1', '4294967294', '4294967295', '1.5', '__proto__', 'constructor', 'toString', 'a', 'B', 'é', '');
const key = fc.oneof(fc.string({ maxLength: 6 }), awkwardKey);

/** Objects built by assignment (not JSON.parse), in any key order, sometimes with a `__proto__` own key. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 8 }), fc.constant(undefined), fc.constant(-0)),
  array: fc.array(tie('node'), { maxLength: 4 }),
  object: fc.array(fc.tuple(key, tie('node')), { maxLength: 6 }).map((entries) => {
    const record: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(record, k, { value: v, enumerable: true, writable: true, configurable: true });
    return record;
  }),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('array'), tie('object')),
})).node;

describe('canonical JSON (the text every state digest is of)', () => {
  it('is the by-hand definition for any JSON-like value, whatever order its keys were made in', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(canonicalJsonByHand(v));
      }),
      { numRuns: 3000 },
    );
  });

  it('is the by-hand definition for any value JSON.parse can make, and the same after a round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = canonicalJson(v);
        expect(text).toBe(canonicalJsonByHand(v));
        expect(canonicalJson(JSON.parse(JSON.stringify(v)))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts keys in string order and leaves out what JSON leaves out', () => {
    const cases: [unknown, string][] = [
      [{ b: 1, a: [3, { d: 1, c: undefined }], e: () => 1 }, '{"a":[3,{"d":1}],"b":1}'],
      [{ z: { y: { x: 1, w: 2 } } }, '{"z":{"y":{"w":2,"x":1}}}'],
      [{ 10: 'ten', 9: 'nine', a: 'a' }, '{"10":"ten","9":"nine","a":"a"}'],
      [[undefined, () => 1, Symbol('s'), NaN, -0], '[null,null,null,null,0]'],
      [{ when: new Date(0), list: [new Date(1)] }, '{"list":["1970-01-01T00:00:00.001Z"],"when":"1970-01-01T00:00:00.000Z"}'],
      [{ toJSON: () => ({ b: 2, a: 1 }) }, '{"a":1,"b":2}'],
      [undefined, 'null'],
      ['text', '"text"'],
    ];
    for (const [input, text] of cases) {
      expect(canonicalJson(input)).toBe(text);
      expect(canonicalJsonByHand(input)).toBe(text);
    }
  });

  it('never changes the value it writes', () => {
    const state = { b: { d: [{ f: 1, e: 2 }], c: 3 }, a: 0 };
    const before = JSON.stringify(state);
    canonicalJson(state);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("is the definition for every game's states, as the rules make them and as PostgreSQL's jsonb gives them back", () => {
    for (const mode of gameModes) {
      const rules = rulesOfMode(mode);
      let state = rules.create(['a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002'], 'ab'.repeat(32), 1_000_000);
      for (let step = 0; step < 60 && !rules.outcome(state); step += 1) {
        // jsonb orders an object's keys by length, then bytes: neither the rules' order nor the canonical one.
        const asJsonb = JSON.parse(JSON.stringify(state, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1))) : v)));
        expect(canonicalJson(state)).toBe(canonicalJsonByHand(state));
        expect(canonicalJson(asJsonb)).toBe(canonicalJsonByHand(state));
        const deadline = rules.deadline(state);
        if (deadline === null) break;
        state = rules.timeout(state, deadline);
      }
    }
  });
});
