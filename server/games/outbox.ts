import type { Services } from '../context.ts';
import { moneyTransaction, type MoneyTx } from '../ledger/notify.ts';

/** What to tell the world once the transaction has committed (and only then). */
export type Outbox = (() => Promise<void> | void)[];

export interface GameTx extends MoneyTx {
  /** Queue an effect (socket events) for after commit; dropped if the transaction rolls back. */
  later(effect: () => Promise<void> | void): void;
}

/**
 * One database transaction for a game or queue change: money moves through the ledger inside it,
 * balances and every queued event go out after commit, so nobody is ever told about a change that
 * did not happen.
 */
export async function gameTransaction<T>(services: Services, work: (tx: GameTx) => Promise<T>): Promise<T> {
  const outbox: Outbox = [];
  const result = await moneyTransaction(services, (money) => work({ ...money, later: (effect) => void outbox.push(effect) }));
  await runCommitted(services, outbox);
  return result;
}

/**
 * Runs what tells the world about a change that has committed. The change stands whatever happens
 * here: an effect that fails is logged, never turned into an error of the request that made it.
 */
export async function runCommitted(services: Services, effects: Outbox): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      services.log.error({ err: error }, 'after-commit effect failed');
    }
  }
}
