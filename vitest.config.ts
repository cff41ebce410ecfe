import { defineConfig } from 'vitest/config';

/** Unit and server tests. Browser journeys have their own config (tests/browser/vitest.config.ts). */
export default defineConfig({
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/demo-game/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./tests/fail-on-console-error.ts'],
  },
});
