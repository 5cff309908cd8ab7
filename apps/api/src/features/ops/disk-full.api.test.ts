import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createLogger } from '../../lib/logger.ts';
import { openTestDatabase, testDatabaseUrl } from '../../test/db.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * A full disk, for real: the test mounts a small tmpfs (it needs root, as on our machines and in
 * CI) and fills it. The embedded database keeps its data directory there; PostgreSQL gets a
 * tablespace there that holds the tables a membership application writes. Then every write is a
 * 503 DISK_FULL with a German sentence and Retry-After, the log has one error line for all of
 * them, /readyz says why it is not ready, a metric counts them, reads go on, and once there is
 * space again the next write succeeds.
 */
const TOKEN = 'metrics-token-for-the-disk-test-0123';

function tryMount(dir: string, megabytes: number): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error).trim();
  }
}

/** Writes a file until the file system refuses: ENOSPC. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(256 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

const mountPoint = mkdtempSync(path.join(tmpdir(), 'club-disk-full-'));
const mountProblem = tryMount(mountPoint, testDatabaseUrl ? 16 : 64);

describe.skipIf(mountProblem !== null)(
  `a full disk (${testDatabaseUrl ? 'PostgreSQL tablespace' : 'embedded database'} on a small tmpfs)`,
  () => {
    let server: TestServer;
    let database: Database;
    const lines: { level: number; msg: string }[] = [];
    const tablespace = `club_full_${randomBytes(4).toString('hex')}`;
    const filler = path.join(mountPoint, 'filler');

    beforeAll(async () => {
      if (testDatabaseUrl) {
        database = await openTestDatabase();
        const dir = path.join(mountPoint, 'pg');
        mkdirSync(dir);
        const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim()));
        chownSync(dir, uid!, gid!);
        await database.raw.query(`CREATE TABLESPACE "${tablespace}" LOCATION '${dir}'`);
        for (const table of ['candidates', 'mail_outbox'])
          await database.raw.query(`ALTER TABLE "${table}" SET TABLESPACE "${tablespace}"`);
      } else {
        database = await openDatabase({ dataDir: path.join(mountPoint, 'data') });
        await migrate(database.raw);
      }
      const log = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) });
      server = await startTestServer({ database, log, env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' } });
    }, 120_000);

    afterAll(async () => {
      rmSync(filler, { force: true });
      await server?.close();
      if (testDatabaseUrl) {
        for (const table of ['candidates', 'mail_outbox'])
          await database?.raw.query(`ALTER TABLE "${table}" SET TABLESPACE pg_default`).catch(() => {});
        await database?.close();
        const admin = await openDatabase({ databaseUrl: testDatabaseUrl, poolSize: 1 });
        await admin.raw.query(`DROP TABLESPACE IF EXISTS "${tablespace}"`).catch(() => {});
        await admin.close();
      } else {
        await database?.close();
      }
      execFileSync('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }, 60_000);

    let applications = 0;
    const apply = () => {
      applications += 1;
      return fetch(`${server.url}/api/v1/candidates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${applications}.1` },
        body: JSON.stringify({
          firstName: 'Volle',
          lastName: 'Platte',
          email: `platte-${applications}-${randomBytes(3).toString('hex')}@example.ch`,
          dateOfBirth: '1990-01-01',
          address: { street: 'Hardstrasse', houseNumber: '1', postalCode: '8005', city: 'Zürich', country: 'CH' },
          mobile: '',
          landLine: '',
          remarks: '',
          statutesRead: true,
        }),
      });
    };
    const diskFullCount = async () => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      return Number(/^club_disk_full_errors_total (\S+)$/m.exec(text)?.[1] ?? 0);
    };

    it('refuses every write with 503, a German sentence and Retry-After, logs one line, reports it on /readyz and in the metrics, and recovers at once', async () => {
      // The tables the application writes have no page yet: every insert must grow a file.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const countedBefore = await diskFullCount();
      fill(filler);

      const answers = [];
      for (let i = 0; i < 12; i++) {
        const res = await apply();
        answers.push({
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: (await res.json()) as { error: { code: string; message: string } },
        });
      }
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toBe('60');
        expect(answer.body.error).toEqual({
          code: 'DISK_FULL',
          message:
            'Der Speicherplatz der Website ist voll, deshalb konnte nichts gespeichert werden. Bitte versuchen Sie es später noch einmal.',
        });
      }
      const errors = lines.filter((l) => l.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toContain('Speicherplatz voll');
      expect(await diskFullCount()).toBe(countedBefore + 12);

      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { reason: string; checks: { disk: string; database: string } };
      expect(body.checks).toMatchObject({ database: 'ok', disk: 'failed' });
      expect(body.reason).toMatch(/^Der Speicherplatz ist voll/);
      // Reads go on.
      expect((await fetch(`${server.url}/api/v1/events`)).status).toBe(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      rmSync(filler);
      expect((await apply()).status).toBe(201);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // Nothing half-written: each stored application has its confirmation mail.
      const rows = await database.raw.query<{ candidates: number; mails: number }>(
        `SELECT (SELECT count(*)::int FROM "candidates" WHERE "lastName" = 'Platte') AS "candidates",
              (SELECT count(*)::int FROM "mail_outbox" WHERE "to" LIKE 'platte-%') AS "mails"`,
      );
      expect(rows[0]).toEqual({ candidates: 1, mails: 1 });
    }, 120_000);
  },
);

if (mountProblem !== null) {
  describe('a full disk', () => {
    it.skip(`cannot be tried here: mounting a tmpfs was refused (${mountProblem}); the test needs root`, () => {});
  });
}
