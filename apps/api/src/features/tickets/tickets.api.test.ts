import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseUrl, type TestServer } from '../../test/harness.ts';
import { LOCK_TIMEOUT_MS } from './tickets.service.ts';
import { client, DAY, HOUR, loggedIn, reservePath, seedGame, ticketRowCounts, type Call } from './tickets.test-support.ts';

describe('games and ticket reservations', () => {
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

  describe('the game list', () => {
    it('shows everyone the upcoming games with price, tickets left and sales state, not the past ones', async () => {
      const open = await seedGame(server.database, { quota: 30, priceRappen: 4250, opponent: 'HCD' });
      const later = await seedGame(server.database, { salesOpenAt: new Date(Date.now() + 2 * DAY), opponent: 'evz' });
      const past = await seedGame(server.database, { start: new Date(Date.now() - DAY) });

      for (const path of ['/games/', '/games']) {
        const list = await visitor('GET', path);
        expect(list.status).toBe(200);
        const games = list.body.data.map((d: { data: unknown }) => d.data);
        const ids = games.map((g: { id: number }) => g.id);
        expect(ids).toContain(open.gameId);
        expect(ids).toContain(later.gameId);
        expect(ids).not.toContain(past.gameId);
        const starts = games.map((g: { start: string }) => Date.parse(g.start));
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      }
      const one = await visitor('GET', `/games/${open.gameId}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({
        id: open.gameId,
        gameGroupId: open.groupId,
        opponent: 'HCD',
        homeGame: true,
        venue: 'Swiss Life Arena',
        salesOpenAt: null,
        salesCloseAt: null,
        salesOpen: true,
        salesState: 'OPEN',
        pricePerTicket: { currency: 'CHF', amount: 42.5 },
        ticketsLeft: 30,
        freeTicketAmount: 4,
        ticketsHeld: null,
        ticketsMayReserve: null,
      });
      expect(typeof one.body.data.gameGroupName).toBe('string');
      const notYet = await visitor('GET', `/games/${later.gameId}`);
      expect(notYet.body.data).toMatchObject({ salesOpen: false, salesState: 'NOT_YET_OPEN' });
      const gone = await visitor('GET', `/games/${past.gameId}`);
      expect(gone.body.data).toMatchObject({ salesOpen: false, salesState: 'CLOSED' });
    });

    it('tells a member how many tickets they hold and may still take', async () => {
      const g = await seedGame(server.database, { quota: 30, perMember: 4 });
      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 3 })).status).toBe(201);
      const mine = await member.call('GET', `/games/${g.gameId}`);
      expect(mine.body.data).toMatchObject({ ticketsLeft: 27, ticketsHeld: 3, ticketsMayReserve: 1 });
      const theirs = await other.call('GET', '/games/');
      const game = theirs.body.data.find((d: { data: { id: number } }) => d.data.id === g.gameId).data;
      expect(game).toMatchObject({ ticketsLeft: 27, ticketsHeld: 0, ticketsMayReserve: 4 });
    });

    it('answers 404 for an unknown game and 400 for a malformed id', async () => {
      expect((await visitor('GET', '/games/999999')).status).toBe(404);
      expect((await visitor('GET', '/games/999999')).body.error.message).toMatch(/Spiel/);
      expect((await visitor('GET', '/games/abc')).status).toBe(400);
      expect((await visitor('GET', '/games/999999/deliveryoptions/')).status).toBe(404);
    });

    it("lists the delivery options of the game's group", async () => {
      const g = await seedGame(server.database, { options: 2 });
      const answer = await visitor('GET', `/games/${g.gameId}/deliveryoptions/`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((d: { data: { id: number } }) => d.data.id).sort()).toEqual([...g.optionIds].sort());
    });
  });

  describe('the delivery address', () => {
    it("is the member's current address, and needs a login", async () => {
      const g = await seedGame(server.database);
      expect((await visitor('GET', `/games/${g.gameId}/deliveryaddress/`)).status).toBe(401);
      const answer = await member.call('GET', `/games/${g.gameId}/deliveryaddress/`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        street: 'Limmatstrasse',
        houseNumber: '12',
        addressLine2: '',
        postalCode: '8005',
        city: 'Zürich',
        country: 'CH',
      });
      expect((await member.call('GET', '/games/999999/deliveryaddress/')).status).toBe(404);
    });
  });

  describe('reserving', () => {
    it("reserves with the current address and the group's price, and shows it in the account", async () => {
      const g = await seedGame(server.database, { priceRappen: 3550 });
      await server.database.prisma.deliveryOption.update({ where: { id: g.optionIds[1]! }, data: { feeRappen: 250 } });
      const answer = await member.call('POST', reservePath(g.gameId, g.optionIds[1]!), { amount: 2 });
      expect(answer.status).toBe(201);
      const r = answer.body.data;
      expect(r).toMatchObject({
        gameId: g.gameId,
        amount: 2,
        deliveryOption: { id: g.optionIds[1] },
        deliveryAddress: { street: 'Limmatstrasse', houseNumber: '12', postalCode: '8005', city: 'Zürich', country: 'CH' },
        price: { currency: 'CHF', amount: 35.5 },
        totalPrice: { currency: 'CHF', amount: 71 },
        // The delivery fee is part of what the member pays: 2 × 35.50 + 2.50.
        fee: { currency: 'CHF', amount: 2.5 },
        total: { currency: 'CHF', amount: 73.5 },
        paymentMode: 'INVOICE',
        opponent: 'SCB',
        homeGame: true,
        cancellable: true,
      });
      const row = await server.database.prisma.ticketReservation.findUniqueOrThrow({ where: { id: r.id } });
      expect(row).toMatchObject({ memberId: member.id, amount: 2, pricePerTicketRappen: 3550, street: 'Limmatstrasse' });
      const { email } = await server.database.prisma.member.findUniqueOrThrow({ where: { id: member.id } });
      const mail = await server.database.prisma.mailOutbox.findFirstOrThrow({
        where: { to: email, subject: { startsWith: 'Reservation bestätigt' } },
        orderBy: { id: 'desc' },
      });
      expect(mail.text).toContain('Total CHF\u00a073.50, Rechnung folgt');
      expect(mail.text).toContain('2 Tickets à CHF\u00a035.50 + Zustellung CHF\u00a02.50');

      const me = await member.call('GET', '/member/?expands=*');
      expect(me.status).toBe(200);
      const own = me.body.data.ticketReservations.find((t: { id: number }) => t.id === r.id);
      expect(own).toEqual(r);
      const expand = me.body.expands.find((e: { name: string }) => e.name === 'ticketreservations');
      expect(expand.data.map((t: { id: number }) => t.id)).toContain(r.id);
      const theirs = await other.call('GET', '/member/');
      expect(theirs.body.data.ticketReservations.map((t: { id: number }) => t.id)).not.toContain(r.id);
    });

    it('stores a delivery address given for this reservation, and freezes the price', async () => {
      const g = await seedGame(server.database, { priceRappen: 2000 });
      const address = { street: 'Seestrasse', houseNumber: '5a', addressLine2: 'c/o Muster', postalCode: '8800', city: 'Thalwil' };
      const answer = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1, deliveryAddress: address });
      expect(answer.status).toBe(201);
      expect(answer.body.data.deliveryAddress).toEqual({ ...address, country: 'CH' });
      await server.database.prisma.gameGroup.update({ where: { id: g.groupId }, data: { defaultPricePerTicketRappen: 9900 } });
      const me = await member.call('GET', '/member/');
      const own = me.body.data.ticketReservations.find((t: { id: number }) => t.id === answer.body.data.id);
      expect(own.price).toEqual({ currency: 'CHF', amount: 20 });
    });

    it('asks for a delivery address (422) when none is given and none is on file', async () => {
      const g = await seedGame(server.database);
      const homeless = await loggedIn(server.url, server.database);
      await server.database.prisma.address.updateMany({ where: { memberId: homeless.id }, data: { current: false } });
      expect((await homeless.call('GET', `/games/${g.gameId}/deliveryaddress/`)).body).toEqual({ data: null });
      const before = await ticketRowCounts(server.database);
      const refused = await homeless.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 });
      expect(refused.status).toBe(422);
      expect(refused.body.error.fields.deliveryAddress).toBeTruthy();
      expect(await ticketRowCounts(server.database)).toEqual(before);
      const address = { street: 'Seestrasse', postalCode: '8800', city: 'Thalwil' };
      const made = await homeless.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1, deliveryAddress: address });
      expect(made.status).toBe(201);
      expect(made.body.data.deliveryAddress).toEqual({ ...address, houseNumber: '', addressLine2: '', country: 'CH' });
    });

    it('needs a login', async () => {
      const g = await seedGame(server.database);
      const answer = await visitor('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 });
      expect(answer.status).toBe(401);
    });

    it('refuses more than the member may hold, saying how many are left', async () => {
      const g = await seedGame(server.database, { quota: 30, perMember: 4 });
      const five = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 5 });
      expect(five.status).toBe(409);
      expect(five.body.error.code).toBe('QUOTA_EXCEEDED');
      expect(five.body.error.message).toContain('noch 4 Tickets');
      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 3 })).status).toBe(201);
      const two = await member.call('POST', reservePath(g.gameId, g.optionIds[1]!), { amount: 2 });
      expect(two.status).toBe(409);
      expect(two.body.error.message).toContain('noch 1 Ticket reservieren');
      expect(two.body.error.fields.amount).toBeTruthy();
      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[1]!), { amount: 1 })).status).toBe(201);
      const full = await member.call('POST', reservePath(g.gameId, g.optionIds[1]!), { amount: 1 });
      expect(full.status).toBe(409);
      expect(full.body.error.message).toContain('noch 0 Tickets');
    });

    it('refuses more than the game has left, saying how many are left', async () => {
      const g = await seedGame(server.database, { quota: 5, perMember: 4 });
      expect((await other.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 4 })).status).toBe(201);
      const two = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 });
      expect(two.status).toBe(409);
      expect(two.body.error.message).toBe('Für dieses Spiel ist nur noch 1 Ticket verfügbar. Sie können sich auf die Warteliste setzen.');
      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 })).status).toBe(201);
      const sold = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 });
      expect(sold.status).toBe(409);
      expect(sold.body.error.message).toContain('ausverkauft');
      expect(sold.body.error.message).toContain('noch 0 Tickets');
      expect((await visitor('GET', `/games/${g.gameId}`)).body.data.ticketsLeft).toBe(0);
    });

    describe('refuses bad requests with the status docs/domain-rules.md «API conventions» gives, never 500, writing nothing', () => {
      let g: Awaited<ReturnType<typeof seedGame>>;
      let foreignOption: number;
      beforeAll(async () => {
        g = await seedGame(server.database);
        foreignOption = (await seedGame(server.database)).optionIds[0]!;
      });

      const cases: [string, () => [string, unknown, Record<string, string>?], number, string][] = [
        ['amount 0', () => [reservePath(g.gameId, g.optionIds[0]!), { amount: 0 }], 422, 'VALIDATION_FAILED'],
        ['a negative amount', () => [reservePath(g.gameId, g.optionIds[0]!), { amount: -2 }], 422, 'VALIDATION_FAILED'],
        ['amount 10^9', () => [reservePath(g.gameId, g.optionIds[0]!), { amount: 1e9 }], 422, 'VALIDATION_FAILED'],
        ['a fraction', () => [reservePath(g.gameId, g.optionIds[0]!), { amount: 1.5 }], 422, 'VALIDATION_FAILED'],
        ['amount as a string', () => [reservePath(g.gameId, g.optionIds[0]!), { amount: '2' }], 400, 'BAD_REQUEST'],
        ['no amount', () => [reservePath(g.gameId, g.optionIds[0]!), {}], 400, 'BAD_REQUEST'],
        ['an array body', () => [reservePath(g.gameId, g.optionIds[0]!), [1]], 400, 'BAD_REQUEST'],
        ['broken JSON', () => [reservePath(g.gameId, g.optionIds[0]!), '{"amount": 2'], 400, 'MALFORMED_JSON'],
        [
          'an address without street',
          () => [reservePath(g.gameId, g.optionIds[0]!), { amount: 1, deliveryAddress: { postalCode: '8000', city: 'Zürich' } }],
          400,
          'BAD_REQUEST',
        ],
        [
          'an address with an empty city',
          () => [reservePath(g.gameId, g.optionIds[0]!), { amount: 1, deliveryAddress: { street: 'A', postalCode: '8000', city: ' ' } }],
          422,
          'VALIDATION_FAILED',
        ],
        [
          'a malformed Idempotency-Key',
          () => [reservePath(g.gameId, g.optionIds[0]!), { amount: 1 }, { 'Idempotency-Key': 'kurz' }],
          400,
          'BAD_REQUEST',
        ],
        ['a malformed game id', () => ['/games/x/deliveryoptions/1/ticketreservations/', { amount: 1 }], 400, 'BAD_REQUEST'],
        ['an unknown game', () => [reservePath(999999, g.optionIds[0]!), { amount: 1 }], 404, 'NOT_FOUND'],
        ['an unknown option', () => [reservePath(g.gameId, 999999), { amount: 1 }], 404, 'NOT_FOUND'],
        ['an option of another group', () => [reservePath(g.gameId, foreignOption), { amount: 1 }], 404, 'NOT_FOUND'],
      ];
      for (const [name, make, status, code] of cases) {
        it(`${name}: ${status}`, async () => {
          const before = await ticketRowCounts(server.database);
          const [path, body, headers] = make();
          const answer = await member.call('POST', path, body, headers);
          expect(answer.status).toBe(status);
          expect(answer.body.error.code).toBe(code);
          expect(answer.body.error.message).toMatch(/[a-zäöü]/);
          expect(await ticketRowCounts(server.database)).toEqual(before);
        });
      }

      it('sales not yet open: 409 with the opening time', async () => {
        const later = await seedGame(server.database, {
          salesOpenAt: new Date('2099-03-01T09:00:00Z'),
          start: new Date('2099-04-01T18:00:00Z'),
        });
        const before = await ticketRowCounts(server.database);
        const answer = await member.call('POST', reservePath(later.gameId, later.optionIds[0]!), { amount: 1 });
        expect(answer.status).toBe(409);
        expect(answer.body.error).toMatchObject({
          code: 'SALES_CLOSED',
          message: 'Der Ticketverkauf für dieses Spiel beginnt am 01.03.2099 um 10:00 Uhr.',
        });
        expect(await ticketRowCounts(server.database)).toEqual(before);
      });

      it('sales closed: 409', async () => {
        const closed = await seedGame(server.database, { salesCloseAt: new Date(Date.now() - HOUR) });
        const before = await ticketRowCounts(server.database);
        const answer = await member.call('POST', reservePath(closed.gameId, closed.optionIds[0]!), { amount: 1 });
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe('SALES_CLOSED');
        expect(answer.body.error.message).toContain('geschlossen');
        expect(await ticketRowCounts(server.database)).toEqual(before);
      });

      it('a game in the past: 409', async () => {
        const past = await seedGame(server.database, { start: new Date(Date.now() - HOUR) });
        const before = await ticketRowCounts(server.database);
        const answer = await member.call('POST', reservePath(past.gameId, past.optionIds[0]!), { amount: 1 });
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe('SALES_CLOSED');
        expect(answer.body.error.message).toContain('bereits begonnen');
        expect(await ticketRowCounts(server.database)).toEqual(before);
      });

      it('a form post instead of JSON: 415', async () => {
        const before = await ticketRowCounts(server.database);
        const answer = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), 'amount=1', {
          'content-type': 'application/x-www-form-urlencoded',
        });
        expect(answer.status).toBe(415);
        expect(await ticketRowCounts(server.database)).toEqual(before);
      });
    });
  });

  describe('Idempotency-Key', () => {
    it('returns the first reservation for a retried request instead of reserving again', async () => {
      const g = await seedGame(server.database);
      const key = { 'Idempotency-Key': 'reserve-7f3c2a91-retry' };
      const first = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 }, key);
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotency-replayed')).toBeNull();
      const again = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 }, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(again.body.data).toEqual(first.body.data);
      expect(await server.database.prisma.ticketReservation.count({ where: { gameId: g.gameId } })).toBe(1);

      const changed = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 }, key);
      expect(changed.status).toBe(409);
      expect(changed.body.error.message).toContain('Idempotency-Key');
      // Keys belong to a member: the same key from someone else is a new request.
      expect((await other.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 }, key)).status).toBe(201);
    });
  });

  describe('cancelling', () => {
    it('lets the member cancel their own reservation while sales are open', async () => {
      const g = await seedGame(server.database, { quota: 10 });
      const made = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 3 });
      expect((await visitor('GET', `/games/${g.gameId}`)).body.data.ticketsLeft).toBe(7);
      expect((await visitor('DELETE', `/member/ticketreservations/${made.body.data.id}`)).status).toBe(401);
      const foreign = await other.call('DELETE', `/member/ticketreservations/${made.body.data.id}`);
      expect(foreign.status).toBe(404);
      const done = await member.call('DELETE', `/member/ticketreservations/${made.body.data.id}`);
      expect(done.status).toBe(204);
      expect((await visitor('GET', `/games/${g.gameId}`)).body.data.ticketsLeft).toBe(10);
      expect(await server.database.prisma.ticketReservation.count({ where: { gameId: g.gameId } })).toBe(0);
      expect((await member.call('DELETE', `/member/ticketreservations/${made.body.data.id}`)).status).toBe(404);
      expect((await member.call('DELETE', '/member/ticketreservations/abc')).status).toBe(400);
    });

    it('refuses to cancel once sales have closed (409), and says so in the account', async () => {
      const g = await seedGame(server.database);
      const made = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 });
      await server.database.prisma.game.update({ where: { id: g.gameId }, data: { salesCloseAt: new Date(Date.now() - 1000) } });
      const me = await member.call('GET', '/member/');
      expect(me.body.data.ticketReservations.find((t: { id: number }) => t.id === made.body.data.id).cancellable).toBe(false);
      const answer = await member.call('DELETE', `/member/ticketreservations/${made.body.data.id}`);
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('SALES_CLOSED');
      expect(await server.database.prisma.ticketReservation.count({ where: { id: made.body.data.id } })).toBe(1);
    });
  });

  it.skipIf(!testDatabaseUrl)(
    'refuses a sold-out game and a member at their limit at once, without waiting for the locked game (PostgreSQL)',
    async () => {
      const soldOut = await seedGame(server.database, { quota: 2, perMember: 4 });
      const limited = await seedGame(server.database, { quota: 10, perMember: 4 });
      expect((await other.call('POST', reservePath(soldOut.gameId, soldOut.optionIds[0]!), { amount: 2 })).status).toBe(201);
      expect((await member.call('POST', reservePath(limited.gameId, limited.optionIds[0]!), { amount: 4 })).status).toBe(201);
      const before = await ticketRowCounts(server.database);
      const answers: Awaited<ReturnType<Call>>[] = [];
      await server.database.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT "id" FROM "games" WHERE "id" IN (${soldOut.gameId}, ${limited.gameId}) FOR UPDATE`;
          const started = Date.now();
          answers.push(await member.call('POST', reservePath(soldOut.gameId, soldOut.optionIds[1]!), { amount: 1 }));
          answers.push(await member.call('POST', reservePath(limited.gameId, limited.optionIds[0]!), { amount: 1 }));
          // Answered from what was committed, not after the lock's timeout (3 s, then 503).
          expect(Date.now() - started).toBeLessThan(LOCK_TIMEOUT_MS);
        },
        { timeout: 20_000 },
      );
      expect(answers.map((a) => [a.status, a.body.error.code])).toEqual([
        [409, 'QUOTA_EXCEEDED'],
        [409, 'QUOTA_EXCEEDED'],
      ]);
      expect(answers[0]!.body.error.message).toMatch(/ausverkauft/);
      expect(answers[1]!.body.error.message).toMatch(/bereits 4 Tickets reserviert/);
      expect(await ticketRowCounts(server.database)).toEqual(before);
    },
  );

  it.skipIf(!testDatabaseUrl)(
    'answers 503 BUSY with "bitte nochmals versuchen" when the game stays locked too long (PostgreSQL)',
    async () => {
      const g = await seedGame(server.database);
      const before = await ticketRowCounts(server.database);
      let answer: Awaited<ReturnType<Call>> | undefined;
      await server.database.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT "id" FROM "games" WHERE "id" = ${g.gameId} FOR UPDATE`;
          const started = Date.now();
          answer = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 });
          // The lock timeout (3 s) answered, not the transaction timeout (15 s).
          expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 100);
          expect(Date.now() - started).toBeLessThan(LOCK_TIMEOUT_MS + 5_000);
        },
        { timeout: 20_000 },
      );
      expect(answer?.status).toBe(503);
      expect(answer?.body.error.code).toBe('BUSY');
      expect(answer?.body.error.message).toMatch(/bitte nochmals versuchen/i);
      expect(await ticketRowCounts(server.database)).toEqual(before);
    },
  );
});
