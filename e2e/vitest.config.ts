import { defineConfig } from 'vitest/config';

// End-to-end: the built app served by the real server (started once in globalSetup) driven in the
// system's Chromium. One file at a time: the machine has two cores and Chromium wants both.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
