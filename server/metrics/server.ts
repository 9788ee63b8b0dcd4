import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import type { Metrics } from './metrics.ts';

/**
 * GET /metrics on a port of its own (METRICS_PORT, bound to METRICS_HOST, loopback by default): a plain
 * node:http server, not a route of the public app, so the figures (load, money waiting, sign-in
 * failures) are never reachable through the balancer, and a scrape never counts in the request metrics
 * or the public rate limits.
 */

export interface MetricsServer {
  /** Where it listens (port 0 in the config: the port the system chose). */
  address(): { host: string; port: number };
  close(): Promise<void>;
}

export async function startMetricsServer(
  metrics: Metrics,
  where: { host: string; port: number },
  /** Sets the scrape-time figures (scrape.ts) before each answer. */
  refresh: () => Promise<void>,
  warn: (error: unknown) => void,
): Promise<MetricsServer> {
  // The process's own figures (event-loop lag, GC, heap, CPU) only where they are served: each set
  // starts a perf observer and an event-loop monitor, which nothing else needs.
  collectDefaultMetrics({ register: metrics.registry });

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain' }).end(path === '/metrics' ? 'GET only\n' : 'not found\n');
      return;
    }
    refresh()
      .then(() => metrics.registry.metrics())
      .then(
        (text) => {
          response.writeHead(200, { 'content-type': metrics.registry.contentType });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          warn(error);
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
        },
      );
  });
  // A scraper holding a keep-alive connection must not hold up the node's stop.
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    address: () => ({ host: bound.address, port: bound.port }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
