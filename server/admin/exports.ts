import ExcelJS from 'exceljs';
import type { Queryable } from '../db/client.ts';
import { transactionsOf } from '../wallet/transactions.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One player's money history as a spreadsheet an operator can open (newest first). */
export async function transactionsWorkbook(db: Queryable, userId: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Transactions');
  sheet.columns = [
    { header: 'Date', key: 'date', width: 24 },
    { header: 'Type', key: 'type', width: 14 },
    { header: 'Amount (USDT)', key: 'amount', width: 16 },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Transaction ID', key: 'transactionId', width: 40 },
    { header: 'Blockchain Transaction ID', key: 'blockchainTransactionId', width: 70 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const tx of await transactionsOf(db, userId, 100_000)) {
    sheet.addRow({ ...tx, date: new Date(tx.date), blockchainTransactionId: tx.blockchainTransactionId ?? '' });
  }
  sheet.getColumn('amount').numFmt = '0.000000';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
