import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, seasonDates, seasonYearOf, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { createMember, unique, type CreatedMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { call, expectGerman, HOSTILE_TEXTS, validAddress } from './members.test-support.ts';
import { seedGame } from '../tickets/tickets.test-support.ts';

let server: TestServer;
let board: CreatedMember;
let boardCookie: string;
let memberCookie: string;
let currentSeason: { id: number; name: string; validFrom: Date; validTo: Date };
let lastSeason: { id: number; name: string; validFrom: Date; validTo: Date };
let nextSeason: { id: number; name: string; validFrom: Date; validTo: Date };

const db = () => server.database.prisma;
const today = () => zurichToday(new Date());
const asBoard = (method: string, path: string, body?: unknown) => call(server.url, method, path, { cookie: boardCookie, body });

beforeAll(async () => {
  server = await startTestServer();
  board = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'], firstName: 'Viktor', lastName: 'Vorstand' });
  const member = await createMember(db());
  ({ cookie: boardCookie } = await loginAs(server.url, board.username, board.password));
  ({ cookie: memberCookie } = await loginAs(server.url, member.username, member.password));
  const year = seasonYearOf(today());
  [lastSeason, currentSeason, nextSeason] = (await Promise.all(
    [year - 1, year, year + 1].map((y) =>
      db().season.create({ data: seasonDates(y), select: { id: true, name: true, validFrom: true, validTo: true } }),
    ),
  )) as [typeof currentSeason, typeof currentSeason, typeof currentSeason];
});
afterAll(async () => {
  await server?.close();
});

/** Everything the board could change about a member, to prove that nothing was written. */
async function snapshot(memberId: number) {
  const [member, phones, addresses, memberships, roles, audit] = await Promise.all([
    db().member.findUniqueOrThrow({
      where: { id: memberId },
      select: { firstName: true, lastName: true, email: true, dateOfBirth: true, updatedAt: true },
    }),
    db().phone.findMany({ where: { memberId }, orderBy: { id: 'asc' } }),
    db().address.findMany({ where: { memberId }, orderBy: { id: 'asc' } }),
    db().membership.findMany({ where: { memberId }, orderBy: { id: 'asc' } }),
    db().memberRole.findMany({ where: { memberId }, orderBy: { role: 'asc' } }),
    db().auditLog.count({ where: { entity: 'member', entityId: String(memberId) } }),
  ]);
  return { member, phones, addresses, memberships, roles, audit };
}

const auditOf = (memberId: number) =>
  db().auditLog.findMany({ where: { entity: 'member', entityId: String(memberId) }, orderBy: { id: 'asc' } });

describe('permissions on /api/v1/admin/members', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/members/?q=a'],
    ['GET', '/api/v1/admin/members/1?expands=*'],
    ['PUT', '/api/v1/admin/members/1', { firstName: 'A', lastName: 'B', email: 'a@b.ch', dateOfBirth: null }],
    ['PUT', '/api/v1/admin/members/1/phones', { landLine: null, mobile: null }],
    ['POST', '/api/v1/admin/members/1/memberships', { seasonId: 1 }],
    ['PUT', '/api/v1/admin/members/1/memberships/1', { validTo: '2026-01-01' }],
    ['PUT', '/api/v1/admin/members/1/addresses/1', validAddress],
    ['PUT', '/api/v1/admin/members/1/roles', { roles: ['MEMBER'] }],
  ];
  it.each(routes)('when a visitor calls %s %s, then 401', async (method, path, body) => {
    const res = await call(server.url, method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('NOT_LOGGED_IN');
  });
  it.each(routes)('when a member without the board role calls %s %s, then 403 and nothing changes', async (method, path, body) => {
    const before = await db().auditLog.count();
    const res = await call(server.url, method, path, { cookie: memberCookie, body });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(await db().auditLog.count()).toBe(before);
  });
});

