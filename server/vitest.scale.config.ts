import { defineConfig } from 'vitest/config';

/** The scale suite (npm run test:scale): PostgreSQL, Redis, s3rver, two compiled instances, nginx. */
export default defineConfig({
  test: {
    name: 'scale',
    // in CI (.ci/run): failures in full and the summary, nothing for a test that passes
    reporters: process.env.CI ? ['minimal'] : ['default'],
    root: import.meta.dirname,
    include: ['test-scale/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
