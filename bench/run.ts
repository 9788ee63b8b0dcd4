import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, type Bench } from './table.ts';

/**
 * `npm run bench`: every bench/*.bench.ts in turn, each printing its table and targets. Exits 1 when a
 * target was missed, so a slowdown is loud; speed targets live here, never in timed tests.
 */
const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();

let missed = 0;
for (const file of files) {
  const bench = ((await import(join(here, file))) as { default: Bench }).default;
  const result = await bench.run();
  console.log(`\n${result.title}  (${file})\n`);
  console.log(formatTable(result.columns, result.rows));
  for (const note of result.notes ?? []) console.log(note);
  for (const { target, met } of result.targets) {
    console.log(`${met ? 'ok    ' : 'MISSED'} ${target}`);
    if (!met) missed += 1;
  }
}
console.log(`\n${files.length} benchmark${files.length === 1 ? '' : 's'}, ${missed} target${missed === 1 ? '' : 's'} missed (node ${process.version})`);
process.exit(missed > 0 ? 1 : 0);
