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
    // A whole journey (a broker order from application to settlement: 26 s alone) took more than
    // 60 s beside another journey on CI's two cores.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    passWithNoTests: false,
    // A journey's answers arrive through a server and a browser sharing two cores with another
    // journey: expect.poll's 1 s default ran out on a loaded machine (a chat's tenth message, a
    // game role's name), so every poll waits up to 15 s unless it says otherwise.
    expect: { poll: { timeout: 15_000 } },
  },
});
