import ExcelJS from 'exceljs';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sweepTransactions, sweeps, withdrawals } from '../db/schema.ts';
import { microToUsdt } from '../../protocol/money.ts';
import { chainAmount, sunToTrx } from './solvency.ts';

/**
 * The treasury's chain costs over [from, to) for accounting: every sweep transaction and every completed
 * withdrawal with what the chain charged, and the fee the player paid for it.
 */
export async function treasuryWorkbook(db: Db, from: Date, to: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();

  const swept = workbook.addWorksheet('Sweeps');
  swept.columns = [
    { header: 'Settled', key: 'settled', width: 24 },
    { header: 'Sweep', key: 'sweep', width: 38 },
    { header: 'Step', key: 'kind', width: 12 },
    { header: 'From', key: 'from', width: 38 },
    { header: 'To', key: 'to', width: 38 },
    { header: 'Amount', key: 'amount', width: 16 },
    { header: 'Currency', key: 'currency', width: 10 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'TRX burned', key: 'fee', width: 14 },
    { header: 'Energy', key: 'energy', width: 12 },
    { header: 'Transaction ID', key: 'txId', width: 70 },
  ];
  const rows = await db
    .select({ tx: sweepTransactions, currency: sweeps.currency })
    .from(sweepTransactions)
    .innerJoin(sweeps, eq(sweeps.id, sweepTransactions.sweepId))
    .where(and(gte(sweepTransactions.createdAt, from), lt(sweepTransactions.createdAt, to)))
    .orderBy(asc(sweepTransactions.createdAt));
  for (const { tx, currency } of rows) {
    const token = tx.kind === 'transfer' ? currency : 'TRX';
    swept.addRow({
      settled: tx.settledAt ?? '',
      sweep: tx.sweepId,
      kind: tx.kind,
      from: tx.fromAddress,
      to: tx.toAddress,
      amount: chainAmount(token, tx.amountRaw),
      currency: token,
      status: tx.status,
      fee: tx.feeSun === null ? '' : sunToTrx(tx.feeSun),
      energy: tx.energyUsed === null ? '' : Number(tx.energyUsed),
      txId: tx.txId,
    });
  }

  const paid = workbook.addWorksheet('Withdrawals');
  paid.columns = [
    { header: 'Completed', key: 'finished', width: 24 },
    { header: 'Withdrawal', key: 'id', width: 38 },
    { header: 'Sent (USDT)', key: 'sent', width: 14 },
    { header: 'Fee paid by the player (USDT)', key: 'fee', width: 16 },
    { header: 'TRX burned', key: 'burned', width: 14 },
    { header: 'Energy', key: 'energy', width: 12 },
    { header: 'Transaction ID', key: 'txId', width: 70 },
  ];
  const completed = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'completed'), gte(withdrawals.finishedAt, from), lt(withdrawals.finishedAt, to)))
    .orderBy(asc(withdrawals.finishedAt));
  for (const row of completed) {
    paid.addRow({
      finished: row.finishedAt ?? '',
      id: row.id,
      sent: microToUsdt(row.amountMicro - row.feeMicro),
      fee: microToUsdt(row.feeMicro),
      burned: row.chainFeeSun === null ? '' : sunToTrx(row.chainFeeSun),
      energy: row.energyUsed === null ? '' : Number(row.energyUsed),
      txId: row.chainTxId ?? '',
    });
  }
  for (const sheet of [swept, paid]) sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
