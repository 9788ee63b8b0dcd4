/** What a benchmark hands bench/run.ts: a titled table, and the targets it met or missed. */
export interface BenchResult {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  /** Each target as a sentence, and whether it held. */
  targets: { target: string; met: boolean }[];
  notes?: string[];
}

export interface Bench {
  run(): BenchResult | Promise<BenchResult>;
}

export function formatTable(columns: string[], rows: (string | number)[][]): string {
  const cells = [columns, ...rows.map((row) => row.map(String))];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Mean time of one call in microseconds: batches until `minMs` have passed, the fastest batch counts. */
export function timeCall(fn: () => unknown, minMs = 15): number {
  let calls = 1;
  // Grow the batch until one batch takes ~1 ms, so the clock's resolution does not matter.
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) fn();
    if (performance.now() - start >= 1 || calls >= 1 << 20) break;
    calls *= 2;
  }
  let best = Infinity;
  const until = performance.now() + minMs;
  do {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) fn();
    best = Math.min(best, ((performance.now() - start) * 1000) / calls);
  } while (performance.now() < until);
  return best;
}
