import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { fromIsoDate } from '../../lib/dates.ts';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { client, loggedIn, type Call } from '../tickets/tickets.test-support.ts';
import { runNightlyRetention, runRetention } from './retention.service.ts';

/**
 * Retention (nDSG) over a real database: who the nightly run anonymises (and who not), what is
 * left of them, that a second run changes nothing, the board's overview and the right to erasure.
 */
const DAY = 86_400_000;

let server: TestServer;
let db: Db;
let board: { id: number; call: Call };
const ctx = () => ({ db, log: createLogger('silent'), actor: null, now: new Date() });

async function season(from: string, to: string): Promise<number> {
  return (await db.season.create({ data: { name: unique('S '), validFrom: fromIsoDate(from), validTo: fromIsoDate(to) } })).id;
}

async function member(options: { lastName: string; seasons?: number[]; board?: boolean }) {
  const m = await createMember(db, {
    lastName: options.lastName,
    firstName: 'Hanna',
    roles: options.board ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'],
  });
  for (const seasonId of options.seasons ?? []) {
    const s = await db.season.findUniqueOrThrow({ where: { id: seasonId } });
    await db.membership.create({ data: { memberId: m.id, seasonId, validFrom: s.validFrom, validTo: s.validTo } });
  }
  return m;
}

let invoiceNumber = 90_000;
async function invoice(memberId: number, date: string, status: 'OPEN' | 'PAID', debtorName: string) {
  invoiceNumber += 1;
  return db.invoice.create({
    data: {
      number: `2010-${invoiceNumber}`,
      memberId,
      kind: 'OTHER',
      title: 'Beitrag',
      invoiceDate: fromIsoDate(date),
      dueDate: fromIsoDate(date),
      totalRappen: 5000,
      status,
      reference: `RF${invoiceNumber}`,
      debtorName,
      street: 'Limmatstrasse',
      postalCode: '8005',
      city: 'Zürich',
      paidRappen: status === 'PAID' ? 5000 : 0,
    },
  });
}

/** Everything about a member that must stay as it is when the run is not meant for them. */
async function stateOf(memberId: number) {
  return db.member.findUnique({
    where: { id: memberId },
    include: { addresses: true, phones: true, loginAccount: true, memberships: true, invoices: true, roles: true },
  });
}

