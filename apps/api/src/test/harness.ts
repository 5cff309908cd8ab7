import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { RouteInfo } from '../http/routes.ts';
import { openTestDatabase } from './db.ts';
import { createLogger, type Logger } from '../lib/logger.ts';

export { openTestDatabase, testDatabaseUrl } from './db.ts';

export interface TestServer {
  url: string;
  config: Config;
  database: Database;
  /** Every API route under /api/v1. */
  apiRoutes: RouteInfo[];
  close(): Promise<void>;
}

/** The whole site on a free port of 127.0.0.1 over a fresh database. */
export async function startTestServer(
  options: { env?: Record<string, string>; clock?: () => Date; database?: Database; log?: Logger } = {},
): Promise<TestServer> {
  const server: Server = createServer();
  // Idle connections stay open until the client closes them: with the server's default 5 s, a socket the
  // client is about to reuse could be closed under it while a slow test blocks the process («fetch failed»).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PUBLIC_URL: url,
    PORT: String(port),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/club-test-data',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const log = options.log ?? createLogger(config.logLevel);
  const app = await createApp({ config, database, log, ...(options.clock ? { clock: options.clock } : {}) });
  server.on('request', app.handler);
  return {
    url,
    config,
    database,
    apiRoutes: app.apiRoutes,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
