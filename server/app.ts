import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serverLog } from './log.ts';
import { adminReportRoutes } from './admin/reportRoutes.ts';
import { adminRoutes } from './admin/routes.ts';
import { adminOperatorRoutes } from './admin/operatorRoutes.ts';
import { refreshChainBalances } from './admin/chainBalances.ts';
import { startRounds } from './background.ts';
import { authRoutes } from './auth/routes.ts';
import { telegramRoutes } from './auth/telegram.ts';
import type { Config } from './config.ts';
import type { OperatorRoute } from './context.ts';
import type { Database } from './db/client.ts';
import { serveClientApps } from './http/clientApps.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { memoryAttemptCounts, redisAttemptCounts, type AttemptCounts } from './http/attemptCounts.ts';
import { createAuthLimits } from './http/rateLimits.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerRequestLog } from './http/requestLog.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { instrumentApp } from './metrics/app.ts';
import { createMetrics } from './metrics/metrics.ts';
import { openRedis } from './redis.ts';
import { createSockets } from './sockets/index.ts';
import { userRoutes } from './users/routes.ts';
import { openChain } from './wallet/chain.ts';
import { devchainRoutes, walletRoutes } from './wallet/routes.ts';
import { startWalletWorkers } from './wallet/workers.ts';
import { adminGameRoutes } from './games/adminRoutes.ts';
import { gameRoutes } from './games/routes.ts';
import { adminProofRoutes, proofRoutes } from './games/proof.ts';
import { clientSeedRoutes } from './games/clientSeeds.ts';
import { adminGrowthRoutes, growthRoutes } from './growth/routes.ts';
import { telegramBotRoutes } from './telegram/routes.ts';
import { inviteMessageRoutes } from './telegram/inviteMessage.ts';
import { adminChallengeRoutes, challengeRoutes } from './challenges/routes.ts';
import { attachGameSockets } from './games/sockets.ts';
import { startGameWorkers } from './games/workers.ts';
import { stopAdminFeeds, watchForOperators } from './games/admin.ts';
import { adminIntegrityRoutes } from './integrity/routes.ts';
import { startRiskWorker } from './integrity/workers.ts';
import { startHousekeeping } from './housekeeping/workers.ts';
import { adminTreasuryRoutes } from './treasury/routes.ts';
import { buildTreasury, isTreasuryChain } from './treasury/service.ts';
import { sweepPass } from './treasury/sweeps.ts';
import { startTreasuryRound } from './treasury/workers.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: Logger;
  mailer?: Mailer;
  /** Background rounds (deposits, withdrawals, the game sweeper); main.ts turns them on, tests drive rounds themselves. */
  startWorkers?: boolean;
}

/**
 * Builds the whole service from a config and an open database, without listening, so tests can start
 * it in-process (inject, or listen on port 0) and main.ts only has to read the environment.
 */
