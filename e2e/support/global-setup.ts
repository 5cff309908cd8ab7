import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createServer as createHttpServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startSmtpPeer } from '../../apps/api/src/test/smtp.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
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

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
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

/** Starts the real site (demo data, embedded login) on a free port for the browser journeys. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'club-e2e-'));
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    dbName = `club_e2e_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE "${dbName}"`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
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
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const started = Date.now();
  // The bundled server, as `pnpm start` and the Docker image run it (test:e2e builds it first).
  const child = spawn(process.execPath, ['dist/server.mjs'], { cwd: apiDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForHealth(baseUrl, child, 120_000);
  console.log(`E2E-Server bereit auf ${baseUrl} nach ${Date.now() - started} ms (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailboxUrl);

  return async () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      if (peak) console.log(`Server-Spitzenspeicher nach den Browser-Tests (VmHWM): ${Math.round(Number(peak) / 1024)} MB`);
    } catch {
      // not on Linux
    }
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    mailbox.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  };
}
