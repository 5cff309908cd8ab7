import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, loggedIn, reservePath, seedGame, type Call } from './tickets.test-support.ts';

describe('changing the amount of a reservation (PUT /api/v1/member/ticketreservations/{id})', () => {
  let server: TestServer;
  let visitor: Call;
  let member: { id: number; call: Call };
  let other: { id: number; call: Call };

  beforeAll(async () => {
    server = await startTestServer();
    visitor = client(server.url);
    member = await loggedIn(server.url, server.database);
    other = await loggedIn(server.url, server.database);
  });
  afterAll(async () => {
    await server?.close();
  });

  const path = (id: number | string) => `/member/ticketreservations/${id}`;

  it('lowers and raises the member’s own reservation; tickets left follow', async () => {
    const g = await seedGame(server.database, { quota: 10, perMember: 6, priceRappen: 3000 });
    const made = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 4 });
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;

    const lower = await member.call('PUT', path(id), { amount: 2 });
    expect(lower.status).toBe(200);
    expect(lower.body.data).toMatchObject({
      id,
      gameId: g.gameId,
      amount: 2,
      cancellable: true,
      totalPrice: { currency: 'CHF', amount: 60 },
    });
    expect((await visitor('GET', `/games/${g.gameId}`)).body.data.ticketsLeft).toBe(8);

    const raise = await member.call('PUT', path(id), { amount: 5 });
    expect(raise.status).toBe(200);
    expect(raise.body.data.amount).toBe(5);
    expect((await visitor('GET', `/games/${g.gameId}`)).body.data.ticketsLeft).toBe(5);

    const same = await member.call('PUT', path(id), { amount: 5 });
    expect(same.status).toBe(200);
    expect(same.body.data.amount).toBe(5);
    const me = await member.call('GET', '/member/');
    expect(me.body.data.ticketReservations.find((t: { id: number }) => t.id === id).amount).toBe(5);
  });

  it('is 401 for visitors and 404 for another member’s or an unknown reservation', async () => {
    const g = await seedGame(server.database);
    const made = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 });
    expect((await visitor('PUT', path(made.body.data.id), { amount: 1 })).status).toBe(401);
    expect((await other.call('PUT', path(made.body.data.id), { amount: 1 })).status).toBe(404);
    expect((await member.call('PUT', path(999_999), { amount: 1 })).status).toBe(404);
    expect(
      await server.database.prisma.ticketReservation.findUnique({ where: { id: made.body.data.id }, select: { amount: true } }),
    ).toEqual({ amount: 2 });
  });

  it('rejects malformed input with 400 and values outside the rules with 422 and a German message', async () => {
    const g = await seedGame(server.database);
    const made = await member.call('PUT', path('abc'), { amount: 1 });
    expect(made.status).toBe(400);
    const id = (await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 })).body.data.id as number;
    for (const body of ['{"amount":', {}, { amount: 'zwei' }]) {
      const answer = await member.call('PUT', path(id), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const amount of [0, -1, 1.5, 1001]) {
      const answer = await member.call('PUT', path(id), { amount });
      expect(answer.status, String(amount)).toBe(422);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.fields.amount).toMatch(/Anzahl/);
    }
    expect(await server.database.prisma.ticketReservation.findUnique({ where: { id }, select: { amount: true } })).toEqual({ amount: 2 });
  });

  it('refuses a raise over what is left or over the per-member limit with 409 QUOTA_EXCEEDED, changing nothing', async () => {
    const g = await seedGame(server.database, { quota: 6, perMember: 4 });
    const mine = (await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 })).body.data.id as number;
    expect((await other.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 3 })).status).toBe(201);

    const overQuota = await member.call('PUT', path(mine), { amount: 4 });
    expect(overQuota.status).toBe(409);
    expect(overQuota.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(overQuota.body.error.message).toMatch(/nur noch 1 Ticket verfügbar/);

    const g2 = await seedGame(server.database, { quota: 20, perMember: 3 });
    const second = (await member.call('POST', reservePath(g2.gameId, g2.optionIds[0]!), { amount: 2 })).body.data.id as number;
    const overLimit = await member.call('PUT', path(second), { amount: 4 });
    expect(overLimit.status).toBe(409);
    expect(overLimit.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(overLimit.body.error.message).toMatch(/höchstens 3 Tickets/);
    expect((await member.call('PUT', path(second), { amount: 3 })).status).toBe(200);

    expect(await server.database.prisma.ticketReservation.findUnique({ where: { id: mine }, select: { amount: true } })).toEqual({
      amount: 2,
    });
  });

  it('refuses any change once sales have closed (409 SALES_CLOSED)', async () => {
    const g = await seedGame(server.database);
    const id = (await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 })).body.data.id as number;
    await server.database.prisma.game.update({ where: { id: g.gameId }, data: { salesCloseAt: new Date(Date.now() - 1000) } });
    const answer = await member.call('PUT', path(id), { amount: 1 });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('SALES_CLOSED');
    expect(answer.body.error.message).toMatch(/geschlossen/);
    expect(await server.database.prisma.ticketReservation.findUnique({ where: { id }, select: { amount: true } })).toEqual({ amount: 2 });
  });

  it('never oversells when raises and new reservations race for the last tickets', async () => {
    const g = await seedGame(server.database, { quota: 5, perMember: 5 });
    const id = (await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 })).body.data.id as number;
    const answers = await Promise.all([
      member.call('PUT', path(id), { amount: 5 }),
      other.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 4 }),
      other.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 4 }),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 409).length).toBe(2);
    const total = await server.database.prisma.ticketReservation.aggregate({ where: { gameId: g.gameId }, _sum: { amount: true } });
    expect(total._sum.amount).toBe(5);
  });
});
