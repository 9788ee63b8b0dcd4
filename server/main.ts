import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serverLog } from './log.ts';
import { ensureOperator } from './admin/operators.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { uniqueViolation } from './db/errors.ts';
import { migrate } from './db/migrate.ts';
import { errorBody } from './http/errors.ts';

/** After SIGTERM, how long requests already in flight get to finish before their connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;
/** Then how long the workers, Redis and the database get to close before the process gives up (exit 1). */
const CLOSE_TIMEOUT_MS = 10_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The configured operator exists; nodes starting together may race to create it, the loser updates it. */
async function ensureConfiguredOperator(database: Database, admin: NonNullable<Config['admin']>): Promise<'created' | 'updated'> {
  try {
    return await ensureOperator(database.db, admin.username, admin.password);
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    return ensureOperator(database.db, admin.username, admin.password);
  }
}

/**
 * Graceful stop on SIGTERM (and SIGINT): from the signal on, GET /api/ready answers 503 and every
 * response closes its connection; the listener stops accepting; Socket.IO clients are disconnected (so
 * they reconnect, through the balancer, to another node); requests in flight get DRAIN_TIMEOUT_MS to
 * finish; then the app closes (background rounds finish their round and stop, the Socket.IO adapter and
 * Redis close) and the database pool ends once its last transaction is done. Exit 0.
 */
function stopGracefully(app: FastifyInstance, database: Database, log: Logger): void {
  let draining = false;
  app.addHook('onRequest', async (request, reply) => {
    if (draining && request.url.split('?')[0] === '/api/ready') {
      return reply.status(503).send({ ok: false, ...errorBody(503, 'This node is shutting down') });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const stop = async (signal: string) => {
    if (draining) return;
    draining = true;
    setTimeout(() => {
      log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS + CLOSE_TIMEOUT_MS).unref();
    log.info({ signal }, 'shutting down: not ready, no new connections, draining requests in flight');

    // No new connections from here; idle keep-alive ones close now, busy ones after their response.
    const drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
    // Sockets are closed from the server side (transport close): their clients reconnect elsewhere.
    const socketsClosed = app.services.sockets.close().catch(() => undefined);
    const inTime = await Promise.race([drained.then(() => true), delay(DRAIN_TIMEOUT_MS).then(() => false)]);
    if (!inTime) {
      log.warn({ afterMs: DRAIN_TIMEOUT_MS }, 'cutting the connections still open');
      app.server.closeAllConnections();
      await Promise.race([drained, delay(1000)]);
    }
    await Promise.race([socketsClosed, delay(1000)]);

    try {
      await app.close();
      await database.close();
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

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
  const log = serverLog(config.logLevel);
  if (config.nodeEnv === 'production' && process.env.TRUST_PROXY === undefined) {
    // Behind a proxy with a public address every player would seem to share its IP: referral shares stop
    // between all of them and their withdrawals after a paid win wait for review (server/integrity).
    log.warn({ trustProxy: config.trustProxy }, 'TRUST_PROXY is not set: only loopback and private-network proxies are believed; set it to your proxies');
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => log.warn({ err: error }, 'database connection lost'),
  });
  // Under an advisory lock: several nodes starting at once migrate exactly once.
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'database migrated');
  if (config.admin) {
    const outcome = await ensureConfiguredOperator(database, config.admin);
    log.info({ username: config.admin.username, outcome }, 'operator from ADMIN_USERNAME ready');
  }
  const app = await buildApp({ config, database, logger: log, startWorkers: true });
  stopGracefully(app, database, log);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\n  Ready: http://localhost:${port}  (admin at /admin, API at /api, database: ${where})\n`);
}

await main();
