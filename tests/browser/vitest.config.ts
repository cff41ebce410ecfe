import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one server per worker (global setup), Chromium per file. Two workers by
 * default (JOURNEY_WORKERS): one journey waits on its browser and server most of the time, so
 * two at once use a 2-core machine better (345 s serially, 241 s on two); three gave no more.
 */
const workers = Number(process.env.JOURNEY_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`JOURNEY_WORKERS must be a whole number of at least 1, not "${process.env.JOURNEY_WORKERS}"`);

export default defineConfig({
  test: {
    include: ['tests/browser/journeys/**/*.test.ts'],
    globalSetup: ['tests/browser/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    passWithNoTests: false,
  },
});
