import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // in CI (.ci/run): failures in full and the summary, nothing for a test that passes
    reporters: process.env.CI ? ['minimal'] : ['default'],
    projects: [
      {
        test: {
          name: 'server',
          root: './server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
