import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startSite } from './site.ts';

/**
 * One site per test worker (VITEST_POOL_ID 1 … maxWorkers): the journeys of two workers never
 * see each other's data or mails (support/site.ts picks the worker's own).
 */
export default async function setup(project: TestProject) {
  // The logins of an earlier run (support/browser.ts, loggedInContext): their sessions lived in that run's database,
  // and a site of this run may have the same port.
  const state = new URL('../.state/', import.meta.url);
  mkdirSync(state, { recursive: true });
  for (const name of readdirSync(state).filter((n) => n.endsWith('.json'))) rmSync(new URL(name, state));
  const count = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startSite()));
  const sites = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(sites.map((site) => site.stop()));
    throw failed.reason;
  }
  project.provide(
    'servers',
    sites.map(({ baseUrl, mailboxUrl }) => ({ baseUrl, mailboxUrl })),
  );
  return async () => {
    await Promise.all(sites.map((site) => site.stop()));
  };
}
