import { startRounds } from '../background.ts';
import type { Services } from '../context.ts';
import { expireSearches } from '../matchmaking/queue.ts';
import { sweepGameTimeouts } from './engine.ts';

/**
 * The sweeper: on every node, every GAME_SWEEP_MS, apply the rules' timeouts of due games and refund
 * searches past their time. No in-memory timer is the only copy of anything: the deadlines live in the
 * database, so when a node dies another one carries on.
 */
export function startGameWorkers(services: Services): () => Promise<void> {
  const { log } = services;
  return startRounds(services.config.games.sweepMs, async () => {
    try {
      await sweepGameTimeouts(services);
    } catch (error) {
      log.error({ err: error }, 'game sweep failed');
    }
    try {
      await expireSearches(services);
    } catch (error) {
      log.error({ err: error }, 'search expiry failed');
    }
  });
}
