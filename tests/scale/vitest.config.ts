import { defineConfig } from 'vitest/config';

/**
 * The scale suite (`npm run test:scale`): one deployment of several processes behind HAProxy,
 * started by the file itself (tests/scale/deployment.ts) and driven in order, one file at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    passWithNoTests: false,
  },
});