describe('GET /api/v1/admin/members/?q= (search)', () => {
  const tag = unique('Qz').replace(/[0-9]/g, 'x');
  let people: Record<string, CreatedMember> = {};

  beforeAll(async () => {
    const make = async (key: string, firstName: string, lastName: string, username: string) => {
      people[key] = await createMember(db(), {
        firstName,
        lastName: `${lastName}${tag}`,
        username: `${username}.${tag.toLowerCase()}`,
        email: `${username}.${tag.toLowerCase()}@mail.example`,
      });
    };
    people = {};
    await make('anna', 'Anna', 'Brunner', 'abrunner');
    await make('beat', 'Beat', 'Aebischer', 'beat_ae');
    await make('carla', 'Carla', 'Brunner', 'cb');
    await make('percent', 'Dora', 'Prozent', 'd100');
    await make('umlaut', 'Jürg', 'Kälin', 'jkaelin');
    // Beat and Carla are members this season; Anna only was last season.
    await db().membership.create({
      data: { memberId: people.beat!.id, seasonId: currentSeason.id, validFrom: currentSeason.validFrom, validTo: currentSeason.validTo },
    });
    await db().membership.create({
      data: { memberId: people.carla!.id, seasonId: currentSeason.id, validFrom: currentSeason.validFrom, validTo: currentSeason.validTo },
    });
    await db().membership.create({
      data: { memberId: people.anna!.id, seasonId: lastSeason.id, validFrom: lastSeason.validFrom, validTo: lastSeason.validTo },
    });
    // Carla moved: her current address is in Winterthur.
    await db().address.updateMany({ where: { memberId: people.carla!.id }, data: { current: false, validTo: fromIsoDate('2024-12-31') } });
    await db().address.create({
      data: {
        memberId: people.carla!.id,
        street: 'Marktgasse',
        postalCode: '8400',
        city: 'Winterthur',
        validFrom: fromIsoDate('2025-01-01'),
        current: true,
      },
    });
  });

  const search = (query: string) => asBoard('GET', `/api/v1/admin/members/?${query}`);
  const ids = (res: { body: { data: { data: { id: number } }[] } }) => res.body.data.map((d) => d.data.id);

  it('when the board searches a part of a last name, then the matching members come sorted by last name, first name with city and active', async () => {
    const res = await search(`q=${encodeURIComponent(`brunner${tag}`)}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([people.anna!.id, people.carla!.id]);
    expect(res.body.data[0].data).toEqual({
      id: people.anna!.id,
      memberNumber: expect.any(Number),
      firstName: 'Anna',
      lastName: `Brunner${tag}`,
      username: `abrunner.${tag.toLowerCase()}`,
      email: `abrunner.${tag.toLowerCase()}@mail.example`,
      city: 'Zürich',
      active: false,
    });
    expect(res.body.data[1].data).toMatchObject({ city: 'Winterthur', active: true });
    expect(res.body.page).toEqual({ page: 1, pageSize: 25, total: 2, totalPages: 1 });
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('when the board types a name without its accents or umlauts, then the search still finds it', async () => {
    expect(ids(await search(`q=${encodeURIComponent(`kalin${tag}`)}`))).toEqual([people.umlaut!.id]);
    expect(ids(await search(`q=${encodeURIComponent(`JURG KÄLIN${tag}`)}`))).toEqual([people.umlaut!.id]);
    expect(ids(await search(`q=${encodeURIComponent(`kälin${tag}`)}`))).toEqual([people.umlaut!.id]);
  });

  it('when the board searches by first name and last name together, then every word must match (any case)', async () => {
    const res = await search(`q=${encodeURIComponent(`CARLA ${tag.toUpperCase()}`)}`);
    expect(ids(res)).toEqual([people.carla!.id]);
  });

  it('finds by username, by e-mail and by member number', async () => {
    expect(ids(await search(`q=${encodeURIComponent(`beat_ae.${tag}`)}`))).toEqual([people.beat!.id]);
    expect(ids(await search(`q=${encodeURIComponent(`cb.${tag.toLowerCase()}@mail`)}`))).toEqual([people.carla!.id]);
    const row = await db().member.findUniqueOrThrow({ where: { id: people.beat!.id } });
    const byNumber = await search(`q=${row.memberNumber}`);
    expect(ids(byNumber)).toContain(people.beat!.id);
    expect(ids(await search(`q=%23${row.memberNumber}%20${tag}`))).toEqual([people.beat!.id]);
  });

  it('takes % and _ in the query literally', async () => {
    expect(ids(await search(`q=${encodeURIComponent(`beat_ae.${tag}`)}`))).toEqual([people.beat!.id]);
    expect(ids(await search(`q=${encodeURIComponent(`b%t ${tag}`)}`))).toEqual([]);
    expect(ids(await search(`q=${encodeURIComponent(`_${tag}`)}`))).toEqual([]);
  });

  it.each(HOSTILE_TEXTS)('when the query is %s, then the search answers normally and changes nothing', async (q) => {
    const before = await db().member.count();
    const res = await search(`q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(await db().member.count()).toBe(before);
  });

  it('when the query is empty, then everyone is listed page by page, sorted by last name, first name', async () => {
    const total = await db().member.count();
    const first = await search('q=&page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.page).toEqual({ page: 1, pageSize: 2, total, totalPages: Math.ceil(total / 2) });
    const all: { lastName: string; firstName: string; id: number }[] = [];
    for (let page = 1; page <= first.body.page.totalPages; page++) {
      const res = await search(`page=${page}&pageSize=2`);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      all.push(...res.body.data.map((d: { data: { lastName: string; firstName: string; id: number } }) => d.data));
    }
    expect(all).toHaveLength(total);
    expect(new Set(all.map((m) => m.id)).size).toBe(total);
    const rows = await db().member.findMany({ orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }], select: { id: true } });
    expect(all.map((m) => m.id)).toEqual(rows.map((r) => r.id));
    const beyond = await search(`page=${first.body.page.totalPages + 1}&pageSize=2`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.page.total).toBe(total);
    // A search nobody matches is one empty page, as every paged list of the site.
    const none = await search(`q=niemand${tag}xyz`);
    expect(none.body.page).toEqual({ page: 1, pageSize: 25, total: 0, totalPages: 1 });
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['pageSize=1.5', 'pageSize'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('when the query string has %s, then 400 with a German message for %s', async (query, field) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toMatch(/[A-Za-zäöü]/);
  });
});

describe('GET /api/v1/admin/members/{id}', () => {
  it('shows personal data, the address history with the current one marked, phones, memberships, invoices, roles and audit entries', async () => {
    const m = await createMember(db(), { firstName: 'Hanna', lastName: 'Detail' });
    await db().address.updateMany({ where: { memberId: m.id }, data: { current: false, validTo: fromIsoDate('2023-08-31') } });
    await db().address.create({
      data: {
        memberId: m.id,
        street: 'Langstrasse',
        houseNumber: '4',
        postalCode: '8004',
        city: 'Zürich',
        validFrom: fromIsoDate('2023-09-01'),
        current: true,
      },
    });
    await db().membership.create({
      data: { memberId: m.id, seasonId: currentSeason.id, validFrom: currentSeason.validFrom, validTo: currentSeason.validTo },
    });
    const res = await asBoard('GET', `/api/v1/admin/members/${m.id}?expands=memberships,phones,addresses,invoices,auditlog`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: m.id,
      username: m.username,
      firstName: 'Hanna',
      lastName: 'Detail',
      email: m.email,
      dateOfBirth: '1990-03-15',
      address: { street: 'Langstrasse', current: true, validFrom: '2023-09-01', validTo: null },
      mobile: '+41 79 123 45 67',
      landLine: null,
      roles: ['MEMBER'],
      active: true,
      hasLogin: true,
      pendingEmail: null,
    });
    const group = (name: string) => res.body.expands.find((e: { name: string }) => e.name === name)?.data;
    expect(res.body.expands.map((e: { name: string }) => e.name)).toEqual(['memberships', 'phones', 'addresses', 'invoices', 'auditlog']);
    expect(group('addresses')).toHaveLength(2);
    expect(group('addresses').filter((a: { current: boolean }) => a.current)).toHaveLength(1);
    expect(group('addresses')[1]).toMatchObject({
      street: 'Limmatstrasse',
      validFrom: '2020-01-01',
      validTo: '2023-08-31',
      current: false,
    });
    expect(group('memberships')).toEqual([
      {
        id: expect.any(Number),
        seasonId: currentSeason.id,
        seasonName: currentSeason.name,
        validFrom: toIsoDate(currentSeason.validFrom),
        validTo: toIsoDate(currentSeason.validTo),
        parkingPermit: false,
        categoryId: expect.any(Number),
        categoryName: 'Mitglied',
      },
    ]);
    expect(group('phones')).toEqual([{ id: expect.any(Number), type: 'MOBILE', number: '+41 79 123 45 67' }]);
    expect(group('invoices')).toEqual([]);
    expect(group('auditlog')).toEqual([]);
  });

  it("shows the board the member's reservations, event places, payments and the newest mails to the member's address", async () => {
    const m = await createMember(db(), { firstName: 'Rita', lastName: 'Rundum' });
    const other = await createMember(db());
    const g = await seedGame(server.database, { opponent: 'HCD' });
    await db().ticketReservation.create({
      data: {
        gameId: g.gameId,
        memberId: m.id,
        deliveryOptionId: g.optionIds[0]!,
        amount: 3,
        pricePerTicketRappen: 3550,
        street: 'Limmatstrasse',
        postalCode: '8005',
        city: 'Zürich',
      },
    });
    const event = await db().event.create({
      data: {
        title: 'Chlausabend',
        start: new Date(Date.now() + 30 * 86_400_000),
        end: new Date(Date.now() + 31 * 86_400_000),
        registrationDeadline: new Date(Date.now() + 20 * 86_400_000),
        capacity: 10,
      },
    });
    await db().eventSubscription.create({ data: { eventId: event.id, memberId: m.id, amount: 2, status: 'CONFIRMED' } });
    const invoice = await db().invoice.create({
      data: {
        number: `2019-${String(10_000 + Math.floor(Math.random() * 89_999))}`,
        memberId: m.id,
        kind: 'OTHER',
        title: 'Beitrag',
        invoiceDate: fromIsoDate('2025-05-11'),
        dueDate: fromIsoDate('2025-06-10'),
        totalRappen: 5000,
        status: 'PAID',
        reference: `RF${unique()}`,
        debtorName: 'Rita Rundum',
        street: 'Limmatstrasse',
        postalCode: '8005',
        city: 'Zürich',
        paidRappen: 5000,
      },
    });
    const payment = await db().payment.create({
      data: {
        source: 'MANUAL',
        invoiceId: invoice.id,
        outcome: 'MATCHED',
        amountRappen: 5000,
        bookingDate: fromIsoDate('2025-05-20'),
        debtorName: 'Rita Rundum',
        debtorAccount: 'CH9300762011623852957',
      },
    });
    for (let i = 1; i <= 52; i++)
      await db().mailOutbox.create({ data: { to: i === 52 ? m.email.toUpperCase() : m.email, subject: `Mail ${i}`, text: '…' } });
    await db().mailOutbox.create({ data: { to: other.email, subject: 'Fremd', text: '…' } });

    const res = await asBoard('GET', `/api/v1/admin/members/${m.id}?expands=*`);
    expect(res.status).toBe(200);
    const group = (name: string) => res.body.expands.find((e: { name: string }) => e.name === name)?.data;
    expect(res.body.expands.map((e: { name: string }) => e.name)).toEqual([
      'memberships',
      'phones',
      'addresses',
      'invoices',
      'auditlog',
      'ticketreservations',
      'eventsubscriptions',
      'payments',
      'mails',
    ]);
    expect(group('ticketreservations')).toEqual([
      expect.objectContaining({ gameId: g.gameId, amount: 3, opponent: 'HCD', status: 'CONFIRMED' }),
    ]);
    expect(group('eventsubscriptions')).toEqual([expect.objectContaining({ eventId: event.id, eventTitle: 'Chlausabend', amount: 2 })]);
    expect(group('invoices')).toEqual([expect.objectContaining({ id: invoice.id, status: 'PAID' })]);
    expect(group('payments')).toEqual([
      {
        id: payment.id,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        amount: { currency: 'CHF', amount: 50 },
        bookingDate: '2025-05-20',
        debtorName: 'Rita Rundum',
      },
    ]);
    const mails = group('mails');
    expect(mails).toHaveLength(50);
    expect(mails[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      subject: 'Mail 52',
      status: expect.any(String),
      sentAt: null,
    });
    expect(mails.map((mail: { subject: string }) => mail.subject)).not.toContain('Fremd');
    expect(mails.at(-1).subject).toBe('Mail 3');

    // Each group also alone, and nothing of another member.
    const alone = await asBoard('GET', `/api/v1/admin/members/${other.id}?expands=ticketreservations,payments,eventsubscriptions`);
    expect(alone.body.expands).toEqual([
      { name: 'ticketreservations', data: [] },
      { name: 'eventsubscriptions', data: [] },
      { name: 'payments', data: [] },
    ]);
    // A member may not read it.
    const asMember = await call(server.url, 'GET', `/api/v1/admin/members/${m.id}?expands=*`, { cookie: memberCookie });
    expect(asMember.status).toBe(403);
  });

  it('without expands answers the data only', async () => {
    const m = await createMember(db());
    const res = await asBoard('GET', `/api/v1/admin/members/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body.expands).toBeUndefined();
  });

  it('answers 404 for an unknown member and 400 for an id out of range', async () => {
    expect((await asBoard('GET', '/api/v1/admin/members/999999')).status).toBe(404);
    expect((await asBoard('GET', '/api/v1/admin/members/99999999999')).status).toBe(400);
    expect((await asBoard('GET', '/api/v1/admin/members/abc')).status).toBe(404);
  });

  it('leaves /api/v1/admin/members/candidates/ to the applications', async () => {
    const res = await asBoard('GET', '/api/v1/admin/members/candidates/');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});

describe('PUT /api/v1/admin/members/{id} (personal data)', () => {
  const valid = { firstName: 'Renée', lastName: "D'Andrea-Müller", email: 'renee@example.ch', dateOfBirth: '1985-07-01' };

  it('when the board edits personal data, then it is saved and the audit log holds who, when and the changed fields before and after', async () => {
    const m = await createMember(db(), { firstName: 'Rene', lastName: 'Andrea' });
    const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}`, valid);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: m.id, ...valid });
    const row = await db().member.findUniqueOrThrow({ where: { id: m.id } });
    expect(row).toMatchObject({ firstName: 'Renée', lastName: "D'Andrea-Müller", email: 'renee@example.ch' });
    expect(toIsoDate(row.dateOfBirth!)).toBe('1985-07-01');
    const [entry, ...more] = await auditOf(m.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actorId: board.id, action: 'member.updated', entity: 'member', entityId: String(m.id) });
    expect(Math.abs(entry!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(entry!.data).toEqual({
      changes: [
        { field: 'firstName', before: 'Rene', after: 'Renée' },
        { field: 'lastName', before: 'Andrea', after: "D'Andrea-Müller" },
        { field: 'email', before: m.email, after: 'renee@example.ch' },
        { field: 'dateOfBirth', before: '1990-03-15', after: '1985-07-01' },
      ],
    });
    // The same request again changes nothing and writes no second entry.
    expect((await asBoard('PUT', `/api/v1/admin/members/${m.id}`, valid)).status).toBe(200);
    expect(await auditOf(m.id)).toHaveLength(1);
    // The detail shows the entry with the board member's name.
    const detail = await asBoard('GET', `/api/v1/admin/members/${m.id}?expands=auditlog`);
    expect(detail.body.expands[0].data[0]).toMatchObject({ action: 'member.updated', actor: { id: board.id, name: 'Viktor Vorstand' } });
  });

  it('can clear the date of birth', async () => {
    const m = await createMember(db());
    const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}`, { ...valid, dateOfBirth: null });
    expect(res.status).toBe(200);
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).dateOfBirth).toBeNull();
  });

  it('answers 404 for an unknown member', async () => {
    expect((await asBoard('PUT', '/api/v1/admin/members/999999', valid)).status).toBe(404);
  });

  const tomorrow = () => toIsoDate(addDays(today(), 1));
  const bad: [string, number, string, () => unknown][] = [
    ['an empty body', 400, 'firstName', () => ({})],
    ['no JSON object', 400, '_', () => []],
    ['an empty first name', 422, 'firstName', () => ({ ...valid, firstName: '  ' })],
    ['a too long last name', 422, 'lastName', () => ({ ...valid, lastName: 'A'.repeat(61) })],
    ['a number as first name', 400, 'firstName', () => ({ ...valid, firstName: 42 })],
    ['a missing e-mail', 400, 'email', () => ({ ...valid, email: undefined })],
    ['an invalid e-mail', 422, 'email', () => ({ ...valid, email: 'renee@' })],
    ['a too long e-mail', 422, 'email', () => ({ ...valid, email: `${'a'.repeat(250)}@x.ch` })],
    ['a birth date in the future', 422, 'dateOfBirth', () => ({ ...valid, dateOfBirth: tomorrow() })],
    ['a birth date before 1900', 422, 'dateOfBirth', () => ({ ...valid, dateOfBirth: '1899-12-31' })],
    ['a birth date that is no date', 422, 'dateOfBirth', () => ({ ...valid, dateOfBirth: '2001-02-30' })],
    ['a birth date as number', 400, 'dateOfBirth', () => ({ ...valid, dateOfBirth: 19850701 })],
    ...HOSTILE_TEXTS.flatMap((t): [string, number, string, () => unknown][] => [
      [`"${t}" as first name`, 422, 'firstName', () => ({ ...valid, firstName: t })],
      [`"${t}" as last name`, 422, 'lastName', () => ({ ...valid, lastName: t })],
      [`"${t}" as e-mail`, 422, 'email', () => ({ ...valid, email: t })],
    ]),
  ];
  it.each(bad)(
    'when the body has %s, then %i with a German field message for %s and nothing is written',
    async (_name, status, field, body) => {
      const m = await createMember(db());
      const before = await snapshot(m.id);
      const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}`, body());
      expect(res.status).toBe(status);
      expect(res.body.error.message).toMatch(/Bitte|Anfrage/);
      expectGerman(res.body.error.fields[field]);
      expect(await snapshot(m.id)).toEqual(before);
    },
  );

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const m = await createMember(db());
    const before = await snapshot(m.id);
    const res = await call(server.url, 'PUT', `/api/v1/admin/members/${m.id}`, { cookie: boardCookie, raw: '{"firstName": ' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('MALFORMED_JSON');
    expect(await snapshot(m.id)).toEqual(before);
  });
});

