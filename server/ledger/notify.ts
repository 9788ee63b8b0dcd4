import type { Services } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { userRoom } from '../sockets/index.ts';
import { microToUsdt } from '../../protocol/money.ts';
import { balanceOf, transfer, type TransferRequest, type TransferResult } from './ledger.ts';

export interface MoneyTx {
  tx: Tx;
  /** `transfer` in this transaction; remembers whose balance changed. */
  transfer(request: TransferRequest): Promise<TransferResult>;
}

/**
 * Runs `work` in one database transaction and, only after it commits, tells every player whose balance
 * changed their new balance (`balanceUpdated`). A rolled-back transaction tells nobody anything.
 */
export async function moneyTransaction<T>(services: Pick<Services, 'db' | 'sockets'>, work: (money: MoneyTx) => Promise<T>): Promise<T> {
  const touched = new Set<string>();
  const result = await services.db.transaction(async (tx) =>
    work({
      tx,
      transfer: async (request) => {
        const outcome = await transfer(tx, request);
        for (const userId of outcome.touchedUsers) touched.add(userId);
        return outcome;
      },
    }),
  );
  // Committed: the answer stands even if telling the balances fails now (the database went away just
  // after COMMIT); the apps read the balance again on their next load.
  await notifyBalances(services, [...touched]).catch((error: unknown) => console.warn('balance notification after commit failed', error));
  return result;
}

export async function notifyBalances(services: Pick<Services, 'db' | 'sockets'>, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    const balance = await balanceOf(services.db, userId);
    services.sockets.to(userRoom(userId)).emit('balanceUpdated', microToUsdt(balance));
  }
}
