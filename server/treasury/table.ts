import { microToUsdt } from '../../protocol/money.ts';
import { sunToTrx } from './solvency.ts';
import type { SweepReport } from './sweeps.ts';

/** What a pass did, as a plain-text table for the terminal. */
export function sweepTable(reports: SweepReport[]): string {
  if (reports.length === 0) return 'Nothing to sweep: no deposit address holds at least SWEEP_MIN_USDT since its last sweep.';
  const header = ['address', 'amount', 'to', 'step', 'txs', 'TRX burned', 'energy', 'note'];
  const rows = reports.map((report) => [
    report.address,
    `${report.currency === 'USDT' ? microToUsdt(report.amountRaw).toFixed(6) : sunToTrx(report.amountRaw).toFixed(6)} ${report.currency}`,
    report.destinationKind,
    report.step,
    String(report.transactions),
    sunToTrx(report.feeSun).toFixed(6),
    report.energyUsed.toString(),
    report.error ?? (report.step === 'done' ? '' : 'waiting for the chain; the next pass goes on'),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const moved = reports.filter((report) => report.step === 'done' && report.currency === 'USDT').reduce((sum, report) => sum + report.amountRaw, 0n);
  const burned = reports.reduce((sum, report) => sum + report.feeSun, 0n);
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line), '', `${reports.length} sweeps; ${microToUsdt(moved)} USDT moved; ${sunToTrx(burned)} TRX burned.`].join('\n');
}
