import type { TestProject } from 'vitest/node';
import { startSite } from './site.ts';

/**
 * One site per test worker (VITEST_POOL_ID 1 … maxWorkers): the journeys of two workers never
 * see each other's data or mails (support/site.ts picks the worker's own).
 */
export default async function setup(project: TestProject) {
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
