import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { createScratchDatabase, testDatabaseUrl } from '../../test/db.ts';
import { loginAs } from '../../test/login.ts';
import { makePdf } from '../../test/pdf.ts';

/**
 * The whole way, as an operator goes it: the site runs (the real server process, with demo data
 * and a newsletter uploaded through the API), `pnpm backup` writes a backup while applications
 * keep coming in, `pnpm restore` puts it into a fresh database, and a site started on the restored
 * data has every member, invoice, reservation, login and newsletter of the moment of the backup.
 * On PGlite the backup goes through the running server's control socket.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(apiDir, 'node_modules/.bin/tsx');
const SECRET = randomBytes(32).toString('hex');
const STARTUP_LIMIT_MS = 240_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A command of the site (tsx), its exit code and output. */
function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [path.join(apiDir, 'src/cli', script), ...args], { cwd: apiDir, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

interface Site {
  url: string;
  stop(): Promise<void>;
}

/** The real server process (src/index.ts) until /readyz says ready. */
async function startSite(env: Record<string, string>): Promise<Site> {
  const port = await freePort();
  const child: ChildProcess = spawn(tsx, [path.join(apiDir, 'src/index.ts')], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '1',
      SESSION_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  // A first start creates the database and loads the demo data: on a busy machine that takes minutes.
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) return;
        const ready = await fetch(`${url}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (!ready) throw new Error(`the site did not become ready: ${log}`);
      },
      { timeout: STARTUP_LIMIT_MS, interval: 200 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.exitCode !== null) throw new Error(`the site stopped: ${log}`);
  return { url, stop };
}

interface Snapshot {
  members: unknown[];
  invoices: unknown[];
  reservations: unknown[];
  logins: unknown[];
  newsletters: { id: number; title: string; sha256: string }[];
  candidates: number;
}

/** What must come back, read straight from a database. */
async function snapshot(database: Database): Promise<Snapshot> {
  const q = database.raw.query.bind(database.raw);
  const [members, invoices, reservations, logins, newsletters, candidates] = await Promise.all([
    q('SELECT "id", "memberNumber", "username", "firstName", "lastName", "email", "dateOfBirth"::text FROM "members" ORDER BY "id"'),
    q('SELECT "id", "number", "memberId", "totalRappen", "status"::text, "debtorName", "paidRappen" FROM "invoices" ORDER BY "id"'),
    q('SELECT "id", "gameId", "memberId", "amount", "pricePerTicketRappen", "street" FROM "ticket_reservations" ORDER BY "id"'),
    q('SELECT "username", "passwordHash", "memberId" FROM "login_accounts" ORDER BY "username"'),
    q<{ id: number; title: string; sha256: string }>(
      `SELECT "id", "title", encode(sha256("content"), 'hex') AS "sha256" FROM "newsletters" ORDER BY "id"`,
    ),
    q<{ n: number }>('SELECT count(*)::int AS "n" FROM "candidates"'),
  ]);
  return { members, invoices, reservations, logins, newsletters, candidates: candidates[0]!.n };
}

/** 0 → a, 25 → z, 26 → ba: names take letters only. */
const letters = (n: number): string => (n >= 26 ? letters(Math.floor(n / 26)) : '') + String.fromCharCode(97 + (n % 26));

/** Sends membership applications one after another until stopped; returns how many were accepted. */
function applicationsWhile(url: string): { stop(): Promise<number> } {
  let running = true;
  let sent = 0;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const res = await fetch(`${url}/api/v1/candidates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i % 250}.1` },
        body: JSON.stringify({
          firstName: 'Sicherungslauf',
          lastName: `Waehrend ${letters(i)}`,
          email: `waehrend-${i}-${randomBytes(3).toString('hex')}@example.ch`,
          dateOfBirth: '1990-01-01',
          address: { street: 'Hardstrasse', houseNumber: '1', postalCode: '8005', city: 'Zürich', country: 'CH' },
          mobile: '',
          landLine: '',
          remarks: '',
          statutesRead: true,
        }),
      });
      if (res.status === 201) sent += 1;
      else if (res.status !== 429) throw new Error(`application answered ${res.status}: ${await res.text()}`);
      else await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return sent;
    },
  };
}

describe(`backup and restore of the ${testDatabaseUrl ? 'PostgreSQL' : 'embedded'} database`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-backup-test-'));
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  /** A database for the site: a data directory, or a scratch PostgreSQL database. */
  async function place(name: string): Promise<{ env: Record<string, string>; open(): Promise<Database> }> {
    const dataDir = path.join(dir, name);
    // DATABASE_URL always explicit: the commands must never fall back to the tests' own server.
    if (!testDatabaseUrl) return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDatabase({ dataDir }) };
    const scratch = await createScratchDatabase();
    cleanup.push(() => scratch.drop());
    return { env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url }, open: () => openDatabase({ databaseUrl: scratch.url, poolSize: 2 }) };
  }

  it('a backup taken while the site runs and writes, restored into a fresh database, brings every member, invoice, reservation, login and newsletter back', async () => {
    const source = await place('source');
    const site = await startSite({ ...source.env, DEMO_DATA: 'true' });
    cleanup.push(() => site.stop());

    // A newsletter uploaded through the API, as the board does it.
    const board = await loginAs(site.url, 'vorstand', 'vorstand');
    const pdf = await makePdf('Newsletter vor der Sicherung');
    const form = new FormData();
    form.set('title', 'Vor der Sicherung');
    form.set('publicationDate', '2026-11-20');
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'vor-der-sicherung.pdf');
    const upload = await fetch(`${site.url}/api/v1/admin/newsletters`, { method: 'POST', headers: { cookie: board.cookie }, body: form });
    expect(upload.status).toBe(201);
    const uploadedId = ((await upload.json()) as { data: { id: number } }).data.id;

    const file = path.join(dir, 'club.backup');
    const writes = applicationsWhile(site.url);
    const backup = await runCli('backup.ts', ['--out', file], source.env);
    const sent = await writes.stop();
    expect(backup.out).toContain('Sicherung geschrieben');
    expect(backup.out).toContain(testDatabaseUrl ? 'pg_dump' : 'von der laufenden Website');
    expect(backup.code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('.partial'))).toEqual([]);

    await site.stop();
    const before = await source.open();
    const expected = await snapshot(before);
    await before.close();
    expect(expected.members.length).toBeGreaterThan(30);
    expect(expected.invoices.length).toBeGreaterThan(10);
    expect(expected.reservations.length).toBeGreaterThan(5);
    expect(expected.logins.length).toBeGreaterThan(30);
    expect(expected.newsletters.some((n) => n.id === uploadedId && n.sha256 === createHash('sha256').update(pdf).digest('hex'))).toBe(true);

    const target = await place('restored');
    const restore = await runCli('restore.ts', ['--in', file], target.env);
    expect(restore.out).toContain('Wiederhergestellt');
    expect(restore.code).toBe(0);
    // Restoring again: the database is no longer empty.
    const again = await runCli('restore.ts', ['--in', file], target.env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/nicht leer|liegt schon eine Datenbank/);
    // A backup of the other kind is refused before anything is touched.
    if (testDatabaseUrl) {
      const wrongKind = await runCli('restore.ts', ['--in', file], { DATA_DIR: path.join(dir, 'other'), DATABASE_URL: '' });
      expect(wrongKind.code).toBe(1);
      expect(wrongKind.out).toContain('PostgreSQL-Sicherung');
    }

    const restoredDb = await target.open();
    const restored = await snapshot(restoredDb);
    // Every application sent while the backup ran is there with its confirmation mail, or neither is.
    const torn = await restoredDb.raw.query<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "candidates" c
        WHERE c."firstName" = 'Sicherungslauf' AND NOT EXISTS (SELECT 1 FROM "mail_outbox" o WHERE o."to" = c."email")`,
    );
    await restoredDb.close();
    expect(restored.members).toEqual(expected.members);
    expect(restored.invoices).toEqual(expected.invoices);
    expect(restored.reservations).toEqual(expected.reservations);
    expect(restored.logins).toEqual(expected.logins);
    expect(restored.newsletters).toEqual(expected.newsletters);
    expect(torn[0]!.n).toBe(0);
    expect(restored.candidates).toBeLessThanOrEqual(expected.candidates);
    expect(sent).toBeGreaterThan(0);

    // The site on the restored data: the real login works, and the member finds their data.
    const second = await startSite(target.env);
    cleanup.push(() => second.stop());
    const member = await loginAs(second.url, 'mitglied', 'mitglied');
    const own = (await (await fetch(`${second.url}/api/v1/member/?expands=*`, { headers: { cookie: member.cookie } })).json()) as {
      data: { id: number; invoices: { number: string }[]; ticketReservations: { id: number }[] };
    };
    const mine = (list: unknown[]) => (list as { memberId: number }[]).filter((r) => r.memberId === own.data.id);
    expect(own.data.invoices.map((i) => i.number).sort()).toEqual(
      (mine(expected.invoices) as unknown as { number: string; status: string }[])
        .filter((i) => i.status !== 'CANCELLED')
        .map((i) => i.number)
        .sort(),
    );
    expect(own.data.ticketReservations.map((r) => r.id).sort()).toEqual(
      (mine(expected.reservations) as unknown as { id: number }[]).map((r) => r.id).sort(),
    );
    const newsletter = await fetch(`${second.url}/api/v1/newsletters/${uploadedId}.pdf`, { headers: { cookie: member.cookie } });
    expect(newsletter.status).toBe(200);
    expect(Buffer.from(await newsletter.arrayBuffer()).equals(pdf)).toBe(true);
    const boardAgain = await loginAs(second.url, 'vorstand', 'vorstand');
    const search = await fetch(`${second.url}/api/v1/admin/members/?pageSize=1`, { headers: { cookie: boardAgain.cookie } });
    expect(Number(search.headers.get('x-total-count'))).toBe(expected.members.length);
    await second.stop();

    // --force replaces a database that is not empty (the embedded one is kept beside it).
    const forced = await runCli('restore.ts', ['--in', file, '--force'], target.env);
    expect(forced.out).toContain('Wiederhergestellt');
    expect(forced.code).toBe(0);
    if (!testDatabaseUrl)
      expect(readdirSync(path.join(dir, 'restored')).some((f) => f.startsWith('pglite.vor-wiederherstellung-'))).toBe(true);
  }, 900_000);

  it.skipIf(Boolean(testDatabaseUrl))(
    'the embedded database is backed up directly while the site is stopped, and restore refuses while a site runs',
    async () => {
      const source = await place('stopped');
      const site = await startSite({ ...source.env, DEMO_DATA: 'false' });
      cleanup.push(() => site.stop());
      const live = path.join(dir, 'live.backup');
      expect((await runCli('backup.ts', ['--out', live], source.env)).code).toBe(0);
      // While it runs nobody else may open its files: restore into it is refused.
      const refused = await runCli('restore.ts', ['--in', live, '--force'], source.env);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('Bitte die Website zuerst anhalten');
      await site.stop();
      const file = path.join(dir, 'stopped.backup');
      const backup = await runCli('backup.ts', ['--out', file], source.env);
      expect(backup.out).toContain('Website angehalten');
      expect(backup.code).toBe(0);
    },
    600_000,
  );
});
