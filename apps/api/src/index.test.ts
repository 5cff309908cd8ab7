import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

describe('the server process', () => {
  it('with a bad configuration value stops with one clear line and exit code 1', async () => {
    const run = start({ PORT: 'neunzig', DATA_DIR: '/tmp/club-bad-config' });
    expect(await run.exited).toBe(1);
    const lines = run.stderr().trim().split('\n').filter((l) => !l.includes('oidc-provider WARNING'));
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
        ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
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
});
