import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRng, nextInt, pick, seedHashOf, shuffle } from '../../rules/random.ts';

const SEED = '00'.repeat(31) + '01';
const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));

describe('the seeded source', () => {
  it('refuses a seed that is not 32 bytes of lowercase hex', () => {
    for (const bad of ['', 'ab', 'Z'.repeat(64), 'AB'.repeat(32), '0'.repeat(63)]) {
      expect(() => createRng(bad)).toThrow(RangeError);
    }
  });

  it("commits to the seed with its SHA-256 (anyone can check it once it's revealed)", () => {
    // Node's own SHA-256, an implementation independent of the one the rules use.
    expect(seedHashOf(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
  });

  it('is HMAC-SHA256(seed, counter): the first draw matches an independent computation', async () => {
    const { createHmac } = await import('node:crypto');
    const counter = Buffer.alloc(8);
    const expected = createHmac('sha256', Buffer.from(SEED, 'hex')).update(counter).digest().readUInt32BE(0);
    expect(nextInt(createRng(SEED), 2 ** 32)[0]).toBe(expected);
  });

  it('replays the same draws from the same seed, and moves on after each', () => {
    fc.assert(
      fc.property(hexSeed, fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 20 }), (seed, sizes) => {
        const run = () => {
          let rng = createRng(seed);
          return sizes.map((n) => {
            const [value, next] = nextInt(rng, n);
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThan(n);
            expect(next.counter).toBeGreaterThan(rng.counter);
            rng = next;
            return value;
          });
        };
        expect(run()).toEqual(run());
      }),
    );
  });

  it('never changes the source it was given (the state is replayable)', () => {
    const rng = createRng(SEED);
    nextInt(rng, 6);
    pick(rng, ['a', 'b']);
    shuffle(rng, [1, 2, 3]);
    expect(rng).toEqual({ seed: SEED, counter: 0 });
  });

  it('draws dice close to uniformly (chi-square over 60,000 rolls)', () => {
    const counts = new Array<number>(6).fill(0);
    let rng = createRng(SEED);
    for (let i = 0; i < 60_000; i += 1) {
      const [face, next] = nextInt(rng, 6);
      counts[face] = (counts[face] ?? 0) + 1;
      rng = next;
    }
    const chi = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    // 5 degrees of freedom: 20.5 is the 0.999 quantile.
    expect(chi).toBeLessThan(20.5);
  });

  it('shuffles to a permutation of its input', () => {
    fc.assert(
      fc.property(hexSeed, fc.array(fc.integer(), { maxLength: 40 }), (seed, items) => {
        const [shuffled] = shuffle(createRng(seed), items);
        expect([...shuffled].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
      }),
    );
  });
});
