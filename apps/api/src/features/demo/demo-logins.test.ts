import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { removeDemoLogins } from '../../cli/remove-demo-logins.ts';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createScratchDatabase, testDatabaseUrl } from '../../test/db.ts';
import { activeDemoLogins, loadDemoData } from './demo-data.ts';

const apiDir = fileURLToPath(new URL('../../..', import.meta.url));

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

describe('production on a database with demo logins', () => {
  it('refuses to start with one clear line; after removing the demo logins it starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'club-demo-prod-'));
    const scratch = testDatabaseUrl ? await createScratchDatabase() : undefined;
    const env = {
      DATA_DIR: dataDir,
      PRODUCTION: 'true',
      SESSION_SECRET: 'x'.repeat(40),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    try {
      let database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
      await migrate(database.raw);
      await loadDemoData(database.prisma, new Date());
      // A real member who shares a demo name but chose her own password is not a demo login.
      await database.prisma.loginAccount.update({ where: { username: 'lara.huber' }, data: { passwordHash: null } });
      const open = await activeDemoLogins(database.prisma);
      expect(open).toContain('vorstand');
      expect(open).not.toContain('lara.huber');
      await database.close();

      const refused = start({ ...env, PORT: String(await freePort()) });
      expect(await refused.exited).toBe(1);
      const lines = refused
        .stderr()
        .trim()
        .split('\n')
        .filter((l) => !l.includes('oidc-provider WARNING'));
      expect(lines).toEqual([
        expect.stringMatching(/^Start verweigert: Die Datenbank enthält \d+ Demo-Logins .*vorstand.*remove-demo-logins/),
      ]);

      database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
      expect(await removeDemoLogins(database.prisma)).toContain('vorstand');
      expect(await activeDemoLogins(database.prisma)).toEqual([]);
      await database.close();

      const port = await freePort();
      const run = start({ ...env, PORT: String(port) });
      try {
        // Up to 3 minutes: a start on a busy machine (tsx, a PGlite data directory) can take that long.
        await vi.waitFor(
          async () => {
            const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
              (r) => r.ok,
              () => false,
            );
            expect(ok, run.stderr()).toBe(true);
          },
          { timeout: 180_000, interval: 100 },
        );
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
      } finally {
        run.child.kill('SIGKILL');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }, 360_000);
});
