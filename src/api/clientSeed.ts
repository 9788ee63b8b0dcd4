import type { GameUpdate } from '../../protocol/game.ts';
import { clientSeedOfDevice } from '../platform/clientSeed.ts';
import { rememberClientSeed } from '../platform/commitments.ts';
import { NetworkError, post } from './http.ts';

/**
 * POST /api/games/{gameId}/client-seed {clientSeed} → the GameUpdate after it, like a move's answer
 * (issue 18). Once per game, before its first draw: 409 when it is already in or the draw is made, 400
 * malformed, 403 not the player's game, 404 unknown.
 */
export const sendClientSeed = (gameId: string, clientSeed: string) =>
  post<GameUpdate>(`/games/${encodeURIComponent(gameId)}/client-seed`, { clientSeed });

/** Games this page has offered a seed for: the start overlay and the game screen both offer, only one sends. */
const offeredFor = new Set<string>();

/**
 * Sends this device's seed for a game that is waiting for it, once per game on this page, and hands the
 * answer to `onAnswer`. Never throws and never blocks the game: the server draws without the seed after
 * a few seconds, and a 409 (already in, or too late, e.g. after a reconnect) is the normal way to learn
 * it was not needed, so every failure is only a warning in the console.
 *
 * A 200 means the server took this very seed: it is kept for the Verify page (src/platform/commitments.ts),
 * which then holds the game's proof to it. A request that never reached the server (NetworkError) is
 * forgotten, so the next offer for the game (the game screen's, on its next update) sends it again; any
 * answer with a status is final, as the server's word on this game's seed.
 */
export function offerClientSeed(gameId: string, onAnswer: (update: GameUpdate) => void): Promise<void> {
  if (offeredFor.has(gameId)) return Promise.resolve();
  offeredFor.add(gameId);
  // Read once: the seed kept as accepted must be the one sent, even if the player changes theirs meanwhile.
  const clientSeed = clientSeedOfDevice();
  return sendClientSeed(gameId, clientSeed).then(
    (update) => {
      rememberClientSeed(gameId, clientSeed);
      onAnswer(update);
    },
    (error: unknown) => {
      if (error instanceof NetworkError) offeredFor.delete(gameId);
      console.warn('The client seed was not taken', error);
    },
  );
}

/** Tests: a fresh page, which has offered nothing yet. */
export function forgetOfferedClientSeeds(): void {
  offeredFor.clear();
}
