import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { controlSocketPath } from './backup.ts';

/**
 * A Unix socket in DATA_DIR through which `pnpm backup` gets a backup of the embedded database
 * from the running server (only the process that has PGlite open may read it). Readable and
 * writable by the server's user only (0600); one request: `POST /backup` answers PGlite's gzip'd
 * dump. Started only for the embedded database, by the server (index.ts) after the lock on
 * DATA_DIR is taken, so a socket file left by a crashed server can be replaced.
 */
export async function startControlSocket(input: { dataDir: string; database: Database; log: Logger }): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(input.dataDir);
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup' || !input.database.dumpPglite) {
      res.writeHead(404).end();
      return;
    }
    const started = Date.now();
    input.database.dumpPglite('gzip').then(
      async (dump) => {
        const body = Buffer.from(await dump.arrayBuffer());
        res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': body.length }).end(body);
        input.log.info({ bytes: body.length, ms: Date.now() - started }, 'backup of the embedded database handed out');
      },
      (error: unknown) => {
        input.log.error({ err: error }, 'backup of the embedded database failed');
        res.writeHead(500).end();
      },
    );
  });
  if (existsSync(socketPath)) unlinkSync(socketPath);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
