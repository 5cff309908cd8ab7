import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../lib/logger.ts';
import { enqueueMail, startOutboxWorker } from '../lib/outbox.ts';
import { createScratchDatabase, openTestDatabase, testDatabaseUrl } from '../test/db.ts';
import { createMember } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { loginAs } from '../test/login.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';

const concrete = (path: string) => `/api/v1${path.replace(/:[A-Za-z]+/g, '1')}`;

// PGlite runs inside the process: there is no connection to the database that could be cut.
describe.skipIf(!testDatabaseUrl)('the database going away (PostgreSQL only: PGlite has no connection to cut)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let direct: Database;
  let throughProxy: Database;
  let server: TestServer;
  let peer: SmtpPeer;
  let memberCookie: string;
  let boardCookie: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    direct = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    await migrate(direct.raw);
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    throughProxy = await openDatabase({ databaseUrl: proxy.url(scratch.url), poolSize: 10 });
    peer = await startSmtpPeer();
    server = await startTestServer({ database: throughProxy, env: { SMTP_URL: peer.url } });
    const member = await createMember(direct.prisma);
    const board = await createMember(direct.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
    boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await throughProxy?.close();
    await proxy?.close();
    await direct?.close();
    await peer?.close();
    await scratch?.drop();
  });

  it('while cut: every route answers 503 with Retry-After (the session read included), /healthz too, nothing stays unanswered; afterwards all works again', async () => {
    expect((await fetch(`${server.url}/api/v1/member/`, { headers: { cookie: memberCookie } })).status).toBe(200);
    proxy.cut();
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBeTruthy();
      const answers: { route: string; status: number; retryAfter: string | null; code?: string }[] = [];
      const requests = server.apiRoutes.flatMap((route) =>
        [memberCookie, boardCookie, ''].map(async (cookie) => {
          const res = await fetch(`${server.url}${concrete(route.path)}`, {
            method: route.method,
            headers: { cookie, 'content-type': 'application/json' },
            ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { body: '{}' }),
          });
          const body = route.method === 'HEAD' ? {} : ((await res.json().catch(() => ({}))) as { error?: { code?: string } });
          answers.push({
            route: `${route.method} ${route.path} ${cookie ? 'logged in' : 'visitor'}`,
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            ...(body.error?.code ? { code: body.error.code } : {}),
          });
        }),
      );
      const settled = await Promise.allSettled(requests);
      expect(
        settled.filter((s) => s.status === 'rejected'),
        'requests without an answer',
      ).toEqual([]);
      // Logged in: the session read needs the database. A visitor may be refused before it (401).
      const wrong = answers.filter(
        (a) => (a.route.endsWith('logged in') || a.status >= 500) && (a.status !== 503 || !a.retryAfter || a.code !== 'UNAVAILABLE'),
      );
      expect(wrong).toEqual([]);
      expect(answers.filter((a) => a.route.endsWith('visitor') && a.status >= 500 && a.status !== 503)).toEqual([]);
      const login = await fetch(`${server.url}/oauth/login`, { headers: { cookie: memberCookie }, redirect: 'manual' });
      expect(login.status).toBe(503);
    } finally {
      proxy.restore();
    }
    await vi.waitFor(async () => expect((await fetch(`${server.url}/healthz`)).status).toBe(200), { timeout: 10_000, interval: 100 });
    // The same session works again: nothing was lost while the database was away.
    expect((await fetch(`${server.url}/api/v1/member/`, { headers: { cookie: memberCookie } })).status).toBe(200);
    // The outbox keeps going: a mail written now is delivered.
    await enqueueMail(direct.prisma, { to: 'nach-ausfall@example.ch', subject: 'Nach dem Ausfall', text: 'Kommt an.' });
    await peer.waitFor((m) => m.to.includes('nach-ausfall@example.ch'));
  }, 120_000);

  it('the outbox worker survives the outage and delivers what waited, once', async () => {
    const worker = startOutboxWorker({
      db: throughProxy.prisma,
      log: createLogger('silent'),
      smtpUrl: peer.url,
      from: 'noreply@example.ch',
      intervalMs: 60_000,
    });
    try {
      proxy.cut();
      await enqueueMail(direct.prisma, { to: 'wartet@example.ch', subject: 'Wartet', text: 'Wartet auf die Datenbank.' });
      await expect(worker.runOnce()).rejects.toThrow();
      proxy.restore();
      let sent = 0;
      for (let i = 0; i < 50 && sent === 0; i++) sent = await worker.runOnce().catch(() => 0);
      await peer.waitFor((m) => m.to.includes('wartet@example.ch'));
      expect(await worker.runOnce()).toBe(0);
      expect(peer.messages.filter((m) => m.to.includes('wartet@example.ch'))).toHaveLength(1);
    } finally {
      proxy.restore();
      await worker.stop();
    }
  });
});

describe('SMTP refusing, then accepting', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('loses nothing and sends nothing twice', async () => {
    const peer = await startSmtpPeer(0, { refuseFirst: 2 });
    const worker = startOutboxWorker({
      db: database.prisma,
      log: createLogger('silent'),
      smtpUrl: peer.url,
      from: 'noreply@example.ch',
      intervalMs: 60_000,
    });
    try {
      for (const to of ['eins@example.ch', 'zwei@example.ch', 'drei@example.ch'])
        await enqueueMail(database.prisma, { to, subject: 'Hallo', text: 'Grüezi' });
      const due = () =>
        database.prisma.mailOutbox.updateMany({ where: { status: 'PENDING' }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      let sent = 0;
      for (let pass = 0; pass < 6 && sent < 3; pass++) {
        sent += await worker.runOnce();
        await due();
      }
      expect(sent).toBe(3);
      expect(await worker.runOnce()).toBe(0);
      const rows = await database.prisma.mailOutbox.findMany();
      expect(rows.every((r) => r.status === 'SENT')).toBe(true);
      for (const to of ['eins@example.ch', 'zwei@example.ch', 'drei@example.ch'])
        expect(
          peer.messages.filter((m) => m.to.includes(to)),
          to,
        ).toHaveLength(1);
    } finally {
      await worker.stop();
      await peer.close();
    }
  });
});
