import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers that still let Telegram Web show the app in its iframe: no X-Frame-Options, and
 * frame-ancestors naming Telegram Web. The Login Widget loads its script from telegram.org and shows
 * its button in an oauth.telegram.org frame; avatars come from Telegram's CDN.
 *
 * Helmet itself, built once: @fastify/helmet builds helmet's middleware again for every request (the
 * directives parsed anew each time), ~2 % of a busy node's CPU in the launch bench (bench/README.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  const setHeaders = helmet({
    // HSTS only where the app is really served over HTTPS.
    strictTransportSecurity: production,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ['https://oauth.telegram.org'],
        frameAncestors: ["'self'", 'https://web.telegram.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
