// `npm run treasury -- sweep`: one treasury pass (deposit addresses consolidated to the hot wallet and the
// cold address), followed until its sweeps are finished or wait on the chain, then a table of what it did.
// `npm run treasury -- watch`: passes on a schedule (TREASURY_WATCH_MS) until SIGTERM or SIGINT.
// The treasury holds the deposit addresses' keys (TRON_XPRV): run it where the operator keeps them, with
// the web nodes' DATABASE_URL and TronGrid settings. With PGlite, stop the server first (one writer).
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { serverLog } from '../log.ts';
import { TreasuryKeyError } from '../treasury/keys.ts';
import { buildTreasury, isTreasuryChain } from '../treasury/service.ts';
import { sweepPass, type SweepReport } from '../treasury/sweeps.ts';
import { sweepTable } from '../treasury/table.ts';
import { openChain } from '../wallet/chain.ts';

/** How long `sweep` follows its sweeps before it leaves the rest to the next pass. */
const FOLLOW_MS = 5 * 60_000;

const mode = process.argv[2];
if (mode !== 'sweep' && mode !== 'watch') {
  console.error('Usage: npm run treasury -- sweep | watch');
  process.exit(2);
}

let config;
try {
  config = loadConfig(process.env, 'treasury');
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const log = serverLog(mode === 'sweep' ? 'warn' : config.logLevel);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const chain = await openChain(config, database);
if (!isTreasuryChain(chain)) {
  console.error(`The treasury cannot sign on CHAIN=${config.wallet.chain} yet.`);
  await database.close();
  process.exit(2);
}
let treasury;
try {
  treasury = buildTreasury(config, database.db, chain, log);
} catch (error) {
  if (error instanceof TreasuryKeyError) {
    console.error(error.message);
    await database.close();
    process.exit(2);
  }
  throw error;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (mode === 'sweep') {
  const reports = new Map<string, SweepReport>();
  const started = Date.now();
  let plan = true;
  for (;;) {
    const touched = await sweepPass(treasury, { plan });
    plan = false;
    for (const report of touched) reports.set(report.id, report);
    const open = touched.filter((report) => report.step !== 'done' && report.step !== 'failed');
    if (open.length === 0 || Date.now() - started > FOLLOW_MS) break;
    await pause(Math.max(500, config.wallet.pollMs));
  }
  console.log(sweepTable([...reports.values()]));
  await database.close();
} else {
  let stopping = false;
  const stop = () => {
    stopping = true;
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  log.info({ everyMs: config.wallet.treasury.watchMs }, 'treasury watching');
  while (!stopping) {
    try {
      const touched = await sweepPass(treasury);
      if (touched.length > 0) log.info({ sweeps: touched.length }, 'treasury pass');
    } catch (error) {
      log.error({ err: error }, 'treasury pass failed');
    }
    // Open sweeps wait on blocks: come back soon while any is open, else at the schedule.
    for (let waited = 0; waited < config.wallet.treasury.watchMs && !stopping; waited += 250) await pause(250);
  }
  await database.close();
}
