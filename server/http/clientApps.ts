import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Not built</title>
<p>The app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`;

/**
 * Serves the two built clients: the admin entry for /admin/*, the player app for every other path
 * that is not the API, so a reload on any route (e.g. /reset-password/abc) gets the app.
 */
export async function serveClientApps(app: FastifyInstance, distDir: string): Promise<void> {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached forever; HTML never.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (!isPage || looksLikeFile) {
      return reply.status(404).send(errorBody(404, `Not found: ${request.method} ${pathname}`));
    }
    if (!built) return reply.status(503).type('text/html').send(NOT_BUILT);
    const entry = pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin/index.html' : 'index.html';
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(entry);
  });
}
