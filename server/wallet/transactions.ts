import { sql } from 'drizzle-orm';
import type { Transaction } from '../../protocol/wallet.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Queryable } from '../db/client.ts';

interface Row {
  id: string;
  type: Transaction['type'];
  amount_micro: string;
  status: string;
  date: Date | string;
  chain_tx_id: string | null;
}

/**
 * The player's money history (spec §3 Transaction): deposits and withdrawals with their status, and
 * reward transfers from the ledger. Newest first.
 */
export async function transactionsOf(db: Queryable, userId: string, limit = 200): Promise<Transaction[]> {
  const result = (await db.execute(sql`
    SELECT id::text, 'deposit' AS type, credit_micro::text AS amount_micro, status, created_at AS date, chain_tx_id
      FROM deposits WHERE user_id = ${userId}
    UNION ALL
    -- 'sending' is the worker's claim on a withdrawal; to the player it is still pending. 'review' waits
    -- for an operator: the app shows it as "Under review".
    SELECT id::text, 'withdrawal', amount_micro::text,
           CASE status WHEN 'sending' THEN 'pending' WHEN 'review' THEN 'under-review' ELSE status END, created_at, chain_tx_id
      FROM withdrawals WHERE user_id = ${userId}
    UNION ALL
    SELECT t.id::text, t.kind, t.amount_micro::text, 'completed', t.created_at, NULL
      FROM transfers t JOIN accounts a ON a.id = t.to_account
      WHERE a.kind = 'user' AND a.user_id = ${userId} AND t.kind IN ('claim-reward', 'task-reward')
    ORDER BY date DESC
    LIMIT ${limit}`)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    _id: `${row.type}:${row.id}`,
    transactionId: row.id,
    type: row.type,
    amount: microToUsdt(BigInt(row.amount_micro)),
    status: row.status,
    date: new Date(row.date).toISOString(),
    blockchainTransactionId: row.chain_tx_id,
  }));
}
