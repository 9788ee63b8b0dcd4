import type { Logger } from 'pino';
import type { Services } from '../context.ts';
import { pollDeposits } from './deposits.ts';
import { processWithdrawals } from './withdrawals.ts';

/**
 * The wallet's background rounds: poll deposits, send and settle withdrawals. Each round starts after
 * the previous one ends (no overlap); all coordination is in the database, so several nodes may run them.
 */
export function startWalletWorkers(services: Services, log: Logger): () => Promise<void> {
  const { gateway, rules, pollMs } = services.wallet;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const round = async () => {
    try {
      await pollDeposits(services, gateway, rules, log);
    } catch (error) {
      log.error({ err: error }, 'deposit poll failed');
    }
    try {
      await processWithdrawals(services, gateway, log);
    } catch (error) {
      log.error({ err: error }, 'withdrawal round failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(schedule);
    }, pollMs);
  };
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
