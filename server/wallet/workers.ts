import type { Logger } from 'pino';
import { startRounds } from '../background.ts';
import type { Services } from '../context.ts';
import { pollDeposits } from './deposits.ts';
import { settleDroppedDeposits } from './droppedDeposits.ts';
import { processWithdrawals } from './withdrawals.ts';

/**
 * The wallet's background rounds: poll deposits, ask the chain about deposits pending too long, send
 * and settle withdrawals. Each round starts after the previous one ends (no overlap); all coordination
 * is in the database, so several nodes may run them.
 */
export function startWalletWorkers(services: Services, log: Logger): () => Promise<void> {
  const { gateway, rules, pollMs } = services.wallet;
  return startRounds(pollMs, async () => {
    try {
      await pollDeposits(services, gateway, rules, log);
    } catch (error) {
      log.error({ err: error }, 'deposit poll failed');
    }
    try {
      await settleDroppedDeposits(services, gateway, log);
    } catch (error) {
      log.error({ err: error }, 'dropped-deposit check failed');
    }
    try {
      await processWithdrawals(services, gateway, log);
    } catch (error) {
      log.error({ err: error }, 'withdrawal round failed');
    }
  });
}
