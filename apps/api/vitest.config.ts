import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
    env: { PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  },
});
