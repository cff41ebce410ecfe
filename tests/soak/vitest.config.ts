import { defineConfig } from 'vitest/config';

/** The soak (`npm run bench:soak`): one long run of the scaled deployment (tests/soak/soak.test.ts). */
export default defineConfig({
  test: {
    include: ['tests/soak/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    hookTimeout: 180_000,
    passWithNoTests: false,
  },
});
