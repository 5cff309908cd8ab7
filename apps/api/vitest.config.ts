import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps the modules it loaded for the next file instead of loading the whole site again (a quarter
    // less time and CPU). Each file still builds its own site over its own database; the site keeps its state in what createApp builds.
    isolate: false,
    env: { PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  },
});