describe('PUT /api/v1/admin/members/{id}/phones', () => {
  it('when the board edits the phones, then landline and mobile are set or removed and audited', async () => {
    const m = await createMember(db());
    const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}/phones`, { landLine: '044 123 45 67', mobile: '+41 (0)79 765 43 21' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { data: { type: string; number: string } }) => d.data)).toEqual([
      { id: expect.any(Number), type: 'LANDLINE', number: '044 123 45 67' },
      { id: expect.any(Number), type: 'MOBILE', number: '+41 (0)79 765 43 21' },
    ]);
    const removed = await asBoard('PUT', `/api/v1/admin/members/${m.id}/phones`, { landLine: '044 123 45 67', mobile: '' });
    expect(removed.status).toBe(200);
    expect(await db().phone.findMany({ where: { memberId: m.id }, select: { type: true, number: true } })).toEqual([
      { type: 'LANDLINE', number: '044 123 45 67' },
    ]);
    const entries = await auditOf(m.id);
    expect(entries.map((e) => [e.action, e.actorId, e.data])).toEqual([
      [
        'member.phones.updated',
        board.id,
        {
          changes: [
            { field: 'landLine', before: null, after: '044 123 45 67' },
            { field: 'mobile', before: '+41 79 123 45 67', after: '+41 (0)79 765 43 21' },
          ],
        },
      ],
      ['member.phones.updated', board.id, { changes: [{ field: 'mobile', before: '+41 (0)79 765 43 21', after: null }] }],
    ]);
  });

  const bad: [string, unknown, number, string][] = [
    ['an empty body', {}, 400, 'landLine'],
    ['a number instead of text', { landLine: 441234567, mobile: null }, 400, 'landLine'],
    ['letters', { landLine: 'zwei drei', mobile: null }, 422, 'landLine'],
    ['too few digits', { landLine: null, mobile: '123' }, 422, 'mobile'],
    ['too long', { landLine: null, mobile: '0'.repeat(31) }, 422, 'mobile'],
    ...HOSTILE_TEXTS.map((t): [string, unknown, number, string] => [`"${t}"`, { landLine: null, mobile: t }, 422, 'mobile']),
  ];
  it.each(bad)(
    'when the body has %s, then it is refused with a German field message and nothing is written',
    async (_name, body, status, field) => {
      const m = await createMember(db());
      const before = await snapshot(m.id);
      const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}/phones`, body);
      expect(res.status).toBe(status);
      expectGerman(res.body.error.fields[field]);
      expect(await snapshot(m.id)).toEqual(before);
    },
  );

  it('answers 404 for an unknown member', async () => {
    expect((await asBoard('PUT', '/api/v1/admin/members/999999/phones', { landLine: null, mobile: null })).status).toBe(404);
  });
});

