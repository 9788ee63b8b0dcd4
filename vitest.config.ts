import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: the server (and game rules) in Node, the two React clients in jsdom.
// End-to-end tests have their own config (e2e/vitest.config.ts) and never run here.
export default defineConfig({
  test: {
    // The CI machine has two cores; more workers only fight over them (PGlite is CPU-bound).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/rules/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        // telegram-ui has no "exports": Node would load its CommonJS build, whose drawer (vaul, Radix
        // Dialog) is another copy than the ESM one src/ui/Popup.tsx imports for the title, and the title
        // would not find its dialog. Its ESM build, transformed like app code, is what Vite bundles too.
        resolve: { alias: [{ find: /^@telegram-apps\/telegram-ui$/, replacement: '@telegram-apps/telegram-ui/dist/index.js' }] },
        test: {
          name: 'app',
          environment: 'jsdom',
          // Beside the server project on CI's two cores, a test that opens and closes telegram-ui's
          // sheets a few times (each a drawer with its own animation frames) can pass 5 s of wall time.
          testTimeout: 15_000,
          include: ['tests/app/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/app/setup.ts'],
          server: { deps: { inline: [/@telegram-apps\/telegram-ui/] } },
        },
      },
    ],
  },
});
