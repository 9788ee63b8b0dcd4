import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fairnessText } from '../../protocol/fairness.ts';
import { CLIENT_SEED_RESEND_MS, forgetOfferedClientSeeds, offerClientSeed } from '../../src/api/clientSeed.ts';
import { keptSeedsOf } from '../../src/platform/commitments.ts';
import { stubApi, type StubReply } from './apiStub.ts';
import { GAME_ID, ME, OPPONENT, rpsUpdate } from './gameFixtures.ts';

const STORAGE_KEY = 'clientSeed';
const MADE = /^[0-9a-f]{32}$/;

type ClientSeedModule = typeof import('../../src/platform/clientSeed.ts');

/** The module as a fresh page load has it: nothing kept in memory, only what localStorage holds. */
async function freshPage(): Promise<ClientSeedModule> {
  vi.resetModules();
  return import('../../src/platform/clientSeed.ts');
}

function blockStorage() {
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
}

describe("the device's client seed", () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('is made once, 32 hex digits from crypto.getRandomValues, kept and reused by the next page load', async () => {
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const first = await freshPage();
    const seed = first.clientSeedOfDevice();
    expect(seed).toMatch(MADE);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(seed);
    expect(first.clientSeedOfDevice()).toBe(seed);
    expect(random).toHaveBeenCalledTimes(1);

    const reloaded = await freshPage();
    expect(reloaded.clientSeedOfDevice()).toBe(seed);
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('differs from one device to the next', async () => {
    const one = (await freshPage()).clientSeedOfDevice();
    window.localStorage.clear();
    const other = (await freshPage()).clientSeedOfDevice();
    expect(other).toMatch(MADE);
    expect(other).not.toBe(one);
  });

  it.each([
    ['too short', 'abc123'],
    ['upper case (the server takes lower case only)', 'ABCDEF0123456789'],
    ['not hex', 'not a seed at all, not one bit'],
    ['too long', 'a'.repeat(65)],
  ])('replaces a stored seed that is %s, and keeps the new one', async (_case, stored) => {
    window.localStorage.setItem(STORAGE_KEY, stored);
    const { clientSeedOfDevice } = await freshPage();
    const seed = clientSeedOfDevice();
    expect(seed).toMatch(MADE);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(seed);
  });

  it("saves the player's own seed trimmed and in lower case, for this page and the next", async () => {
    const { clientSeedOfDevice, setClientSeed } = await freshPage();
    clientSeedOfDevice();
    expect(setClientSeed('  DEADBEEF00112233aabb \n')).toBeNull();
    expect(clientSeedOfDevice()).toBe('deadbeef00112233aabb');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe('deadbeef00112233aabb');
    expect((await freshPage()).clientSeedOfDevice()).toBe('deadbeef00112233aabb');
  });

  it.each([
    ['15 digits', 'a'.repeat(15)],
    ['65 digits', 'a'.repeat(65)],
    ['a letter past f', '0123456789abcdeg'],
    ['inner spaces', '01234567 89abcdef'],
    ['empty', '   '],
  ])('refuses %s with the format text and changes nothing', async (_case, typed) => {
    const { clientSeedOfDevice, setClientSeed } = await freshPage();
    const before = clientSeedOfDevice();
    expect(setClientSeed(typed)).toBe(fairnessText.clientSeedFormat);
    expect(clientSeedOfDevice()).toBe(before);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(before);
  });

  it('takes 16 and 64 digits, the bounds the server accepts', async () => {
    const { clientSeedOfDevice, setClientSeed } = await freshPage();
    expect(setClientSeed('0'.repeat(16))).toBeNull();
    expect(clientSeedOfDevice()).toBe('0'.repeat(16));
    expect(setClientSeed('f'.repeat(64))).toBeNull();
    expect(clientSeedOfDevice()).toBe('f'.repeat(64));
  });

  it('makes a new random seed on request, and keeps it', async () => {
    const { clientSeedOfDevice, newClientSeed } = await freshPage();
    const old = clientSeedOfDevice();
    const fresh = newClientSeed();
    expect(fresh).toMatch(MADE);
    expect(fresh).not.toBe(old);
    expect(clientSeedOfDevice()).toBe(fresh);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(fresh);
  });

  it('keeps one seed in memory for the page when localStorage throws, and a saved one too', async () => {
    blockStorage();
    const { clientSeedOfDevice, setClientSeed } = await freshPage();
    const seed = clientSeedOfDevice();
    expect(seed).toMatch(MADE);
    expect(clientSeedOfDevice()).toBe(seed);
    expect(setClientSeed('00112233445566778899')).toBeNull();
    expect(clientSeedOfDevice()).toBe('00112233445566778899');
  });

  it('does not fall back to the stored seed when storage reads but will not keep a new one', async () => {
    window.localStorage.setItem(STORAGE_KEY, '1111111111111111');
    const { clientSeedOfDevice, setClientSeed } = await freshPage();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(clientSeedOfDevice()).toBe('1111111111111111');
    expect(setClientSeed('2222222222222222')).toBeNull();
    expect(clientSeedOfDevice()).toBe('2222222222222222');
  });
});

describe("offering the device's seed for a game (src/api/clientSeed.ts)", () => {
  const SEED_PATH = `POST /api/games/${GAME_ID}/client-seed`;
  const SEED = '0123456789abcdef0123456789abcdef';
  /** The server's answer, handed on as it came (which view it is matters to the game store, not here). */
  const accepted = rpsUpdate({ clientSeeds: { [ME]: SEED, [OPPONENT]: '' } });

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEY, SEED);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => forgetOfferedClientSeeds());

  /** The seed route answers each POST with the next of `replies`. */
  function seedApi(...replies: StubReply[]) {
    return stubApi({ [SEED_PATH]: () => replies.shift() ?? { status: 500, body: {} } });
  }

  it('keeps the seed the server took (200) for the Verify page, and hands the answer on', async () => {
    const api = seedApi({ body: accepted });
    const onAnswer = vi.fn();
    await offerClientSeed(GAME_ID, onAnswer);
    expect(api.callsTo(SEED_PATH)[0]?.body).toEqual({ clientSeed: SEED });
    expect(onAnswer).toHaveBeenCalledWith(accepted);
    expect(keptSeedsOf(GAME_ID).clientSeed).toBe(SEED);
  });

  it('keeps no seed the server refused (409), and never sends again on this page', async () => {
    const api = seedApi({ status: 409, body: { message: fairnessText.clientSeedLate } }, { body: accepted });
    const onAnswer = vi.fn();
    await offerClientSeed(GAME_ID, onAnswer);
    await offerClientSeed(GAME_ID, onAnswer);
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(keptSeedsOf(GAME_ID).clientSeed).toBeUndefined();
  });

  it('sends again shortly when a send never reached the server (a network error), within the server’s wait', async () => {
    const api = seedApi('network-error', { body: accepted });
    const onAnswer = vi.fn();
    const started = Date.now();
    await offerClientSeed(GAME_ID, onAnswer);
    expect(api.callsTo(SEED_PATH)).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CLIENT_SEED_RESEND_MS[0] - 50);
    expect(onAnswer).toHaveBeenCalledWith(accepted);
    expect(keptSeedsOf(GAME_ID).clientSeed).toBe(SEED);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('gives up after the resends, and a later offer for the game may send once more', async () => {
    const failures = Array.from({ length: CLIENT_SEED_RESEND_MS.length + 1 }, () => 'network-error' as const);
    const api = seedApi(...failures, { body: accepted });
    const onAnswer = vi.fn();
    await offerClientSeed(GAME_ID, onAnswer);
    expect(api.callsTo(SEED_PATH)).toHaveLength(failures.length);
    expect(console.warn).toHaveBeenCalledWith('The client seed was not taken', expect.objectContaining({ name: 'NetworkError' }));
    expect(keptSeedsOf(GAME_ID).clientSeed).toBeUndefined();
    expect(onAnswer).not.toHaveBeenCalled();

    await offerClientSeed(GAME_ID, onAnswer);
    expect(api.callsTo(SEED_PATH)).toHaveLength(failures.length + 1);
    expect(onAnswer).toHaveBeenCalledWith(accepted);
    expect(keptSeedsOf(GAME_ID).clientSeed).toBe(SEED);
    // Taken now: another offer sends nothing.
    await offerClientSeed(GAME_ID, onAnswer);
    expect(api.callsTo(SEED_PATH)).toHaveLength(failures.length + 1);
  }, 10_000);

  it('sends one request for two offers at once (the start overlay and the game screen)', async () => {
    const api = seedApi({ body: accepted });
    await Promise.all([offerClientSeed(GAME_ID, vi.fn()), offerClientSeed(GAME_ID, vi.fn())]);
    expect(api.callsTo(SEED_PATH)).toHaveLength(1);
  });
});
