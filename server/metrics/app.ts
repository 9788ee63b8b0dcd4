import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../redis.ts';
import type { Metrics } from './metrics.ts';
import { countSocketEvents } from '../sockets/metrics.ts';
import { refreshScraped } from './scrape.ts';
import { startMetricsServer, type MetricsServer } from './server.ts';

/**
 * Ties the metrics to an app (app.ts): every request's duration by its route's pattern, the Socket.IO
 * events in and out (sockets/metrics.ts), and the metrics
 * server, started when the app is ready (app.ts builds without listening; main.ts and the tests make it
 * ready) and closed with it. Call before the routes are registered, so the hook covers them all.
 */
export function instrumentApp(app: FastifyInstance, metrics: Metrics, redis: RedisLink | null): void {
  const { config } = app.services;
  // The route's pattern, never the URL: /api/games/<id> would make a series per game.
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url ?? '(unmatched)', reply.statusCode, reply.elapsedTime / 1000);
  });

  countSocketEvents(app.services.sockets, metrics);

  let server: MetricsServer | null = null;
  app.decorate('metricsServer', () => server);
  const port = config.metrics.port;
  if (port === undefined) return;
  const warn = (error: unknown) => app.log.warn({ err: error }, 'metrics: the database figures could not be read');
  app.addHook('onReady', async () => {
    server = await startMetricsServer(
      metrics,
      { host: config.metrics.host, port },
      () =>
        refreshScraped(
          metrics,
          {
            database: app.services.database,
            socketCount: () => app.services.sockets.of('/').sockets.size,
            redis,
            hotWalletAddress: app.services.wallet.gateway.hotWalletAddress(),
          },
          warn,
        ),
      (error) => app.log.error({ err: error }, 'metrics: a scrape failed'),
    );
    app.log.info({ metrics: server.address() }, 'metrics served');
  });
  app.addHook('onClose', async () => {
    await server?.close();
    server = null;
  });
}
