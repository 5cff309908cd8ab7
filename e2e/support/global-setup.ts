import type { TestProject } from 'vitest/node';
import { startSite } from './site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
  }
}

/** Starts the real site (demo data, embedded login) on a free port for the browser journeys. */
export default async function setup(project: TestProject) {
  const site = await startSite();
  project.provide('baseUrl', site.baseUrl);
  project.provide('mailboxUrl', site.mailboxUrl);
  return site.stop;
}
