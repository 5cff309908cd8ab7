import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { SALE_READ_MAX_AGE_MS } from './sale-reads.ts';
import { client, loggedIn, reservePath, seedGame, type Call } from './tickets.test-support.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the read path of a sale (copies kept by the process)', () => {
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
    await sleep(SALE_READ_MAX_AGE_MS);
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

  it('shows a change made outside this process after at most SALE_READ_MAX_AGE_MS', async () => {
    const g = await seedGame(server.database, { quota: 20 });
    await sleep(SALE_READ_MAX_AGE_MS);
    expect(await left(g.gameId)).toBe(20);
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
    const started = Date.now();
    let seen = await left(g.gameId);
    while (seen !== 17 && Date.now() - started < SALE_READ_MAX_AGE_MS + 500) {
      await sleep(50);
      seen = await left(g.gameId);
    }
    expect(seen).toBe(17);
    expect(Date.now() - started).toBeLessThan(SALE_READ_MAX_AGE_MS + 500);
    expect((await member.call('GET', `/games/${g.gameId}`)).body.data).toMatchObject({ ticketsLeft: 17, ticketsHeld: 3 });
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