export async function buildApp({ config, database, logger, mailer, startWorkers = false }: AppOptions): Promise<FastifyInstance> {
  const log = logger ?? serverLog(config.logLevel);
  const app: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // One line per request at debug, a slow one at info (http/requestLog.ts), instead of two at info.
    logController: new LogController({ disableRequestLogging: true }),
  });

  await app.register(fastifyCookie);
  // Several nodes behind one address share one count per client through Redis.
  const redis = config.redisUrl ? await openRedis(config.redisUrl, log) : null;
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis: redis.client, nameSpace: 'duel-rate-limit:' } : {}) });
  // The sign-in doors' failure counts (server/http/rateLimits.ts), shared the same way.
  const attemptCounts: AttemptCounts & { close?(): void } = redis ? redisAttemptCounts(redis.client) : memoryAttemptCounts();
  const metrics = createMetrics(config.metrics.node, { pool: database.pool !== undefined, redis: redis !== null });
  await registerSecurityHeaders(app, config.nodeEnv === 'production');
  registerErrorHandling(app);
  registerRequestLog(app);

  const gateway = await openChain(config, database);
  // The devchain's deposit keys are public, so its web node can sweep on an operator's word; on tron
  // only the treasury process holds them (server/cli/treasury.ts).
  const treasury = config.wallet.chain === 'devchain' && isTreasuryChain(gateway) ? buildTreasury(config, database.db, gateway, log) : null;
  app.decorate('services', {
    config,
    log,
    database,
    db: database.db,
    mailer: mailer ?? createMailer(config.smtpUrl, config.mailFrom, log),
    authLimits: createAuthLimits(
      attemptCounts,
      config.authLimits,
      (error) => log.warn({ err: error }, 'sign-in limits: the counts are unreachable; not limiting'),
      (rule) => metrics.limiterRefused(rule),
    ),
    sockets: createSockets(app, database, redis),
    wallet: {
      gateway,
      rules: {
        requiredConfirmations: config.wallet.depositConfirmations,
        trxRateMicro: config.wallet.trxRateMicro,
        minDepositMicro: config.wallet.minDepositMicro,
      },
      pollMs: config.wallet.pollMs,
    },
    metrics,
  });
  // Before any route, so the request histogram covers them all.
  instrumentApp(app, metrics, redis);
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('mover', null);
  app.decorateRequest('playerId', null);

  // Every /api/admin route but the sign-in names the permission it needs (protocol/operators.ts); one that
  // forgets is refused to everyone at run time, and stops the start here, where its author sees it.
  const operatorRoutes: OperatorRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin/') || route.url === '/api/admin/login') return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      operatorRoutes.push({ method, url: route.url, permission: route.config?.permission ?? null });
    }
  });
  app.decorate('operatorRoutes', operatorRoutes);
  app.addHook('onReady', async () => {
    const unnamed = operatorRoutes.filter((route) => route.permission === null);
    if (unnamed.length) throw new Error(`admin routes without a permission: ${unnamed.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  });

  await app.register(
    async (api) => {
      api.get('/health', async () => ({ ok: true }));
      // For a load balancer: this node can serve (its database answers, and Redis when configured).
      api.get('/ready', async (_request, reply) => {
        const database = await app.services.database.answers();
        const redisUp = redis ? await redis.ping() : null;
        const ready = database && redisUp !== false;
        return reply.status(ready ? 200 : 503).send({
          ok: ready,
          database: database ? 'up' : 'down',
          redis: redisUp === null ? 'not configured' : redisUp ? 'up' : 'down',
        });
      });
      api.get('/config', async () => ({
        botUsername: config.botUsername ?? null,
        supportUrl: config.supportUrl ?? null,
        chain: config.wallet.chain,
      }));
      await api.register(authRoutes);
      await api.register(telegramRoutes);
      await api.register(userRoutes);
      await api.register(walletRoutes);
      await api.register(devchainRoutes);
      await api.register(gameRoutes);
      await api.register(proofRoutes);
      await api.register(clientSeedRoutes);
      await api.register(growthRoutes);
      await api.register(inviteMessageRoutes);
      await api.register(challengeRoutes);
      await api.register(telegramBotRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(adminGameRoutes, { prefix: '/admin' });
      await api.register(adminGrowthRoutes, { prefix: '/admin' });
      await api.register(adminReportRoutes, { prefix: '/admin' });
      await api.register(adminIntegrityRoutes, { prefix: '/admin' });
      await api.register(adminProofRoutes, { prefix: '/admin' });
      await api.register(adminTreasuryRoutes(treasury), { prefix: '/admin' });
      await api.register(adminOperatorRoutes, { prefix: '/admin' });
      await api.register(adminChallengeRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  await serveClientApps(app, config.distDir);

  attachGameSockets(app.services);
  watchForOperators(app.services, redis !== null);
  const stopWorkers = startWorkers ? startWalletWorkers(app.services, log) : async () => undefined;
  const stopGameWorkers = startWorkers ? startGameWorkers(app.services) : async () => undefined;
  const stopRiskWorker = startWorkers ? startRiskWorker(app.services) : async () => undefined;
  const stopHousekeeping = startWorkers ? startHousekeeping(app.services) : async () => undefined;
  const stopTreasuryRound = startWorkers ? startTreasuryRound(app.services) : async () => undefined;
  // Chain balances for the users page: a few addresses a round, in the background.
  const stopBalanceRefresh = startWorkers
    ? startRounds(config.wallet.chain === 'devchain' ? 5_000 : 60_000, async () => {
        try {
          await refreshChainBalances(app.services);
        } catch (error) {
          // The database or the chain is away for a moment; the cached balances wait for the next round.
          log.warn({ err: error }, 'chain balance refresh failed');
        }
      })
    : async () => undefined;
  // Sweeps an operator started finish by themselves, a step a round (the devchain's web node only).
  const stopSweeps =
    startWorkers && treasury
      ? startRounds(config.wallet.pollMs, async () => {
          try {
            await sweepPass(treasury, { plan: false });
          } catch (error) {
            log.warn({ err: error }, 'sweep round failed');
          }
        })
      : async () => undefined;
  app.addHook('onClose', async () => {
    await stopSweeps();
    await stopGameWorkers();
    await stopRiskWorker();
    await stopHousekeeping();
    await stopTreasuryRound();
    stopAdminFeeds(app.services);
    await stopBalanceRefresh();
    await stopWorkers();
    await new Promise<void>((resolve) => app.services.sockets.close(() => resolve()));
    attemptCounts.close?.();
    await redis?.close();
  });
  return app;
}
