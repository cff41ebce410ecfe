import { defineConfig } from 'vitest/config';

/**
 * Unit and server tests. Browser journeys have their own config (tests/browser/vitest.config.ts).
 * Two workers (one per core); most files share a worker's modules (isolate: false), which saves
 * loading the app's module graph again for every file. The files that mock a module, start
 * processes or stop servers under way keep a worker of their own (the `isolated` project), one
 * file at a time after the others.
 * Every server test file copies the database global-setup.ts migrated once for the run.
 */
const isolated = [
  'apps/server/test/local-mode.test.ts',
  'apps/server/test/crash-restart.test.ts',
  'apps/server/test/graceful-stop.test.ts',
  'apps/server/test/partner-games.test.ts',
  'apps/server/test/production-without-demo.test.ts',
  'apps/server/test/backup-drill.test.ts',
];
/**
 * Kept out of the everyday loop (`npm run test:fast` sets TEST_EVERYDAY=1; decision 0053): they
 * start, kill and restart real server processes and are the serial tail of the run (about 55 s on
 * a quiet machine, 120 s and more on a loaded one). `npm test` and CI run them on both databases.
 */
const processTests = [
  'apps/server/test/crash-restart.test.ts',
  'apps/server/test/graceful-stop.test.ts',
  'apps/server/test/backup-drill.test.ts',
];
const everyday = process.env.TEST_EVERYDAY === '1';

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  setupFiles: ['./tests/fail-on-console-error.ts'],
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    globalSetup: ['./apps/server/test/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'shared',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'apps/demo-game/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          exclude: isolated,
          isolate: false,
        },
      },
      // These start servers, migrate databases of their own and stop them, timed: beside another
      // worker on a busy machine they ran out of time (38 s and more where 5 s was usual). They run
      // one at a time after the shared files (a project with maxWorkers 1), with twice the time.
      {
        test: {
          ...shared,
          name: 'isolated',
          include: everyday ? isolated.filter((f) => !processTests.includes(f)) : isolated,
          isolate: true,
          maxWorkers: 1,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
