/**
 * What this device knows of its games' seeds (issue 18), for the Verify page to hold a proof to:
 * - the server seed hash it was shown when the game started, so a proof made up after the game, with a
 *   new seed and its new hash, does not pass. Only the first hash seen for a game is kept;
 * - the client seed it sent and the server took (answered 200), so a proof that recorded another seed
 *   for the player, one the server picked itself, does not pass either.
 * Kept for the last 200 games.
 */
const STORAGE_KEY = 'seedCommitments';
const KEPT = 200;

export interface KeptSeeds {
  seedHash?: string;
  clientSeed?: string;
}

/**
 * One game's entry as stored: a bare string is the hash alone, the format from before client seeds
 * were kept. It is still read, and still written when there is no client seed to add, so entries of
 * either format stay readable; an object carries the client seed besides the hash.
 */
type Stored = string | { seedHash?: unknown; clientSeed?: unknown };

function read(): Record<string, Stored> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Stored>) : {};
  } catch {
    return {};
  }
}

function decode(entry: Stored | undefined): KeptSeeds {
  if (typeof entry === 'string') return { seedHash: entry };
  if (!entry || typeof entry !== 'object') return {};
  const kept: KeptSeeds = {};
  if (typeof entry.seedHash === 'string') kept.seedHash = entry.seedHash;
  if (typeof entry.clientSeed === 'string') kept.clientSeed = entry.clientSeed;
  return kept;
}

function encode(kept: KeptSeeds): Stored {
  return kept.clientSeed === undefined && kept.seedHash !== undefined ? kept.seedHash : { ...kept };
}

/** Adds what is not known yet of a game; what is known is never replaced (the first word is the one shown). */
function remember(gameId: string, news: KeptSeeds): void {
  const stored = read();
  const before = decode(stored[gameId]);
  const after: KeptSeeds = { ...news, ...before };
  if (after.seedHash === before.seedHash && after.clientSeed === before.clientSeed) return;
  // A game already kept keeps its place (adding its client seed does not push an older game out
  // early); a new one goes last, and the oldest beyond the cap drop out.
  stored[gameId] = encode(after);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(Object.entries(stored).slice(-KEPT))));
  } catch {
    // Storage refused: the Verify page then says this device did not keep the game's hash (or seed).
  }
}

/** Keeps a running game's seed hash, the first time it is seen; a later, different one never replaces it. */
export function rememberCommitment(gameId: string, seedHash: string): void {
  remember(gameId, { seedHash });
}

/** Keeps the client seed the server took for a game (its 200 answer); called once per game at most. */
export function rememberClientSeed(gameId: string, clientSeed: string): void {
  remember(gameId, { clientSeed });
}

export function commitmentOf(gameId: string): string | undefined {
  return decode(read()[gameId]).seedHash;
}

/** Everything kept of a game: what Verify passes on as the proof's expectations. */
export function keptSeedsOf(gameId: string): KeptSeeds {
  return decode(read()[gameId]);
}
