import { startRounds } from '../background.ts';
import type { Services } from '../context.ts';
import { treasuryRound } from './reconcile.ts';

/**
 * Asks for the treasury's daily round as often as the risk round runs: one node a day reconciles the
 * deposit addresses with the chain and keeps the day's owes/holds snapshot; the rest find the day taken.
 */
export function startTreasuryRound(services: Services): () => Promise<void> {
  return startRounds(services.config.integrity.roundMs, async () => {
    try {
      const outcome = await treasuryRound(services);
      if (outcome) services.log.info(outcome, 'treasury round: deposit addresses reconciled, snapshot kept');
    } catch (error) {
      services.log.error({ err: error }, 'treasury round failed');
    }
  });
}
