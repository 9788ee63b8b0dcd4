import { CLIENT_SEED_PATTERN, fairnessText } from '../../protocol/fairness.ts';
import { randomHex } from './randomHex.ts';

/**
 * This device's client seed (issue 18): 32 random hex digits kept in localStorage and sent at the start
 * of every game, so the game's draws depend on something neither the server nor the opponent chose. The
 * player may replace it (the Fairness sheet); a change applies from the next game. Not a secret: once
 * sent it is in the game's proof for both players to see.
 */
const STORAGE_KEY = 'clientSeed';

/** The seed this page made or was given: what it uses when storage cannot give one back. */
let pageSeed: string | null = null;
/** Storage would not keep `pageSeed`: then it wins over a stored one, so a Save is never silently undone. */
let storageRefused = false;

const randomSeed = (): string => randomHex(16);

function keep(seed: string): void {
  pageSeed = seed;
  try {
    window.localStorage.setItem(STORAGE_KEY, seed);
    storageRefused = false;
  } catch {
    // Blocked or full storage (private mode, a sandboxed iframe): the seed lasts for this page only.
    storageRefused = true;
  }
}

function storedSeed(): string | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored !== null && CLIENT_SEED_PATTERN.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The device's seed: the stored one when it is well formed, otherwise a new one, kept. Read at every call
 * rather than cached, so a seed saved in another tab is the one the next game sends.
 */
export function clientSeedOfDevice(): string {
  const stored = storageRefused ? null : storedSeed();
  if (stored !== null) return stored;
  const seed = pageSeed ?? randomSeed();
  keep(seed);
  return seed;
}

/** Replaces the device's seed with one the player typed: an error text when it is not 16 to 64 hex digits. */
export function setClientSeed(value: string): string | null {
  const seed = value.trim().toLowerCase();
  if (!CLIENT_SEED_PATTERN.test(seed)) return fairnessText.clientSeedFormat;
  keep(seed);
  return null;
}

/** Replaces the device's seed with a fresh random one, and returns it. */
export function newClientSeed(): string {
  const seed = randomSeed();
  keep(seed);
  return seed;
}
