import { startRounds } from '../background.ts';
import type { Services } from '../context.ts';
import { riskRound } from './flags.ts';

/** The risk round on this node, every `integrity.roundMs`; nodes take turns through its advisory lock. */
export function startRiskWorker(services: Services): () => Promise<void> {
  return startRounds(services.config.integrity.roundMs, async () => {
    try {
      const written = await riskRound(services);
      if (written) services.log.info({ flags: written }, 'risk round wrote flags');
    } catch (error) {
      services.log.error({ err: error }, 'risk round failed');
    }
  });
}
