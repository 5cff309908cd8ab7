import { inject } from 'vitest';
import type { E2eServer } from './global-setup.ts';

/** The site of this test worker: the global setup starts one per worker (VITEST_POOL_ID 1 … maxWorkers). */
export function site(): E2eServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[worker - 1];
  if (!server) throw new Error(`Kein E2E-Server für Worker ${worker} (${servers.length} gestartet)`);
  return server;
}
