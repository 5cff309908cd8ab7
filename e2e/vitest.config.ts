import { defineConfig } from 'vitest/config';

// Browser journeys: one real server (child process) for the whole run, Chromium driven by
// playwright-core. Files run one after another: they share that server.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 480_000,
    allowOnly: process.env.CI !== 'true',
  },
});
