import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateHashOf } from '../../rules/random.ts';
import { stateDigest } from '../../server/games/store.ts';

/**
 * The digest the server writes on every log line (native SHA-256) is the one the replay computes
 * (rules/random.ts, in the browser), and a state's digest is its JSON round trip's, as the database
 * keeps it: whatever the key order, and for the values JSON writes in its own way.
 */
describe('state digests', () => {
  it('the server and the replay agree, before and after a JSON round trip, for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const digest = stateDigest(value);
        expect(stateHashOf(value)).toBe(digest);
        expect(stateDigest(JSON.parse(JSON.stringify(value)) as unknown)).toBe(digest);
      }),
    );
  });

  it('key order does not matter; what JSON leaves out or rewrites is left out or rewritten the same', () => {
    expect(stateDigest({ a: 1, b: [1, 2] })).toBe(stateDigest({ b: [1, 2], a: 1 }));
    // eslint-disable-next-line no-sparse-arrays
    const odd = { when: new Date(0), holes: [1, , 3], gone: undefined, fn: () => 1, list: [undefined, () => 2], zero: -0 };
    expect(stateDigest(odd)).toBe(stateDigest(JSON.parse(JSON.stringify(odd)) as unknown));
    expect(stateHashOf(odd)).toBe(stateDigest(odd));
  });
});
