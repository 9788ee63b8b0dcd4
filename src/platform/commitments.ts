/**
 * The server seed hashes this device was shown when its games started (issue 18): the Verify page
 * checks a proof's hash against the one kept here, so a proof made up after the game, with a new seed
 * and its new hash, does not pass. Only the first hash seen for a game is kept, for the last 200 games.
 */
const STORAGE_KEY = 'seedCommitments';
const KEPT = 200;

type Commitments = Record<string, string>;

function read(): Commitments {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Commitments) : {};
  } catch {
    return {};
  }
}

/** Keeps a running game's seed hash, the first time it is seen; a later, different one never replaces it. */
export function rememberCommitment(gameId: string, seedHash: string): void {
  const kept = read();
  if (kept[gameId] !== undefined) return;
  const entries = [...Object.entries(kept), [gameId, seedHash] as [string, string]].slice(-KEPT);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage refused: the Verify page then says this device did not keep the game's hash.
  }
}

export function commitmentOf(gameId: string): string | undefined {
  const hash = read()[gameId];
  return typeof hash === 'string' ? hash : undefined;
}
