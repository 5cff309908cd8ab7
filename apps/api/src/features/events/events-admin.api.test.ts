import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, DAY, eventBody, loggedIn, mailsTo, seedEvent, subscribePath, type Call } from './events.test-support.ts';

type Member = { id: number; username: string; call: Call };

describe("the board's events", () => {
  let server: TestServer;
  let visitor: Call;
  let board: Member;
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    server = await startTestServer();
    visitor = client(server.url);
    [board, member, other] = await Promise.all([
      loggedIn(server.url, server.database, true),
      loggedIn(server.url, server.database),
      loggedIn(server.url, server.database),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const auditOf = (entityId: number) =>
    server.database.prisma.auditLog.findMany({ where: { entity: 'event', entityId: String(entityId) }, orderBy: { id: 'asc' } });

  it('refuses visitors (401) and members (403) on every board route, and writes nothing', async () => {
    const id = await seedEvent(server.database);
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/events'],
      ['GET', '/admin/events/'],
      ['POST', '/admin/events/', eventBody()],
      ['GET', `/admin/events/${id}`],
      ['PUT', `/admin/events/${id}`, eventBody()],
      ['DELETE', `/admin/events/${id}`],
      ['GET', `/admin/events/${id}/subscribers`],
      ['GET', `/admin/events/${id}/subscribers.xlsx`],
    ];
    const before = await server.database.prisma.event.count();
    for (const [method, path, body] of routes) {
      expect([method, path, (await visitor(method, path, body)).status]).toEqual([method, path, 401]);
      expect([method, path, (await member.call(method, path, body)).status]).toEqual([method, path, 403]);
    }
    expect(await server.database.prisma.event.count()).toBe(before);
    expect(await auditOf(id)).toEqual([]);
  });

  it('creates an event with an audit row and lists it with places taken and waiting', async () => {
    const made = await board.call('POST', '/admin/events/', eventBody({ title: 'Chlausabend 2026' }));
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    expect(made.body.data).toMatchObject({
      title: 'Chlausabend 2026',
      capacity: 3,
      price: { currency: 'CHF', amount: 15 },
      maxPlacesPerMember: 2,
      placesTaken: 0,
      placesWaiting: 0,
      subscriberCount: 0,
      placesLeft: 3,
    });
    expect((await auditOf(id)).map((a) => [a.action, a.actorId])).toEqual([['event.created', board.id]]);

    expect((await member.call('POST', subscribePath(id), { amount: 2 })).status).toBe(201);
    expect((await other.call('POST', subscribePath(id), { amount: 2, waitlist: true })).status).toBe(201);
    const list = await board.call('GET', '/admin/events');
    const listed = list.body.data.find((d: { data: { id: number } }) => d.data.id === id).data;
    expect(listed).toMatchObject({ placesTaken: 2, placesWaiting: 2, waitingCount: 1, subscriberCount: 2, placesLeft: 0 });
    expect((await board.call('GET', `/admin/events/${id}`)).body.data).toMatchObject({ id, placesTaken: 2, waitingCount: 1 });

    const subscribers = await board.call('GET', `/admin/events/${id}/subscribers`);
    expect(subscribers.status).toBe(200);
    expect(subscribers.body.data.map((d: { data: unknown }) => d.data)).toEqual([
      {
        member: { id: member.id, firstName: 'Test', lastName: expect.any(String) },
        amount: 2,
        status: 'CONFIRMED',
        subscriptionTimestamp: expect.any(String),
      },
      {
        member: { id: other.id, firstName: 'Test', lastName: expect.any(String) },
        amount: 2,
        status: 'WAITING',
        subscriptionTimestamp: expect.any(String),
      },
    ]);
  });

  it('accepts unlimited places (capacity null or absent)', async () => {
    const body = eventBody();
    delete body.capacity;
    const made = await board.call('POST', '/admin/events/', body);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ capacity: null, placesLeft: null });
    expect((await board.call('POST', '/admin/events/', eventBody({ capacity: null }))).body.data.capacity).toBeNull();
  });

  it('refuses bad event data: 400 malformed, 422 values and dates out of order, with German field messages', async () => {
    const before = await server.database.prisma.event.count();
    const start = Date.now() + 20 * DAY;
    const cases: [Record<string, unknown>, number, string?][] = [
      [eventBody({ end: new Date(start - 3_600_000).toISOString(), start: new Date(start).toISOString() }), 422, 'end'],
      [
        eventBody({ start: new Date(start).toISOString(), registrationDeadline: new Date(start + 60_000).toISOString() }),
        422,
        'registrationDeadline',
      ],
      [eventBody({ title: '   ' }), 422, 'title'],
      [eventBody({ capacity: 0 }), 422, 'capacity'],
      [eventBody({ capacity: 2.5 }), 422, 'capacity'],
      [eventBody({ maxPlacesPerMember: 0 }), 422, 'maxPlacesPerMember'],
      [eventBody({ price: { currency: 'CHF', amount: -5 } }), 422, 'price.amount'],
      [eventBody({ price: { currency: 'EUR', amount: 5 } }), 422, 'price.currency'],
      [eventBody({ description: 'x'.repeat(20_001) }), 422, 'description'],
      [eventBody({ start: 'morgen' }), 422, 'start'],
      [eventBody({ title: 7 }), 400],
      [eventBody({ capacity: 'viele' }), 400],
      [{}, 400],
    ];
    for (const [body, status, field] of cases) {
      const answer = await board.call('POST', '/admin/events/', body);
      expect([JSON.stringify(body).slice(0, 60), answer.status]).toEqual([JSON.stringify(body).slice(0, 60), status]);
      if (field) expect(answer.body.error.fields[field]).toMatch(/[A-Za-zäöü]/);
    }
    const ended = await board.call('POST', '/admin/events/', cases[0]![0]);
    expect(ended.body.error.fields.end).toBe('Ende: Darf nicht vor dem Beginn liegen.');
    expect((await board.call('POST', '/admin/events/', '{"title": ')).status).toBe(400);
    expect(await server.database.prisma.event.count()).toBe(before);
  });

  it('changes an event, refuses a capacity below the confirmed places with 409, and a larger capacity moves waiting members up', async () => {
    const base = eventBody({ capacity: 2 });
    const id = (await board.call('POST', '/admin/events/', base)).body.data.id as number;
    expect((await member.call('POST', subscribePath(id), { amount: 2 })).status).toBe(201);
    expect((await other.call('POST', subscribePath(id), { amount: 1, waitlist: true })).body.data.status).toBe('WAITING');

    const smaller = await board.call('PUT', `/admin/events/${id}`, { ...base, capacity: 1 });
    expect(smaller.status).toBe(409);
    expect(smaller.body.error.message).toContain('bereits 2 Plätze fest vergeben');

    const larger = await board.call('PUT', `/admin/events/${id}`, { ...base, capacity: 3, title: 'Chlausabend (grösserer Saal)' });
    expect(larger.status).toBe(200);
    expect(larger.body.data).toMatchObject({ capacity: 3, placesTaken: 3, waitingCount: 0, title: 'Chlausabend (grösserer Saal)' });
    expect((await other.call('GET', `/events/${id}`)).body.data.subscription).toMatchObject({ status: 'CONFIRMED' });
    expect((await mailsTo(server.database, `${other.username}@example.ch`)).some((m) => m.subject.includes('nachgerückt'))).toBe(true);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['event.created', 'event.updated']);
    expect((audit[1]!.data as { changes: { field: string }[] }).changes.map((c) => c.field).sort()).toEqual(['capacity', 'title']);

    const same = await board.call('PUT', `/admin/events/${id}`, { ...base, capacity: 3, title: 'Chlausabend (grösserer Saal)' });
    expect(same.status).toBe(200);
    expect(await auditOf(id)).toHaveLength(2);
    expect((await board.call('PUT', '/admin/events/999999', eventBody())).status).toBe(404);
    expect((await board.call('PUT', `/admin/events/${id}`, { ...base, end: '2020-01-01T00:00:00Z' })).status).toBe(422);
  });

  it('deletes an event without subscribers; one with subscribers is cancelled and each subscriber gets a mail', async () => {
    const empty = (await board.call('POST', '/admin/events/', eventBody())).body.data.id as number;
    expect((await board.call('DELETE', `/admin/events/${empty}`)).status).toBe(204);
    expect(await server.database.prisma.event.findUnique({ where: { id: empty } })).toBeNull();
    expect((await auditOf(empty)).map((a) => a.action)).toEqual(['event.created', 'event.deleted']);

    const id = (await board.call('POST', '/admin/events/', eventBody({ title: 'Carfahrt nach Davos', capacity: 1 }))).body.data
      .id as number;
    expect((await member.call('POST', subscribePath(id), { amount: 1 })).status).toBe(201);
    expect((await other.call('POST', subscribePath(id), { amount: 1, waitlist: true })).status).toBe(201);
    expect((await board.call('DELETE', `/admin/events/${id}`)).status).toBe(204);
    expect((await server.database.prisma.event.findUnique({ where: { id } }))!.cancelledAt).not.toBeNull();
    for (const m of [member, other]) {
      const mails = await mailsTo(server.database, `${m.username}@example.ch`);
      expect(mails.filter((x) => x.subject === 'Abgesagt: Carfahrt nach Davos')).toHaveLength(1);
    }
    expect((await visitor('GET', `/events/${id}`)).status).toBe(404);
    expect((await board.call('GET', `/admin/events/${id}`)).status).toBe(404);
    expect((await board.call('GET', '/admin/events')).body.data.some((d: { data: { id: number } }) => d.data.id === id)).toBe(false);
    expect((await member.call('POST', subscribePath(id), { amount: 1 })).status).toBe(404);
    const own = await member.call('GET', '/member/eventsubscriptions');
    expect(own.body.data.find((d: { data: { eventId: number } }) => d.data.eventId === id).data.eventCancelled).toBe(true);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['event.created', 'event.cancelled']);
    expect((await board.call('DELETE', `/admin/events/${id}`)).status).toBe(404);
  });

  it('gives the subscribers as a spreadsheet: bold frozen header, autofilter, real dates, widths', async () => {
    const id = (await board.call('POST', '/admin/events/', eventBody({ title: 'Grillplausch' }))).body.data.id as number;
    expect((await member.call('POST', subscribePath(id), { amount: 2 })).status).toBe(201);
    expect((await other.call('POST', subscribePath(id), { amount: 2, waitlist: true })).status).toBe(201);
    const response = await fetch(`${server.url}/api/v1/admin/events/${id}/subscribers.xlsx`, { headers: { cookie: await boardCookie() } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toContain('anmeldungen-grillplausch.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Nachname',
      'Vorname',
      'Mitglied-Nr.',
      'E-Mail',
      'Plätze',
      'Status',
      'Angemeldet am',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(5).value).toBe(2);
    expect(sheet.getRow(2).getCell(6).value).toBe('Bestätigt');
    expect(sheet.getRow(3).getCell(6).value).toBe('Warteliste');
    expect(sheet.getRow(2).getCell(7).value).toBeInstanceOf(Date);
    expect(sheet.getColumn(4).width).toBeGreaterThan(20);
    expect((await board.call('GET', '/admin/events/999999/subscribers.xlsx')).status).toBe(404);
    expect((await board.call('GET', '/admin/events/999999/subscribers')).status).toBe(404);
  });

  async function boardCookie(): Promise<string> {
    const { loginAs } = await import('../../test/login.ts');
    const { createMember } = await import('../../test/factories.ts');
    const m = await createMember(server.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    return (await loginAs(server.url, m.username, m.password)).cookie;
  }
});
