import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, loggedIn, seedEvent, subscribePath, type Call } from './events.test-support.ts';

type Member = { id: number; username: string; call: Call };

/** The board's hand on an event's list: a paper sign-up, a removal and a promotion, each audited and mailed. */
describe("the board manages an event's subscribers", () => {
  let server: TestServer;
  let board: Member;
  let member: Member;
  let visitor: Call;

  beforeAll(async () => {
    server = await startTestServer();
    visitor = client(server.url);
    [board, member] = await Promise.all([loggedIn(server.url, server.database, true), loggedIn(server.url, server.database)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.prisma;
  const newMember = async () => (await createMember(db())).id;
  const rowsOf = (eventId: number) => db().eventSubscription.findMany({ where: { eventId }, orderBy: { id: 'asc' } });

  it('refuses visitors (401) and members (403)', async () => {
    const id = await seedEvent(server.database);
    for (const [method, path, body] of [
      ['POST', `/admin/events/${id}/subscribers`, { memberId: member.id, amount: 1 }],
      ['DELETE', `/admin/events/${id}/subscribers/${member.id}`],
      ['POST', `/admin/events/${id}/subscribers/${member.id}/promote`, {}],
    ] as [string, string, unknown?][]) {
      expect((await visitor(method, path, body)).status).toBe(401);
      expect((await member.call(method, path, body)).status).toBe(403);
    }
    expect(await rowsOf(id)).toEqual([]);
  });

  it('adds a paper sign-up within the places, then onto the waiting list; a second time is a 409; an unknown member a 422', async () => {
    const id = await seedEvent(server.database, { capacity: 3, perMember: 3 });
    const [a, b] = [await newMember(), await newMember()];
    const first = await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: a, amount: 2, reason: 'Papierformular' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ amount: 2, status: 'CONFIRMED' });
    const second = await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: b, amount: 2 });
    expect(second.body.data.status).toBe('WAITING');
    expect((await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: a, amount: 1 })).status).toBe(409);
    expect((await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: 99_999_999, amount: 1 })).status).toBe(422);
    expect((await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: a, amount: 0 })).status).toBe(422);
    const audit = await db().auditLog.findMany({ where: { entity: 'event', entityId: String(id), action: 'eventsubscription.added' } });
    expect(audit).toHaveLength(2);
    expect(audit[0]!.data).toMatchObject({ reason: 'Papierformular' });
    expect(await db().mailOutbox.count({ where: { subject: { contains: 'Anmeldung bestätigt' } } })).toBeGreaterThanOrEqual(1);
  });

  it('promotes within the places only: beyond them a 409 until the capacity is raised', async () => {
    const id = await seedEvent(server.database, { capacity: 3, perMember: 3 });
    const [a, b] = [await newMember(), await newMember()];
    await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: a, amount: 2 });
    await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: b, amount: 2 });
    const beyond = await board.call('POST', `/admin/events/${id}/subscribers/${b}/promote`, { reason: 'Helferin' });
    expect(beyond.status).toBe(409);
    expect(beyond.body.error.code).toBe('QUOTA_EXCEEDED');
    await db().event.update({ where: { id }, data: { capacity: 4 } });
    const promoted = await board.call('POST', `/admin/events/${id}/subscribers/${b}/promote`, { reason: 'Helferin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.status).toBe('CONFIRMED');
    expect((await board.call('POST', `/admin/events/${id}/subscribers/${b}/promote`, {})).status).toBe(409);
    expect((await board.call('POST', `/admin/events/${id}/subscribers/${member.id}/promote`, {})).status).toBe(404);
  });

  it('removes a subscriber, and the freed places go to the first waiting requests that fit, whole', async () => {
    const id = await seedEvent(server.database, { capacity: 4, perMember: 4 });
    const [a, big, small] = [await newMember(), await newMember(), await newMember()];
    await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: a, amount: 2 });
    expect((await member.call('POST', subscribePath(id), { id, amount: 2 })).status).toBe(201);
    await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: big, amount: 4 });
    await board.call('POST', `/admin/events/${id}/subscribers`, { memberId: small, amount: 2 });
    expect((await board.call('DELETE', `/admin/events/${id}/subscribers/${a}?reason=Abgemeldet%20per%20Telefon`)).status).toBe(204);
    const rows = await rowsOf(id);
    expect(rows.find((r) => r.memberId === small)!.status).toBe('CONFIRMED');
    expect(rows.find((r) => r.memberId === big)!.status).toBe('WAITING');
    expect(rows.find((r) => r.memberId === a)).toBeUndefined();
    expect((await board.call('DELETE', `/admin/events/${id}/subscribers/${a}`)).status).toBe(404);
    const removed = await db().auditLog.findFirst({ where: { action: 'eventsubscription.removed', entityId: String(id) } });
    expect(removed!.data).toMatchObject({ reason: 'Abgemeldet per Telefon' });
  });
});
