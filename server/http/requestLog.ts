import type { FastifyInstance } from 'fastify';

/** The levels at which every request is logged. */
const verbose = new Set(['debug', 'trace']);

/** A request slower than this is logged at info whatever the level: what an operator looks for. */
const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, at debug; at info only a slow one. Fastify's own request logging wrote two JSON
 * lines per request at info (received, completed), with their serializers: on a busy node a move's log
 * cost more than its rules (issue 38's profile). At info a request now costs a comparison here. The
 * requests themselves are counted and timed by the metrics (server/metrics/app.ts), failures are logged
 * by the error handler with their error (server/http/errors.ts), every game change is in its game's log
 * (game_log), and a proxy in front keeps the access log.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms >= SLOW_REQUEST_MS) {
      request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) }, 'slow request');
    } else if (verbose.has(request.log.level)) {
      request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    }
    done();
  });
}
