import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate, readMigrations } from '../../db/migrate.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { createScratchDatabase, openTestDatabase, testDatabaseUrl } from '../../test/db.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { client, loggedIn, seedGame } from '../tickets/tickets.test-support.ts';
import { checkReadiness, OUTBOX_STUCK_SECONDS } from './readiness.ts';
import { DiskFullWatch } from '../../lib/disk-full.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((w) => present.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe('/healthz, /readyz and /metrics', () => {
  let server: TestServer;
  const metrics = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('when everything is in order, then /healthz and /readyz answer 200 and say which checks passed', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    // Without SMTP_URL mails stay in the outbox by design: the outbox is not checked.
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', outbox: 'skipped', disk: 'ok' } });
  });

  it('when a migration of this build is not applied, then /readyz answers 503 naming it, and 200 once it is', async () => {
    const last = readMigrations().at(-1)!.name;
    const db = server.database.prisma;
    await db.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = now() WHERE "migration_name" = ${last}`;
    try {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const body = (await res.json()) as { status: string; reason: string; checks: Record<string, string> };
      expect(body.status).toBe('not ready');
      expect(body.reason).toBe(`Nicht angewendete Migrationen: ${last}.`);
      expect(body.checks).toMatchObject({ database: 'ok', migrations: 'failed' });
    } finally {
      await db.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "migration_name" = ${last}`;
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('when no METRICS_TOKEN is configured, then /metrics does not exist (404), whatever is sent', async () => {
    const plain = await startTestServer();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const res = await fetch(`${plain.url}/metrics`, { headers });
        expect(res.status).toBe(404);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
      }
    } finally {
      await plain.close();
    }
  });

  it('when the token is missing or wrong, then /metrics answers 401 and shows nothing', async () => {
    for (const authorization of [undefined, 'Bearer falsch', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('http_requests_total');
    }
  });

  it('counts and times each request by route pattern and status, and shows process, outbox, pool and invoice figures', async () => {
    const before = await metrics();
    const labels = { method: 'GET', route: '/api/v1/events/:id', status: '404' };
    for (let i = 0; i < 3; i++) expect((await client(server.url)('GET', `/events/${990_000 + i}`)).status).toBe(404);
    await enqueueMail(server.database.prisma, { to: 'wartet@example.ch', subject: 'Wartet', text: 'Ohne SMTP bleibt sie im Postausgang.' });
    const after = await metrics();
    // Three paths, one route pattern: the label does not grow with the ids clients send.
    expect(sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels)).toBe(3);
    expect(
      sample(after, 'http_request_duration_seconds_count', labels) - sample(before, 'http_request_duration_seconds_count', labels),
    ).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(after, 'http_request_duration_seconds_count', labels),
    );
    expect(after).not.toContain('/api/v1/events/990000');
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(after, 'club_mail_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^club_mail_outbox_oldest_pending_age_seconds \d+$/m);
    if (testDatabaseUrl) {
      expect(sample(after, 'club_db_pool_connections', { state: 'max' })).toBe(20);
      expect(sample(after, 'club_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } else {
      // The embedded database is one connection inside the process: no pool to show.
      expect(after).not.toMatch(/^club_db_pool_connections\{/m);
    }
    // /metrics itself is counted under its own route (the scrape before this one).
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a ticket reservation as created, a refused one not', async () => {
    const game = await seedGame(server.database, { quota: 1, perMember: 1 });
    const member = await loggedIn(server.url, server.database);
    const before = sample(await metrics(), 'club_ticket_reservations_created_total');
    const path = `/games/${game.gameId}/deliveryoptions/${game.optionIds[0]}/ticketreservations/`;
    expect((await member.call('POST', path, { amount: 1 })).status).toBe(201);
    expect((await member.call('POST', path, { amount: 1 })).status).toBe(409);
    expect(sample(await metrics(), 'club_ticket_reservations_created_total') - before).toBe(1);
  });
});

describe('readiness of the outbox', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('with SMTP configured, a mail due for longer than ten minutes means the outbox is stuck; without SMTP mails may wait', async () => {
    const migrations = readMigrations().map((m) => m.name);
    const now = new Date();
    const ready = (smtpConfigured: boolean) => checkReadiness({ database, migrations, smtpConfigured, now, diskFull: new DiskFullWatch() });
    expect(await ready(true)).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', outbox: 'ok', disk: 'ok' } });
    const dueSince = new Date(now.getTime() - (OUTBOX_STUCK_SECONDS + 60) * 1000);
    await database.prisma.mailOutbox.create({
      data: { to: 'haengt@example.ch', subject: 'Hängt', text: '…', createdAt: dueSince, nextAttemptAt: dueSince },
    });
    const stuck = await ready(true);
    expect(stuck.ready).toBe(false);
    expect(stuck.checks.outbox).toBe('failed');
    expect(stuck.reason).toBe('Der Postausgang steht: 1 Mails warten, die älteste fällige seit 11 Minuten.');
    expect((await ready(false)).ready).toBe(true);
    // A mail that is merely being retried later (SMTP refused it) is not stuck.
    await database.prisma.mailOutbox.updateMany({ data: { nextAttemptAt: new Date(now.getTime() + 60_000) } });
    expect((await ready(true)).ready).toBe(true);
  });
});

// PGlite runs inside the process: there is no connection to the database that could be cut.
describe.skipIf(!testDatabaseUrl)('/readyz while the database is cut (PostgreSQL only)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let direct: Database;
  let throughProxy: Database;
  let server: TestServer;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    direct = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    await migrate(direct.raw);
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    throughProxy = await openDatabase({ databaseUrl: proxy.url(scratch.url), poolSize: 4 });
    server = await startTestServer({ database: throughProxy });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await throughProxy?.close();
    await proxy?.close();
    await direct?.close();
    await scratch?.drop();
  });

  it('answers 503 with the reason while the database is away and 200 once it is back', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    proxy.cut();
    try {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        status: 'not ready',
        reason: 'Die Datenbank ist nicht erreichbar.',
        checks: { database: 'failed', migrations: 'skipped', outbox: 'skipped', disk: 'ok' },
      });
    } finally {
      proxy.restore();
    }
    await vi.waitFor(async () => expect((await fetch(`${server.url}/readyz`)).status).toBe(200), { timeout: 10_000, interval: 100 });
  });
});

// The embedded database has no connection to cut: it goes away for the site when its one
// connection is held (a statement or transaction that does not end), and comes back when that ends.
describe.skipIf(Boolean(testDatabaseUrl))('/readyz while the embedded database does not answer (PGlite only)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 with the reason while the database is held and 200 once it is free again', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const started = new Promise<void>((resolve) => (holding = resolve));
    const transaction = server.database.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        holding();
        await held;
      },
      { maxWait: 60_000, timeout: 120_000 },
    );
    await started;
    try {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        status: 'not ready',
        reason: 'Die Datenbank ist nicht erreichbar.',
        checks: { database: 'failed', migrations: 'skipped', outbox: 'skipped', disk: 'ok' },
      });
    } finally {
      release();
    }
    await transaction;
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 60_000);
});