describe('memberships: POST /api/v1/admin/members/{id}/memberships and PUT .../memberships/{membershipId}', () => {
  it('when the board adds a membership for a season, then it gets the season dates; a second one for the season is 409', async () => {
    const m = await createMember(db());
    const res = await asBoard('POST', `/api/v1/admin/members/${m.id}/memberships`, { seasonId: nextSeason.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      seasonId: nextSeason.id,
      seasonName: nextSeason.name,
      validFrom: toIsoDate(nextSeason.validFrom),
      validTo: toIsoDate(nextSeason.validTo),
      parkingPermit: false,
      categoryId: expect.any(Number),
      categoryName: 'Mitglied',
    });
    const again = await asBoard('POST', `/api/v1/admin/members/${m.id}/memberships`, { seasonId: nextSeason.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ALREADY_EXISTS', message: expect.stringContaining(nextSeason.name) });
    expect(await db().membership.count({ where: { memberId: m.id } })).toBe(1);
    const [entry] = await auditOf(m.id);
    expect(entry).toMatchObject({ action: 'member.membership.added', actorId: board.id });
    expect((entry!.data as { changes: unknown[] }).changes).toContainEqual({ field: 'season', before: null, after: nextSeason.name });
  });

  it('when the board grants a parking permit beside the end date, then it is saved and audited', async () => {
    const m = await createMember(db());
    const added = await asBoard('POST', `/api/v1/admin/members/${m.id}/memberships`, { seasonId: currentSeason.id });
    const id = added.body.data.id as number;
    const validTo = added.body.data.validTo as string;
    const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}/memberships/${id}`, { validTo, parkingPermit: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, validTo, parkingPermit: true });
    expect((await db().membership.findUniqueOrThrow({ where: { id } })).parkingPermit).toBe(true);
    const entry = (await auditOf(m.id)).find((e) => e.action === 'member.membership.updated');
    expect((entry!.data as { changes: unknown[] }).changes).toEqual([{ field: 'parkingPermit', before: false, after: true }]);
    const bad = await asBoard('PUT', `/api/v1/admin/members/${m.id}/memberships/${id}`, { validTo, parkingPermit: 'ja' });
    expect(bad.status).toBe(400);
  });

  it('when the board ends a membership, then validTo is set and audited; out-of-season ends are refused', async () => {
    const m = await createMember(db());
    const added = await asBoard('POST', `/api/v1/admin/members/${m.id}/memberships`, { seasonId: currentSeason.id });
    const id = added.body.data.id as number;
    const end = toIsoDate(addDays(currentSeason.validFrom, 40));
    const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}/memberships/${id}`, { validTo: end });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, validTo: end });
    expect(toIsoDate((await db().membership.findUniqueOrThrow({ where: { id } })).validTo)).toBe(end);
    const entries = await auditOf(m.id);
    expect(entries.at(-1)).toMatchObject({ action: 'member.membership.updated' });
    expect((entries.at(-1)!.data as { changes: unknown[] }).changes).toEqual([
      { field: 'validTo', before: toIsoDate(currentSeason.validTo), after: end },
    ]);

    const before = await snapshot(m.id);
    for (const [validTo, status] of [
      [toIsoDate(addDays(currentSeason.validFrom, -1)), 422],
      [toIsoDate(addDays(currentSeason.validTo, 1)), 422],
      ['31.12.2025', 422],
      ['', 422],
      [20251231, 400],
      [null, 400],
    ] as const) {
      const refused = await asBoard('PUT', `/api/v1/admin/members/${m.id}/memberships/${id}`, { validTo });
      expect(refused.status, String(validTo)).toBe(status);
      expectGerman(refused.body.error.fields.validTo);
    }
    expect(await snapshot(m.id)).toEqual(before);
  });

  it("answers 404 for another member's membership and for an unknown member", async () => {
    const owner = await createMember(db());
    const other = await createMember(db());
    const added = await asBoard('POST', `/api/v1/admin/members/${owner.id}/memberships`, { seasonId: currentSeason.id });
    const res = await asBoard('PUT', `/api/v1/admin/members/${other.id}/memberships/${added.body.data.id}`, {
      validTo: toIsoDate(currentSeason.validFrom),
    });
    expect(res.status).toBe(404);
    expect(toIsoDate((await db().membership.findUniqueOrThrow({ where: { id: added.body.data.id } })).validTo)).toBe(
      toIsoDate(currentSeason.validTo),
    );
    expect((await asBoard('POST', '/api/v1/admin/members/999999/memberships', { seasonId: currentSeason.id })).status).toBe(404);
  });

  it.each([
    ['an unknown season', { seasonId: 999999 }, 422],
    ['a season id as text', { seasonId: 'x' }, 400],
    ['no season', {}, 400],
    ['a negative season id', { seasonId: -1 }, 422],
    ["'; DROP TABLE memberships; --", { seasonId: "'; DROP TABLE memberships; --" }, 400],
  ])('when adding with %s, then it is refused and nothing is written', async (_name, body, status) => {
    const m = await createMember(db());
    const before = await snapshot(m.id);
    const res = await asBoard('POST', `/api/v1/admin/members/${m.id}/memberships`, body);
    expect(res.status).toBe(status);
    expectGerman(res.body.error.fields.seasonId);
    expect(await snapshot(m.id)).toEqual(before);
  });
});

