import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createScratchDatabase, migratedPostgresTemplate } from '../../apps/api/src/test/db.ts';
import { startSmtpPeer } from '../../apps/api/src/test/smtp.ts';

const apiDir = fileURLToPath(new URL('../../apps/api', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Until the server says it answers (`process.send('ready')` once it listens and its data is ready), or exits, or the
 * deadline passes. The channel is closed then: the server needs it for nothing else.
 */
function whenReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (message === 'ready') done();
    };
    const onExit = (code: number | null) => done(new Error(`Server beendet mit Code ${code}`));
    const deadline = setTimeout(() => done(new Error('Server nicht rechtzeitig bereit')), timeoutMs);
    const done = (error?: Error) => {
      clearTimeout(deadline);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (child.connected) child.disconnect();
      if (error) reject(error);
      else resolve();
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export interface Site {
  baseUrl: string;
  /** The mails the site sent, as JSON (support/mailbox.ts reads it). */
  mailboxUrl: string;
  /** The same site (data, database, mails) started again with other settings. */
  restart: (env: Record<string, string>) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The real site (the bundled server with demo data and the embedded login, as `pnpm start` and
 * the Docker image run it) on a free port, with its own data directory, database (PGlite, or a
 * copy of the migrated test template on the PostgreSQL server of DATABASE_URL) and SMTP peer. `env` adds
 * settings.
 */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'club-e2e-'));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(await migratedPostgresTemplate()) : undefined;
  const databaseUrl = database?.url;
  // A real SMTP peer receives the site's mails; the journeys read them over a small HTTP endpoint.
  const smtp = await startSmtpPeer();
  const mailbox = createHttpServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smtp.messages.map(({ to, subject, replyTo, text }) => ({ to, subject, replyTo, text }))));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', () => resolve()));
  const mailboxUrl = `http://127.0.0.1:${(mailbox.address() as { port: number }).port}`;

  const launch = async (settings: Record<string, string>): Promise<ChildProcess> => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      SMTP_URL: smtp.url,
      ...settings,
    };
    delete childEnv.DATABASE_URL;
    if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
    const started = Date.now();
    // The bundled server (test:e2e builds it first).
    const process_ = spawn(process.execPath, ['dist/server.mjs'], {
      cwd: apiDir,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      await whenReady(process_, 420_000);
    } catch (error) {
      process_.kill('SIGTERM');
      throw error;
    }
    console.log(`E2E-Server bereit auf ${baseUrl} nach ${Date.now() - started} ms (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
    return process_;
  };
  const end = async (process_: ChildProcess): Promise<void> => {
    process_.kill('SIGTERM');
    await new Promise((r) => (process_.exitCode !== null ? r(null) : process_.once('exit', r)));
  };
  let child = await launch(env);

  const restart = async (settings: Record<string, string>) => {
    await end(child);
    child = await launch({ ...env, ...settings });
  };
  const stop = async () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      if (peak) console.log(`Server-Spitzenspeicher nach den Browser-Tests (VmHWM): ${Math.round(Number(peak) / 1024)} MB`);
    } catch {
      // not on Linux
    }
    await end(child);
    mailbox.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  return { baseUrl, mailboxUrl, restart, stop };
}

/** The address and mailbox of a started site, as the global setup hands them to the test workers. */
export type E2eServer = Pick<Site, 'baseUrl' | 'mailboxUrl'>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** One site per test worker; index = the worker's VITEST_POOL_ID - 1. */
    servers: E2eServer[];
  }
}

/** The site of this test worker: the global setup starts one per worker (VITEST_POOL_ID 1 … maxWorkers). */
export function site(): E2eServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[worker - 1];
  if (!server) throw new Error(`Kein E2E-Server für Worker ${worker} (${servers.length} gestartet)`);
  return server;
}
