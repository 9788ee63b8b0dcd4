import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Services } from '../context.ts';
import { rowsOf } from '../db/rows.ts';
import { deposits } from '../db/schema.ts';
import type { ChainGateway } from './gateway.ts';

/**
 * Deposits the chain dropped. A transfer is recorded as soon as a block holds it, so the player sees it
 * pending at once; TRON makes that block final within a minute. One that is still pending long after
 * was left out by a fork, or is stuck: the chain is asked about it, and when it no longer knows the
 * transaction the deposit is marked failed, which is what the player's history then says. Nothing was
 * credited, so no money moves. If the chain takes the transaction again after all, the poll sees it
 * and the deposit goes back to pending and on to completed (deposits.ts).
 */

/** How long a deposit may stay pending before the chain is asked about it, and between two asks. */
export const DEPOSIT_CHECK_AFTER_MS = 10 * 60_000;
/** At most this many asks a round, so a backlog never holds up the wallet's other work. */
const CHECKS_PER_ROUND = 20;

interface Due {
  id: string;
  user_id: string;
  chain_tx_id: string;
}

/** One round: the deposits pending too long are asked about; those the chain has not got are marked failed. Answers how many. */
export async function settleDroppedDeposits(services: Pick<Services, 'db'>, gateway: ChainGateway, log?: Logger, now = new Date()): Promise<number> {
  const { db } = services;
  const before = new Date(now.getTime() - DEPOSIT_CHECK_AFTER_MS).toISOString();
  // Stamped and returned in one statement: two nodes never ask about the same deposit in one while.
  const due = await rowsOf<Due>(
    db,
    sql`
      UPDATE deposits SET checked_at = ${now.toISOString()}::timestamptz
       WHERE id IN (SELECT id FROM deposits
                     WHERE status = 'pending' AND coalesce(checked_at, created_at) <= ${before}::timestamptz
                     ORDER BY created_at LIMIT ${CHECKS_PER_ROUND} FOR UPDATE SKIP LOCKED)
       RETURNING id::text, user_id::text, chain_tx_id`,
  );
  let dropped = 0;
  for (const deposit of due) {
    const status = await gateway.transactionStatus(deposit.chain_tx_id);
    if (status === 'confirmed') {
      // Final on the chain, not yet credited: the poll is behind (TronGrid trouble, catching up), or
      // missed it. Asked again in 10 minutes; an operator should look if this repeats.
      log?.warn({ depositId: deposit.id, txId: deposit.chain_tx_id }, 'a deposit is final on the chain but not yet credited');
      continue;
    }
    if (status === 'pending') continue;
    const [marked] = await db
      .update(deposits)
      .set({ status: 'failed' })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')))
      .returning({ id: deposits.id });
    if (!marked) continue;
    dropped += 1;
    log?.warn({ depositId: deposit.id, userId: deposit.user_id, txId: deposit.chain_tx_id, chain: status }, 'deposit dropped by the chain; marked failed');
  }
  return dropped;
}
