import pino from 'pino';
import { ensureOperator } from './admin/operators.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';

/** Reads the environment, migrates, makes sure the configured operator exists, and listens. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'database migrated');
  if (config.admin) {
    const outcome = await ensureOperator(database.db, config.admin.username, config.admin.password);
    log.info({ username: config.admin.username, outcome }, 'operator from ADMIN_USERNAME ready');
  }
  const app = await buildApp({ config, database, logger: log, startWorkers: true });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\n  Ready: http://localhost:${port}  (admin at /admin, API at /api, database: ${where})\n`);
}

await main();
