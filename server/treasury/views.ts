import { desc, inArray } from 'drizzle-orm';
import type { SweepView } from '../../protocol/treasury.ts';
import type { Db } from '../db/client.ts';
import { sweepTransactions, sweeps } from '../db/schema.ts';
import { chainAmount, sunToTrx } from './solvency.ts';


/** Sweeps as the back office shows them, newest first, each with its transactions and what they cost. */
export async function sweepViews(db: Db, limit: number, ids?: string[]): Promise<SweepView[]> {
  const rows = await db
    .select()
    .from(sweeps)
    .where(ids ? inArray(sweeps.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined)
    .orderBy(desc(sweeps.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const txs = await db
    .select()
    .from(sweepTransactions)
    .where(inArray(sweepTransactions.sweepId, rows.map((row) => row.id)))
    .orderBy(sweepTransactions.createdAt);
  return rows.map((row) => {
    const own = txs.filter((tx) => tx.sweepId === row.id);
    return {
      id: row.id,
      address: row.address,
      currency: row.currency,
      amount: chainAmount(row.currency, row.amountRaw),
      destination: row.destination,
      destinationKind: row.destinationKind,
      step: row.step,
      feeTrx: sunToTrx(own.reduce((sum, tx) => sum + (tx.feeSun ?? 0n), 0n)),
      energyUsed: Number(own.reduce((sum, tx) => sum + (tx.energyUsed ?? 0n), 0n)),
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      transactions: own.map((tx) => ({
        kind: tx.kind,
        txId: tx.txId,
        from: tx.fromAddress,
        to: tx.toAddress,
        amount: tx.kind === 'transfer' ? chainAmount(row.currency, tx.amountRaw) : sunToTrx(tx.amountRaw),
        status: tx.status,
        feeTrx: tx.feeSun === null ? null : sunToTrx(tx.feeSun),
        energyUsed: tx.energyUsed === null ? null : Number(tx.energyUsed),
        createdAt: tx.createdAt.toISOString(),
      })),
    };
  });
}
