import { defineConfig } from 'vitest/config';

/** Browser journeys: one server for the run (global setup), Chromium per file. */
export default defineConfig({
  test: {
    include: ['tests/browser/journeys/**/*.test.ts'],
    globalSetup: ['tests/browser/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    passWithNoTests: false,
  },
});
