import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/client.ts';
import { createScratchDatabase, testDatabaseUrl } from './test/db.ts';
import { createMember } from './test/factories.ts';
import { loginAs } from './test/login.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>, preload: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), 'src/index.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env },
    // The IPC channel: the site says «ready» on it once it answers (as PM2's wait_ready expects).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** True once the site says «ready»; false when it exits first. */
  const ready = new Promise<boolean>((resolve) => {
    child.on('message', (message) => message === 'ready' && resolve(true));
    void exited.then(() => resolve(false));
  });
  return { child, exited, ready, stderr: () => stderr, stdout: () => stdout };
}

/** Checks every 100 ms (a restarted worker, the request log): what no message announces. */
function waitFor(check: () => Promise<boolean> | boolean, what: string, seconds = 60): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: seconds * 1000, interval: 100 },
  );
}

const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

/** The child processes of a process (the workers of a primary). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describe('the server process', () => {
  it('with a bad configuration value stops with one clear line and exit code 1', async () => {
    const run = start({ PORT: 'neunzig', DATA_DIR: '/tmp/club-bad-config' });
    expect(await run.exited).toBe(1);
    const lines = run
      .stderr()
      .trim()
      .split('\n')
      .filter((l) => !l.includes('oidc-provider WARNING'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Ungültige Konfiguration: PORT: /);
  });

  it(
    'starts on an empty data directory, says «ready» on its IPC channel, answers /healthz and stops cleanly on SIGTERM',
    { timeout: 200_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'club-start-'));
      const port = await freePort();
      const run = start({ PORT: String(port), DATA_DIR: dataDir });
      try {
        expect(await run.ready).toBe(true);
        // «ready» comes once the site answers: no waiting for /healthz after it.
        expect(await healthy(port)).toBe(true);
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
      } finally {
        run.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  // What only a few requests need is loaded on first use (lib/on-first-use.ts), and nothing of the
  // tests or of the other database: each would stay in every process's memory for its whole life
  // (docs/decisions.md, «Memory of a server process»).
  it(
    'loads at start none of the packages that only downloads, imports, mails or the other database need',
    { timeout: 200_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'club-packages-'));
      const scratch = testDatabaseUrl ? await createScratchDatabase() : undefined;
      const list = path.join(dataDir, 'packages.json');
      const port = await freePort();
      const run = start(
        { PORT: String(port), DATA_DIR: dataDir, LOADED_PACKAGES_FILE: list, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
        ['./src/test/loaded-packages.ts'],
      );
      try {
        expect(await run.ready).toBe(true);
        expect(await healthy(port)).toBe(true);
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        const loaded = JSON.parse(readFileSync(list, 'utf8')) as string[];
        // The list is real: the packages every request passes through are in it.
        expect(loaded).toEqual(
          expect.arrayContaining(['express', 'express-session', 'pino', '@prisma/client', scratch ? 'pg' : '@electric-sql/pglite']),
        );
        const onFirstUse = [
          'exceljs',
          'pdfkit',
          'fontkit',
          'qrcode',
          'nodemailer',
          'libphonenumber-js',
          '@zxcvbn-ts/core',
          'fast-xml-parser',
        ];
        const testsOnly = ['vitest', 'supertest', 'fast-check', 'smtp-server', 'pngjs', 'jsqr', 'zxing-wasm'];
        const otherDatabase = scratch ? ['@electric-sql/pglite', 'pglite-prisma-adapter'] : ['pg', '@prisma/adapter-pg'];
        expect(loaded.filter((name) => [...onFirstUse, ...testsOnly, ...otherDatabase].includes(name))).toEqual([]);
      } finally {
        run.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await scratch?.drop();
      }
    },
  );

  it('refuses several workers without PostgreSQL, with one clear line and exit code 1', async () => {
    const run = start({ WORKERS: '2', DATA_DIR: '/tmp/club-bad-config' });
    expect(await run.exited).toBe(1);
    const lines = run
      .stderr()
      .trim()
      .split('\n')
      .filter((l) => !l.includes('oidc-provider WARNING'));
    expect(lines).toEqual([expect.stringMatching(/^Ungültige Konfiguration: WORKERS: mehrere Prozesse brauchen PostgreSQL/)]);
  });

  // Several workers need PostgreSQL (PGlite belongs to one process): this runs in the PostgreSQL pass.
  it.runIf(testDatabaseUrl)(
    'with WORKERS=2 on PostgreSQL: prepares the database once, two workers share the port, a dead worker is replaced, SIGTERM stops all',
    async () => {
      const scratch = await createScratchDatabase();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'club-workers-'));
      const port = await freePort();
      const run = start({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: scratch.url, WORKERS: '2', SESSION_SECRET: 'x'.repeat(40) });
      try {
        // The primary says «ready» once both workers listen, and only then.
        expect(await run.ready).toBe(true);
        expect(childrenOf(run.child.pid!)).toHaveLength(2);
        expect(await healthy(port)).toBe(true);
        const [first] = childrenOf(run.child.pid!);
        process.kill(first!, 'SIGKILL');
        await waitFor(() => {
          const now = childrenOf(run.child.pid!);
          return now.length === 2 && !now.includes(first!);
        }, 'a new worker');
        await waitFor(() => healthy(port), 'the site after the restart');
        const workers = childrenOf(run.child.pid!);
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
        expect(run.stderr()).not.toMatch(/Error/);
      } finally {
        run.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await scratch.drop();
      }
    },
  );

  // The session and the member's roles are read from the database on every request, in every process.
  it.runIf(testDatabaseUrl)(
    'with WORKERS=2 on PostgreSQL: a logout and a removed board role take effect on the very next request in every process',
    async () => {
      const scratch = await createScratchDatabase();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'club-workers-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const run = start({
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        WORKERS: '2',
        PUBLIC_URL: base,
        SESSION_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'info',
      });
      const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
      /** Each request on a new connection: the primary hands connections to the workers in turn. */
      const get = (urlPath: string, cookie: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(`${base}${urlPath}`, { agent: false, headers: { cookie, connection: 'close' } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end();
        });
      /** Which worker answered `urlPath` with which status, from the request log written since `from`. */
      const answers = (urlPath: string, from: number) =>
        run
          .stdout()
          .slice(from)
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { msg?: string; worker?: number; req?: { url?: string }; res?: { statusCode?: number } })
          .filter((entry) => entry.msg === 'request completed' && entry.req?.url === urlPath)
          .map((entry) => ({ worker: entry.worker, status: entry.res?.statusCode }));
      /** Sends `urlPath` six times, each on a new connection; the statuses and, per status, the workers that answered. */
      const probe = async (urlPath: string, cookie: string) => {
        const from = run.stdout().length;
        const statuses = [];
        for (let i = 0; i < 6; i++) statuses.push(await get(urlPath, cookie));
        await waitFor(() => answers(urlPath, from).length === 6, 'the request log');
        const workers: Record<number, number[]> = {};
        for (const { worker, status } of answers(urlPath, from)) {
          const list = (workers[status ?? 0] ??= []);
          if (worker !== undefined && !list.includes(worker)) list.push(worker);
        }
        for (const list of Object.values(workers)) list.sort();
        return { statuses, workers };
      };
      try {
        // The primary says «ready» once both workers listen.
        expect(await run.ready).toBe(true);
        expect(childrenOf(run.child.pid!)).toHaveLength(2);
        expect(await healthy(port)).toBe(true);
        const member = await createMember(database.prisma);
        const board = await createMember(database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
        const other = await createMember(database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
        const memberCookie = (await loginAs(base, member.username, member.password)).cookie;
        const boardCookie = (await loginAs(base, board.username, board.password)).cookie;
        const otherCookie = (await loginAs(base, other.username, other.password)).cookie;

        // Both workers know the member's session; the member logs out through one of them.
        expect(await probe('/api/v1/member/', memberCookie)).toEqual({ statuses: Array(6).fill(200), workers: { 200: [1, 2] } });
        expect(await get('/oauth/logout', memberCookie)).toBe(204);
        expect(await probe('/api/v1/member/', memberCookie)).toEqual({ statuses: Array(6).fill(401), workers: { 401: [1, 2] } });

        // Both workers let the board member in; another board member takes the role away through one of them.
        expect(await probe('/api/v1/admin/members/', boardCookie)).toEqual({ statuses: Array(6).fill(200), workers: { 200: [1, 2] } });
        const removed = await fetch(`${base}/api/v1/admin/members/${board.id}/roles`, {
          method: 'PUT',
          headers: { cookie: otherCookie, 'content-type': 'application/json' },
          body: JSON.stringify({ roles: ['MEMBER'] }),
        });
        expect(removed.status).toBe(200);
        expect(await probe('/api/v1/admin/members/', boardCookie)).toEqual({ statuses: Array(6).fill(403), workers: { 403: [1, 2] } });
      } finally {
        run.child.kill('SIGTERM');
        await run.exited;
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
        await scratch.drop();
      }
    },
    120_000,
  );
});