describe('PUT /api/v1/admin/members/{id}/addresses/{addressId} (correction)', () => {
  it('when the board corrects a typo, then the address changes in place: same validity, no new address, audited', async () => {
    const m = await createMember(db());
    const [address] = await db().address.findMany({ where: { memberId: m.id } });
    const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}/addresses/${address!.id}`, {
      ...validAddress,
      street: 'Limmatstrasse',
      houseNumber: '21',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: address!.id,
      street: 'Limmatstrasse',
      houseNumber: '21',
      addressLine2: 'c/o Muster',
      postalCode: '8005',
      city: 'Zürich',
      country: 'CH',
      validFrom: '2020-01-01',
      validTo: null,
      current: true,
    });
    const rows = await db().address.findMany({ where: { memberId: m.id } });
    expect(rows).toHaveLength(1);
    const [entry] = await auditOf(m.id);
    expect(entry).toMatchObject({ action: 'member.address.corrected', actorId: board.id });
    expect(entry!.data).toEqual({
      addressId: address!.id,
      changes: [
        { field: 'houseNumber', before: '12', after: '21' },
        { field: 'addressLine2', before: '', after: 'c/o Muster' },
      ],
    });
  });

  it("answers 404 for another member's address", async () => {
    const owner = await createMember(db());
    const other = await createMember(db());
    const [address] = await db().address.findMany({ where: { memberId: owner.id } });
    const res = await asBoard('PUT', `/api/v1/admin/members/${other.id}/addresses/${address!.id}`, validAddress);
    expect(res.status).toBe(404);
    expect((await db().address.findUniqueOrThrow({ where: { id: address!.id } })).street).toBe('Limmatstrasse');
  });

  const fields = ['street', 'houseNumber', 'addressLine2', 'postalCode', 'city'] as const;
  const bad: [string, Record<string, unknown>, number, string][] = [
    ['an empty body', {}, 400, 'street'],
    ['an empty street', { ...validAddress, street: '' }, 422, 'street'],
    ['an empty city', { ...validAddress, city: ' ' }, 422, 'city'],
    ['a too long street', { ...validAddress, street: 'a'.repeat(101) }, 422, 'street'],
    ['a number as postal code', { ...validAddress, postalCode: 8005 }, 400, 'postalCode'],
    ['a bad country', { ...validAddress, country: 'Schweiz' }, 422, 'country'],
    ...fields.flatMap((f) =>
      HOSTILE_TEXTS.map((t): [string, Record<string, unknown>, number, string] => [`"${t}" in ${f}`, { ...validAddress, [f]: t }, 422, f]),
    ),
  ];
  it.each(bad)(
    'when the body has %s, then it is refused with a German field message and nothing is written',
    async (_name, body, status, field) => {
      const m = await createMember(db());
      const [address] = await db().address.findMany({ where: { memberId: m.id } });
      const before = await snapshot(m.id);
      const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}/addresses/${address!.id}`, body);
      expect(res.status).toBe(status);
      expectGerman(res.body.error.fields[field]);
      expect(await snapshot(m.id)).toEqual(before);
    },
  );
});

