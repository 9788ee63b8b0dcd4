import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';

export interface LedgerReport {
  ok: boolean;
  problems: string[];
}

/**
 * The ledger's invariants: every account balance equals the sum of its transfers, all accounts sum to
 * zero (money only moves, it is never made or lost), and no player account is below zero.
 */
export async function checkLedger(db: Queryable): Promise<LedgerReport> {
  const problems: string[] = [];
  const total = (await db.execute(sql`SELECT coalesce(sum(balance_micro), 0)::text AS total FROM accounts`)) as unknown as {
    rows: { total: string }[];
  };
  if (total.rows[0]?.total !== '0') problems.push(`accounts sum to ${total.rows[0]?.total}, not 0`);

  const drift = (await db.execute(sql`
    SELECT a.id, a.kind, a.user_id, a.balance_micro::text AS balance,
           (coalesce(i.total, 0) - coalesce(o.total, 0))::text AS from_transfers
    FROM accounts a
    LEFT JOIN (SELECT to_account, sum(amount_micro) AS total FROM transfers GROUP BY to_account) i ON i.to_account = a.id
    LEFT JOIN (SELECT from_account, sum(amount_micro) AS total FROM transfers GROUP BY from_account) o ON o.from_account = a.id
    WHERE a.balance_micro <> coalesce(i.total, 0) - coalesce(o.total, 0)
       OR (a.kind IN ('user', 'rewards') AND a.balance_micro < 0)`)) as unknown as {
    rows: { id: number; kind: string; user_id: string | null; balance: string; from_transfers: string }[];
  };
  for (const row of drift.rows) {
    problems.push(`account ${row.id} (${row.kind} ${row.user_id ?? ''}) holds ${row.balance}, transfers say ${row.from_transfers}`);
  }
  return { ok: problems.length === 0, problems };
}
