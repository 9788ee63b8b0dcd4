import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

/**
 * Vite's SPA fallback sends every unknown path to /index.html, so a reload on /admin/dashboard would
 * load the player app. The server does this split in production (server/http/clientApps.ts); this
 * does the same for `vite` and `vite preview`.
 */
function adminEntryFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const isAdminPage = (pathname === '/admin' || pathname.startsWith('/admin/')) && !/\.[a-z0-9]+$/i.test(pathname);
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if (isAdminPage && wantsHtml) req.url = '/admin/index.html';
    next();
  };
  return {
    name: 'admin-entry-fallback',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  plugins: [react(), adminEntryFallback()],
  server: {
    port: Number(process.env.VITE_PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: Number(process.env.VITE_PORT ?? 3000),
    proxy: {
      '/api': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest chunk is meant to be: exceljs (~930 kB minified), a lazy chunk of the back office's
    // xlsx export, fetched only when an operator exports. Everything a player loads is far below
    // (bench/bundle-size.bench.ts holds the first load to its budget); a chunk past this is news.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // Two pages: the player app and the operator back office (dist/index.html, dist/admin/index.html).
      input: {
        app: path.join(root, 'index.html'),
        admin: path.join(root, 'admin/index.html'),
      },
      // protocol/ keeps each call's zod schema beside its constants and texts; a page that takes only
      // a constant must not bring zod along. Building a schema has no side effect, so an unused one goes.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // The libraries both entries use, in one long-cached chunk; the Telegram SDK stays with the
          // player app, which is the only one that loads it. Socket.IO, used by both, falls into the
          // automatic shared chunk; exceljs is a lazy chunk of the back office's export only.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|valtio|proxy-compare)[\\/]/,
            },
            // zod in a chunk of its own: the forms and game screens that parse with it share it, and
            // it never rides in a shared chunk the first load needs for something else.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The protocol's schemas beside it, for the same reason: the lobby takes only the zod-free
            // constants (gameConstants, money, constants, countries, fairness, device). Only the modules
            // with schemas (or importing them: errorCodes) go there, and everything else of protocol/
            // (what they import) is the next group's: the schemas' chunk must never import from an
            // entry's chunk (which would run that entry: the back office once started the player app
            // that way), nor the constants' chunk from the schemas' (a cycle: a table read before it is set).
            {
              name: 'schemas',
              test: /protocol[\\/](game|rps|blot|carrom|backgammon|user|auth|wallet|growth|integrity|admin|usdtAmount|fairnessProof|errorCodes)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            { name: 'protocol', test: /protocol[\\/]/, includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
  },
});