describe('PUT /api/v1/admin/members/{id}/roles', () => {
  it('when the board grants and removes the board role, then roles change and each change is audited', async () => {
    const m = await createMember(db());
    const granted = await asBoard('PUT', `/api/v1/admin/members/${m.id}/roles`, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    expect(granted.status).toBe(200);
    expect(granted.body.data).toEqual({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    expect((await db().memberRole.findMany({ where: { memberId: m.id } })).map((r) => r.role).sort()).toEqual([
      'MEMBER',
      'MEMBER_OF_THE_BOARD',
    ]);
    // Granting again changes nothing.
    expect((await asBoard('PUT', `/api/v1/admin/members/${m.id}/roles`, { roles: ['MEMBER_OF_THE_BOARD'] })).body.data.roles).toEqual([
      'MEMBER',
      'MEMBER_OF_THE_BOARD',
    ]);
    const removed = await asBoard('PUT', `/api/v1/admin/members/${m.id}/roles`, { roles: [] });
    expect(removed.body.data).toEqual({ roles: ['MEMBER'] });
    expect((await db().memberRole.findMany({ where: { memberId: m.id } })).map((r) => r.role)).toEqual(['MEMBER']);
    expect((await auditOf(m.id)).map((e) => e.data)).toEqual([
      { changes: [{ field: 'roles', before: 'MEMBER', after: 'MEMBER, MEMBER_OF_THE_BOARD' }] },
      { changes: [{ field: 'roles', before: 'MEMBER, MEMBER_OF_THE_BOARD', after: 'MEMBER' }] },
    ]);
  });

  it.each([
    ['an unknown role', 422, { roles: ['ADMIN'] }],
    ['no list', 400, { roles: 'MEMBER' }],
    ['an empty body', 400, {}],
    ['<script> as role', 422, { roles: ['<script>alert(1)</script>'] }],
  ])('when the body has %s, then %i and nothing is written', async (_name, status, body) => {
    const m = await createMember(db());
    const before = await snapshot(m.id);
    const res = await asBoard('PUT', `/api/v1/admin/members/${m.id}/roles`, body);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body.error.fields ?? {})[0]).toMatch(/^roles/);
    expect(Object.values(res.body.error.fields)[0]).toMatch(/^Rollen: /);
    expect(await snapshot(m.id)).toEqual(before);
  });

  it('answers 404 for an unknown member', async () => {
    expect((await asBoard('PUT', '/api/v1/admin/members/999999/roles', { roles: ['MEMBER'] })).status).toBe(404);
  });
});
