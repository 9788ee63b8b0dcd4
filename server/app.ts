import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { adminRoutes } from './admin/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { telegramRoutes } from './auth/telegram.ts';
import type { Config } from './config.ts';
import './context.ts';
import type { Database } from './db/client.ts';
import { serveClientApps } from './http/clientApps.ts';
import { registerErrorHandling } from './http/errors.ts';
import { createAuthLimiter } from './http/rateLimits.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createSockets } from './sockets/index.ts';
import { userRoutes } from './users/routes.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: Logger;
  mailer?: Mailer;
}

/**
 * Builds the whole service from a config and an open database, without listening, so tests can start
 * it in-process (inject, or listen on port 0) and main.ts only has to read the environment.
 */
export async function buildApp({ config, database, logger, mailer }: AppOptions): Promise<FastifyInstance> {
  const log = logger ?? pino({ level: config.logLevel });
  const app: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    trustProxy: config.nodeEnv === 'production',
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await registerSecurityHeaders(app, config.nodeEnv === 'production');
  registerErrorHandling(app);

  app.decorate('services', {
    config,
    database,
    db: database.db,
    mailer: mailer ?? createMailer(config.smtpUrl, config.mailFrom, log),
    limitAuth: createAuthLimiter(app, config.authRateLimit),
    sockets: createSockets(app, database),
  });
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);

  await app.register(
    async (api) => {
      api.get('/health', async () => ({ ok: true }));
      api.get('/config', async () => ({ botUsername: config.botUsername ?? null, supportUrl: config.supportUrl ?? null }));
      await api.register(authRoutes);
      await api.register(telegramRoutes);
      await api.register(userRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  await serveClientApps(app, config.distDir);

  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => app.services.sockets.close(() => resolve()));
  });
  return app;
}
