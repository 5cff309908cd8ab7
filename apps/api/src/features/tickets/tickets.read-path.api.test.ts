import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, loggedIn, reservePath, seedGame, type Call } from './tickets.test-support.ts';

describe('the read path of a sale (read from the database on every request)', () => {
  let server: TestServer;
  let visitor: Call;
  let member: { id: number; call: Call };

  beforeAll(async () => {
    server = await startTestServer();
    visitor = client(server.url);
    member = await loggedIn(server.url, server.database);
  });
  afterAll(async () => {
    await server?.close();
  });

  const left = async (gameId: number) =>
    (await visitor('GET', '/games/')).body.data.find((g: { data: { id: number } }) => g.data.id === gameId)?.data.ticketsLeft;

  it('shows every write made through the site at once, to visitors and to the member', async () => {
    const g = await seedGame(server.database, { quota: 20, perMember: 6 });
    expect(await left(g.gameId)).toBe(20);
    const own = async () => (await member.call('GET', `/games/${g.gameId}`)).body.data;
    expect(await own()).toMatchObject({ ticketsLeft: 20, ticketsHeld: 0, ticketsMayReserve: 6 });

    const made = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 4 });
    expect(made.status).toBe(201);
    expect(await left(g.gameId)).toBe(16);
    expect(await own()).toMatchObject({ ticketsLeft: 16, ticketsHeld: 4, ticketsMayReserve: 2 });

    expect((await member.call('PUT', `/member/ticketreservations/${made.body.data.id}`, { amount: 1 })).status).toBe(200);
    expect(await own()).toMatchObject({ ticketsLeft: 19, ticketsHeld: 1 });
    expect((await member.call('DELETE', `/member/ticketreservations/${made.body.data.id}`)).status).toBe(204);
    expect(await left(g.gameId)).toBe(20);
    expect(await own()).toMatchObject({ ticketsLeft: 20, ticketsHeld: 0 });
  });

  it('shows a change made outside this process (another server process, SQL by hand) on the very next request', async () => {
    const g = await seedGame(server.database, { quota: 20 });
    expect(await left(g.gameId)).toBe(20);
    expect((await member.call('GET', `/games/${g.gameId}`)).body.data).toMatchObject({ ticketsLeft: 20, ticketsHeld: 0 });
    expect((await member.call('GET', `/games/${g.gameId}/deliveryoptions/`)).body.data).toHaveLength(g.optionIds.length);
    // Another server process (or SQL by hand) reserves: this process has not been told.
    await server.database.prisma.ticketReservation.create({
      data: {
        gameId: g.gameId,
        memberId: member.id,
        deliveryOptionId: g.optionIds[0]!,
        amount: 3,
        pricePerTicketRappen: 3550,
        street: 'Hardturmstrasse',
        houseNumber: '1',
        postalCode: '8005',
        city: 'Zürich',
        country: 'CH',
        createdAt: new Date(),
      },
    });
    expect(await left(g.gameId)).toBe(17);
    expect((await member.call('GET', `/games/${g.gameId}`)).body.data).toMatchObject({ ticketsLeft: 17, ticketsHeld: 3 });
    // The group's options changed by hand: the next request lists what the database holds.
    await server.database.prisma.gameGroupDeliveryOption.deleteMany({ where: { deliveryOptionId: g.optionIds[0]! } });
    expect((await member.call('GET', `/games/${g.gameId}/deliveryoptions/`)).body.data).toHaveLength(g.optionIds.length - 1);
  });

  it('answers an unknown or past game from the database: 404, or the game as over', async () => {
    expect((await visitor('GET', '/games/999999')).status).toBe(404);
    expect((await visitor('GET', '/games/999999/deliveryoptions/')).status).toBe(404);
    const past = await seedGame(server.database, { start: new Date(Date.now() - 86_400_000) });
    const answer = await visitor('GET', `/games/${past.gameId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.salesOpen).toBe(false);
  });
});
