import { describe, expect, it, vi } from 'vitest';
import { commitmentOf, keptSeedsOf, rememberClientSeed, rememberCommitment } from '../../src/platform/commitments.ts';

const STORAGE_KEY = 'seedCommitments';
const HASH = 'ab'.repeat(32);
const SEED = '0123456789abcdef0123456789abcdef';

const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;

describe("the seeds this device kept of its games (src/platform/commitments.ts)", () => {
  it('keeps the first hash seen for a game, and the first client seed the server took', () => {
    rememberCommitment('g1', HASH);
    rememberCommitment('g1', 'cd'.repeat(32));
    rememberClientSeed('g1', SEED);
    rememberClientSeed('g1', 'f'.repeat(32));
    expect(keptSeedsOf('g1')).toEqual({ seedHash: HASH, clientSeed: SEED });
    expect(commitmentOf('g1')).toBe(HASH);
    expect(keptSeedsOf('unknown')).toEqual({});
  });

  it('writes a hash alone in the old format (a bare string), and an object once a client seed is known', () => {
    rememberCommitment('g1', HASH);
    expect(stored()).toEqual({ g1: HASH });
    rememberClientSeed('g1', SEED);
    expect(stored()).toEqual({ g1: { seedHash: HASH, clientSeed: SEED } });
  });

  it('reads the entries of the version that kept hashes only, and adds a client seed to them', () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ old: HASH }));
    expect(commitmentOf('old')).toBe(HASH);
    expect(keptSeedsOf('old')).toEqual({ seedHash: HASH });
    rememberClientSeed('old', SEED);
    expect(keptSeedsOf('old')).toEqual({ seedHash: HASH, clientSeed: SEED });
  });

  it('keeps a client seed that came before the hash, and the hash after it', () => {
    rememberClientSeed('g1', SEED);
    expect(keptSeedsOf('g1')).toEqual({ clientSeed: SEED });
    expect(commitmentOf('g1')).toBeUndefined();
    rememberCommitment('g1', HASH);
    expect(keptSeedsOf('g1')).toEqual({ seedHash: HASH, clientSeed: SEED });
  });

  it('ignores what is not a seed in an entry, and storage that does not hold JSON', () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ g1: { seedHash: 7, clientSeed: null }, g2: 12 }));
    expect(keptSeedsOf('g1')).toEqual({});
    expect(keptSeedsOf('g2')).toEqual({});
    window.localStorage.setItem(STORAGE_KEY, 'not json');
    expect(keptSeedsOf('g1')).toEqual({});
    rememberCommitment('g1', HASH);
    expect(commitmentOf('g1')).toBe(HASH);
  });

  it('keeps the last 200 games; a client seed added to a kept game does not move it', () => {
    for (let game = 1; game <= 200; game += 1) rememberCommitment(`g${game}`, HASH);
    // g1, the oldest, gets its seed: it stays the oldest and is the one the 201st game pushes out.
    rememberClientSeed('g1', SEED);
    rememberCommitment('g201', HASH);
    expect(Object.keys(stored())).toHaveLength(200);
    expect(keptSeedsOf('g1')).toEqual({});
    expect(commitmentOf('g2')).toBe(HASH);
    expect(commitmentOf('g201')).toBe(HASH);
  });

  it('never throws when storage refuses', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(() => rememberCommitment('g1', HASH)).not.toThrow();
    expect(() => rememberClientSeed('g1', SEED)).not.toThrow();
    expect(keptSeedsOf('g1')).toEqual({});
  });
});