let past: number;
let recent: number;
let current: number;
const m: Record<string, Awaited<ReturnType<typeof member>>> = {};

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.prisma;
  board = await loggedIn(server.url, server.database, true);
  const now = new Date();
  past = await season('2010-05-01', '2011-04-30');
  recent = await season('2017-05-01', '2018-04-30');
  const y = now.getUTCFullYear() - (now.getUTCMonth() < 4 ? 1 : 0);
  current = await season(`${y}-05-01`, `${y + 1}-04-30`);

  m.gone = await member({ lastName: 'Vergangen', seasons: [past] });
  m.back = await member({ lastName: 'Zurueck', seasons: [past, recent] });
  m.board = await member({ lastName: 'Vorstaendig', seasons: [past], board: true });
  m.owing = await member({ lastName: 'Schuldig', seasons: [past] });
  m.never = await member({ lastName: 'Ohnemitgliedschaft' });
  m.active = await member({ lastName: 'Aktiv', seasons: [past, current] });

  // What the site holds about the member who goes.
  const paid = await invoice(m.gone!.id, '2010-05-11', 'PAID', 'Hanna Vergangen');
  await db.payment.create({
    data: {
      source: 'MANUAL',
      invoiceId: paid.id,
      outcome: 'MATCHED',
      amountRappen: 5000,
      bookingDate: fromIsoDate('2010-06-01'),
      debtorName: 'Hanna Vergangen',
      debtorAccount: 'CH9300762011623852957',
    },
  });
  await invoice(m.owing!.id, '2010-05-11', 'OPEN', 'Hanna Schuldig');
  await invoice(m.back!.id, '2010-05-11', 'PAID', 'Hanna Zurueck');
  await db.emailChangeRequest.create({
    data: { memberId: m.gone!.id, newEmail: 'neu-vergangen@example.ch', tokenHash: unique('t'), expiresAt: new Date(now.getTime() + DAY) },
  });
  await db.contactMessage.create({
    data: { recipientType: 'VORSTAND', senderName: 'Hanna Vergangen', senderEmail: m.gone!.email, message: 'Hallo', memberId: m.gone!.id },
  });
  await db.mailOutbox.create({ data: { to: m.gone!.email, subject: 'Willkommen Hanna Vergangen', text: '…' } });
  await db.candidate.create({
    data: {
      applicationDate: fromIsoDate('2010-04-01'),
      status: 'ACCEPTED',
      firstName: 'Hanna',
      lastName: 'Vergangen',
      email: m.gone!.email,
      dateOfBirth: fromIsoDate('1990-03-15'),
      street: 'Limmatstrasse',
      postalCode: '8005',
      city: 'Zürich',
      memberId: m.gone!.id,
    },
  });
  await db.auditLog.create({
    data: {
      actorId: board.id,
      action: 'member.updated',
      entity: 'member',
      entityId: String(m.gone!.id),
      data: { changes: [{ field: 'lastName', before: 'Vergangenheit', after: 'Vergangen' }], addressId: 7 },
    },
  });
  // Applications: rejected seven and five months ago, and an open one from long ago.
  const application = (lastName: string, status: 'REJECTED' | 'PENDING', decidedDaysAgo: number | null) =>
    db.candidate.create({
      data: {
        applicationDate: fromIsoDate('2020-01-01'),
        status,
        firstName: 'Abgelehnt',
        lastName,
        email: `${unique('a')}@example.ch`,
        dateOfBirth: fromIsoDate('1990-01-01'),
        street: 'Weg',
        postalCode: '8000',
        city: 'Zürich',
        decidedAt: decidedDaysAgo === null ? null : new Date(now.getTime() - decidedDaysAgo * DAY),
      },
    });
  await application('Siebenmonate', 'REJECTED', 214);
  await application('Fuenfmonate', 'REJECTED', 150);
  await application('Offen', 'PENDING', null);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('retention (nDSG)', () => {
  it('shows the board what the next run anonymises: only former members past the period, not on the board, open invoices held back', async () => {
    const res = await board.call('GET', '/admin/members/retention');
    expect(res.status).toBe(200);
    const preview = res.body.data;
    expect(preview.retentionYears).toBe(10);
    expect(preview.members.map((x: { id: number }) => x.id)).toEqual([m.gone!.id]);
    expect(preview.members[0]).toMatchObject({ firstName: 'Hanna', lastName: 'Vergangen', lastMembershipEnd: '2011-04-30' });
    expect(preview.heldBack.map((x: { id: number }) => x.id)).toEqual([m.owing!.id]);
    expect(preview.rejectedApplications).toBe(1);
    expect(new Date(preview.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect(preview.lastRun).toBeNull();
    expect((await client(server.url)('GET', '/admin/members/retention')).status).toBe(401);
    expect((await (await loggedIn(server.url, server.database)).call('GET', '/admin/members/retention')).status).toBe(403);
  });

  it('anonymises exactly those members, keeps ids, memberships and the invoices the books need, and deletes old rejected applications', async () => {
    const others = ['back', 'board', 'owing', 'never', 'active'].map((k) => m[k]!.id);
    const before = await Promise.all(others.map(stateOf));
    const result = await runNightlyRetention(ctx(), { years: 10 });
    expect(result).toEqual({ anonymised: [m.gone!.id], applicationsDeleted: 1, invoicesAnonymised: 1 });
    expect(await Promise.all(others.map(stateOf))).toEqual(before);

    const gone = await db.member.findUniqueOrThrow({
      where: { id: m.gone!.id },
      include: {
        addresses: true,
        phones: true,
        loginAccount: true,
        emailChanges: true,
        memberships: true,
        roles: true,
        ticketReservations: true,
      },
    });
    expect(gone).toMatchObject({
      firstName: 'Anonymisiert',
      username: `anonym-${m.gone!.id}`,
      email: '',
      dateOfBirth: null,
      oidcSubject: null,
    });
    expect(gone.lastName).toMatch(/^Nr\. \d+$/);
    expect(gone.anonymisedAt).not.toBeNull();
    expect(gone.addresses).toEqual([]);
    expect(gone.phones).toEqual([]);
    expect(gone.loginAccount).toBeNull();
    expect(gone.emailChanges).toEqual([]);
    expect(gone.memberships).toHaveLength(1);
    expect(await db.contactMessage.count({ where: { memberId: m.gone!.id } })).toBe(0);
    expect(await db.candidate.count({ where: { lastName: 'Vergangen' } })).toBe(0);
    expect(await db.mailOutbox.count({ where: { to: m.gone!.email } })).toBe(0);
    // The invoice is older than the bookkeeping period: its debtor copy goes too; the amounts stay.
    const [inv] = await db.invoice.findMany({ where: { memberId: m.gone!.id }, include: { payments: true } });
    expect(inv).toMatchObject({ debtorName: 'Anonymisiert', street: '', city: '', totalRappen: 5000, status: 'PAID' });
    expect(inv!.payments[0]).toMatchObject({ debtorName: '', debtorAccount: '', amountRappen: 5000 });
    // Audit rows keep ids, not names.
    const audit = await db.auditLog.findMany({ where: { entity: 'member', entityId: String(m.gone!.id) }, orderBy: { id: 'asc' } });
    expect(JSON.stringify(audit.map((a) => a.data))).not.toMatch(/Vergangen/);
    expect(audit[0]).toMatchObject({ action: 'member.updated', actorId: board.id, data: { addressId: 7, anonymised: true } });
    expect(audit.at(-1)).toMatchObject({
      action: 'member.anonymised',
      data: { reason: 'retention', retentionYears: 10, lastMembershipEnd: '2011-04-30' },
    });
    // Applications: the one rejected seven months ago is gone, the younger and the open one stay.
    expect(
      (await db.candidate.findMany({ where: { firstName: 'Abgelehnt' }, select: { lastName: true } })).map((c) => c.lastName).sort(),
    ).toEqual(['Fuenfmonate', 'Offen']);
    // The other invoice of a kept member keeps its debtor.
    expect((await db.invoice.findFirstOrThrow({ where: { memberId: m.back!.id } })).debtorName).toBe('Hanna Zurueck');
  });

  it('changes nothing when it runs again, and runs once a day however many instances ask', async () => {
    const tables = async () => ({
      members: await db.member.findMany({ orderBy: { id: 'asc' } }),
      invoices: await db.invoice.findMany({ orderBy: { id: 'asc' } }),
      audit: await db.auditLog.count(),
      candidates: await db.candidate.count(),
    });
    const before = await tables();
    expect(await runRetention(ctx(), { years: 10 })).toEqual({ anonymised: [], applicationsDeleted: 0, invoicesAnonymised: 0 });
    expect(await runNightlyRetention(ctx(), { years: 10 })).toBeNull();
    expect(await tables()).toEqual(before);
    const preview = (await board.call('GET', '/admin/members/retention')).body.data;
    expect(preview.members).toEqual([]);
    expect(preview.lastRun).toMatchObject({ anonymised: 1, applicationsDeleted: 1 });
    expect(preview.lastRun.finishedAt).not.toBeNull();
  });

  it('lets the board anonymise a former member on request, with an audit row; the login stops working', async () => {
    const lastYear = await season('2024-05-01', '2025-04-30');
    const leaving = await member({ lastName: 'Loeschwunsch', seasons: [lastYear] });
    await invoice(leaving.id, '2024-05-11', 'PAID', 'Hanna Loeschwunsch');
    expect((await loginAs(server.url, leaving.username, leaving.password)).cookie).toBeTruthy();

    const res = await board.call('POST', `/admin/members/${leaving.id}/anonymisation`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: leaving.id, firstName: 'Anonymisiert', email: '', dateOfBirth: null, hasLogin: false });
    expect(res.body.data.anonymisedAt).toBeTruthy();
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'member.anonymised', entityId: String(leaving.id) } });
    expect(audit).toMatchObject({ actorId: board.id, entity: 'member', data: { reason: 'request' } });
    // Within the bookkeeping period the invoice keeps its frozen debtor copy.
    expect((await db.invoice.findFirstOrThrow({ where: { memberId: leaving.id } })).debtorName).toBe('Hanna Loeschwunsch');
    await expect(loginAs(server.url, leaving.username, leaving.password)).rejects.toThrow();

    const again = await board.call('POST', `/admin/members/${leaving.id}/anonymisation`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Dieses Mitglied ist bereits anonymisiert.');
  });

  it('refuses with 409 a board member, a running membership and open invoices; 404 for nobody; visitors 401, members 403', async () => {
    const refusals: [number, RegExp][] = [
      [m.board!.id, /Vorstandsrolle entfernen/],
      [m.active!.id, /laufende Mitgliedschaft/],
      [m.owing!.id, /offene Rechnungen/],
    ];
    for (const [id, message] of refusals) {
      const before = await stateOf(id);
      const res = await board.call('POST', `/admin/members/${id}/anonymisation`);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(message);
      expect(await stateOf(id)).toEqual(before);
    }
    expect((await board.call('POST', '/admin/members/999999/anonymisation')).status).toBe(404);
    expect((await client(server.url)('POST', `/admin/members/${m.never!.id}/anonymisation`)).status).toBe(401);
    expect((await (await loggedIn(server.url, server.database)).call('POST', `/admin/members/${m.never!.id}/anonymisation`)).status).toBe(
      403,
    );
    expect((await stateOf(m.never!.id))?.anonymisedAt).toBeNull();
  });
});
