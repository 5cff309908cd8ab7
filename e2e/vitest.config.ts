import { defineConfig } from 'vitest/config';

// Browser journeys: Chromium driven by playwright-core against the real server (child
// process). Two workers, each with a server and database of its own (support/global-setup.ts):
// a journey never depends on another one's data.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    maxWorkers: 2,
    // A worker loads the support modules (and through support/site.ts the API's database code) once for all its
    // journey files, not once per file; each file still launches its own Chromium and keeps its own data.
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 480_000,
    allowOnly: process.env.CI !== 'true',
  },
});
