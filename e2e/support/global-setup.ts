import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createHttpServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startSmtpPeer } from '../../apps/api/src/test/smtp.ts';
import { createScratchDatabase, migratedPostgresTemplate } from '../../apps/api/src/test/db.ts';

/** One started site per test worker: its address and the mailbox of its SMTP peer. */
export interface E2eServer {
  baseUrl: string;
  mailboxUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Index = the worker's VITEST_POOL_ID - 1. */
    servers: E2eServer[];
  }
}

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

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('Server nicht rechtzeitig bereit');
}

/**
 * The real site (demo data, embedded login) on a free port, with its own database (on
 * PostgreSQL a copy of the migrated template), its own data directory and its own SMTP peer.
 * Returns how to stop it and clean up.
 */
async function startSite(n: number): Promise<E2eServer & { stop(): Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'club-e2e-'));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(await migratedPostgresTemplate()) : undefined;
  // A real SMTP peer receives the site's mails; the journeys read them over a small HTTP endpoint.
  const smtp = await startSmtpPeer();
  const mailbox = createHttpServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smtp.messages.map(({ to, subject, replyTo, text }) => ({ to, subject, replyTo, text }))));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', () => resolve()));
  const mailboxUrl = `http://127.0.0.1:${(mailbox.address() as { port: number }).port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMTP_URL: smtp.url,
  };
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  const started = Date.now();
  // The bundled server, as `pnpm start` and the Docker image run it (test:e2e builds it first).
  const child = spawn(process.execPath, ['dist/server.mjs'], { cwd: apiDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForHealth(baseUrl, child, 120_000);
  console.log(`E2E-Server ${n} bereit auf ${baseUrl} nach ${Date.now() - started} ms (${database ? 'PostgreSQL' : 'PGlite'})`);

  return {
    baseUrl,
    mailboxUrl,
    async stop() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
        if (peak) console.log(`Server ${n}: Spitzenspeicher nach den Browser-Tests (VmHWM): ${Math.round(Number(peak) / 1024)} MB`);
      } catch {
        // not on Linux
      }
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      mailbox.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * One site per test worker (VITEST_POOL_ID 1 … maxWorkers): the journeys of two workers never
 * see each other's data or mails.
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startSite(i + 1)));
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
