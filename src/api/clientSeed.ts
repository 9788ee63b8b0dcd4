import type { GameUpdate } from '../../protocol/game.ts';
import { clientSeedOfDevice } from '../platform/clientSeed.ts';
import { rememberClientSeed } from '../platform/commitments.ts';
import { NetworkError, post } from './http.ts';
import { answeredHere } from './socket.ts';

/**
 * POST /api/games/{gameId}/client-seed {clientSeed} → the GameUpdate after it, like a move's answer
 * (issue 18). Once per game, before its first draw: 409 when it is already in or the draw is made, 400
 * malformed, 403 not the player's game, 404 unknown.
 */
export const sendClientSeed = (gameId: string, clientSeed: string) =>
  post<GameUpdate>(`/games/${encodeURIComponent(gameId)}/client-seed`, { clientSeed }, answeredHere());

/** Games this page has offered a seed for: the start overlay and the game screen both offer, only one sends. */
const offeredFor = new Set<string>();

/**
 * Sends this device's seed for a game that is waiting for it, once per game on this page, and hands the
 * answer to `onAnswer`. Never throws and never blocks the game: the server draws without the seed after
 * a few seconds, and a 409 (already in, or too late, e.g. after a reconnect) is the normal way to learn
 * it was not needed, so every failure is only a warning in the console.
 *
 * A 200 means the server took this very seed: it is kept for the Verify page (src/platform/commitments.ts),
 * which then holds the game's proof to it. A request that never reached the server (NetworkError) is sent
 * again shortly, within the server's wait, and if it still fails it is forgotten, so a later offer for the
 * game (the game screen's, on its next update) may try once more; any answer with a status is final, as
 * the server's word on this game's seed.
 */
export function offerClientSeed(gameId: string, onAnswer: (update: GameUpdate) => void): Promise<void> {
  if (offeredFor.has(gameId)) return Promise.resolve();
  offeredFor.add(gameId);
  // Read once: the seed kept as accepted must be the one sent, even if the player changes theirs meanwhile.
  return send(gameId, clientSeedOfDevice(), onAnswer);
}

/** The pauses before sending again after a network failure: all within the server's 3 s wait. */
export const CLIENT_SEED_RESEND_MS = [500, 1000] as const;

async function send(gameId: string, clientSeed: string, onAnswer: (update: GameUpdate) => void): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const update = await sendClientSeed(gameId, clientSeed);
      rememberClientSeed(gameId, clientSeed);
      onAnswer(update);
      return;
    } catch (error) {
      const pause = error instanceof NetworkError ? CLIENT_SEED_RESEND_MS[attempt] : undefined;
      if (pause !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, pause));
        continue;
      }
      if (error instanceof NetworkError) offeredFor.delete(gameId);
      console.warn('The client seed was not taken', error);
      return;
    }
  }
}

/** Tests: a fresh page, which has offered nothing yet. */
export function forgetOfferedClientSeeds(): void {
  offeredFor.clear();
}
