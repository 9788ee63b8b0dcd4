import { startRounds } from '../background.ts';
import type { Services } from '../context.ts';
import { housekeepingRound, purgeKinds } from './round.ts';

/**
 * The housekeeping round on this node, every `housekeeping.everyMs`; nodes take turns through its lease.
 * Stopping ends a round in flight after its current batch, so closing a node never waits for a backlog.
 */
export function startHousekeeping(services: Pick<Services, 'db' | 'config' | 'log'>): () => Promise<void> {
  const { everyMs, batch } = services.config.housekeeping;
  let stopped = false;
  const stopRounds = startRounds(everyMs, async () => {
    const started = Date.now();
    try {
      const report = await housekeepingRound(services.db, { batch, leaseMs: everyMs, goOn: () => !stopped });
      if (!report) return;
      const deleted = Object.fromEntries(purgeKinds.map((kind) => [kind, report[kind].deleted]));
      if (purgeKinds.some((kind) => report[kind].deleted > 0)) {
        services.log.info({ deleted, ms: Date.now() - started }, 'housekeeping deleted expired rows');
      }
    } catch (error) {
      services.log.error({ err: error }, 'housekeeping round failed');
    }
  });
  return async () => {
    stopped = true;
    await stopRounds();
  };
}
