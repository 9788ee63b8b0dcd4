import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
  const headers = await headersOf(setHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers helmet sets, read once: with these options they are the same on every response (no nonce,
 * nothing from the request), and running its twelve middlewares on each request, each header validated
 * by Node as it was set, was ~2.5 % of a busy node's CPU (issue 38's profile).
 */
function headersOf(middleware: Middleware): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  return new Promise((resolve, reject) => {
    middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, response, (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(headers)));
  });
}
