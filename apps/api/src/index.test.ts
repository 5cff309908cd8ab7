import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from './test/db.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
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

  it('starts on an empty data directory, answers /healthz and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'club-start-'));
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir });
    try {
      let ok = false;
      for (let i = 0; i < 600 && !ok; i++) {
        ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ok).toBe(true);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

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
        await waitFor(() => healthy(port), 'the site');
        await waitFor(() => childrenOf(run.child.pid!).length === 2, 'two workers');
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
});
