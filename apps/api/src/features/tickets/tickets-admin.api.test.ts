import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, DAY, HOUR, loggedIn, reservePath, seedGame, ticketRowCounts, type Call, type Json } from './tickets.test-support.ts';

const future = (days: number, hour = 19) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 45, 0, 0);
  return d.toISOString();
};

describe("the board's ticket administration", () => {
  let server: TestServer;
  let visitor: Call;
  let member: { id: number; call: Call };
  let board: { id: number; call: Call };

  beforeAll(async () => {
    server = await startTestServer();
    visitor = client(server.url);
    member = await loggedIn(server.url, server.database);
    board = await loggedIn(server.url, server.database, true);
  });
  afterAll(async () => {
    await server?.close();
  });

  const groupBody = (over: Record<string, unknown> = {}) => ({
    name: unique('Heimspiele '),
    defaultPricePerTicket: { currency: 'CHF', amount: 35.5 },
    availableTicketsPerGame: 30,
    freeTicketAmount: 4,
    ...over,
  });
  const gameBody = (over: Record<string, unknown> = {}) => ({
    start: future(20),
    opponent: 'SCB',
    homeGame: true,
    venue: 'Swiss Life Arena',
    ...over,
  });
  const lastAudit = () => server.database.prisma.auditLog.findFirstOrThrow({ orderBy: { id: 'desc' } });

  async function newOption(): Promise<number> {
    const answer = await board.call('POST', '/admin/deliveryoptions/', { name: unique('Option ') });
    expect(answer.status).toBe(201);
    return answer.body.data.id;
  }
  async function newGroup(over: Record<string, unknown> = {}): Promise<Json> {
    const answer = await board.call('POST', '/admin/gamegroups/', groupBody(over));
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  describe('guards every route: visitor 401, member 403, nothing written', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/deliveryoptions/'],
      ['POST', '/admin/deliveryoptions/', { name: 'X' }],
      ['PUT', '/admin/deliveryoptions/1', { name: 'X' }],
      ['DELETE', '/admin/deliveryoptions/1'],
      ['GET', '/admin/gamegroups/?expands=*'],
      ['POST', '/admin/gamegroups/', {}],
      ['GET', '/admin/gamegroups/1?expands=*'],
      ['PUT', '/admin/gamegroups/1', {}],
      ['DELETE', '/admin/gamegroups/1'],
      ['DELETE', '/admin/gamegroups/1/deliveryoptions/'],
      ['PUT', '/admin/gamegroups/1/deliveryoptions/', [{ id: 1 }]],
      ['POST', '/admin/gamegroups/1/games/', {}],
      ['PUT', '/admin/games/1', {}],
      ['DELETE', '/admin/games/1'],
      ['GET', '/admin/games/1/reservations?page=2'],
    ];
    for (const [method, path, body] of routes) {
      it(`${method} ${path}`, async () => {
        const before = await ticketRowCounts(server.database);
        const v = await visitor(method, path, body);
        expect(v.status).toBe(401);
        expect(v.body.error.code).toBe('NOT_LOGGED_IN');
        const m = await member.call(method, path, body);
        expect(m.status).toBe(403);
        expect(m.body.error.code).toBe('FORBIDDEN');
        expect(await ticketRowCounts(server.database)).toEqual(before);
      });
    }
  });

  describe('delivery options', () => {
    it('are listed, created, renamed and deleted, each change audited', async () => {
      const name = unique('Abholung im Fanlokal ');
      const created = await board.call('POST', '/admin/deliveryoptions/', { name: `  ${name} ` });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({
        id: expect.any(Number),
        name,
        fee: { currency: 'CHF', amount: 0 },
        gameGroupCount: 0,
        reservationCount: 0,
      });
      const id = created.body.data.id;
      expect(await lastAudit()).toMatchObject({
        action: 'deliveryoption.created',
        entity: 'delivery_option',
        entityId: String(id),
        actorId: board.id,
      });

      const list = await board.call('GET', '/admin/deliveryoptions');
      expect(list.status).toBe(200);
      expect(list.body.data.map((d: Json) => d.data)).toContainEqual(created.body.data);

      const renamed = await board.call('PUT', `/admin/deliveryoptions/${id}`, { name: `${name} (neu)` });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.name).toBe(`${name} (neu)`);
      expect(await lastAudit()).toMatchObject({ action: 'deliveryoption.updated', entityId: String(id) });

      expect((await board.call('DELETE', `/admin/deliveryoptions/${id}`)).status).toBe(204);
      expect(await lastAudit()).toMatchObject({ action: 'deliveryoption.deleted', entityId: String(id) });
      expect(await server.database.prisma.deliveryOption.count({ where: { id } })).toBe(0);
    });

    it('refuses bad input (400/422), unknown ids (404) and duplicate names (409), writing nothing', async () => {
      const id = await newOption();
      const existing = (await server.database.prisma.deliveryOption.findUniqueOrThrow({ where: { id } })).name;
      const before = await ticketRowCounts(server.database);
      const checks: [string, string, unknown, number][] = [
        ['POST', '/admin/deliveryoptions/', {}, 400],
        ['POST', '/admin/deliveryoptions/', { name: 5 }, 400],
        ['POST', '/admin/deliveryoptions/', { name: '   ' }, 422],
        ['POST', '/admin/deliveryoptions/', { name: 'x'.repeat(81) }, 422],
        ['POST', '/admin/deliveryoptions/', { name: existing.toUpperCase() }, 409],
        ['PUT', `/admin/deliveryoptions/${id}`, { name: '' }, 422],
        ['PUT', '/admin/deliveryoptions/abc', { name: 'X' }, 400],
        ['PUT', '/admin/deliveryoptions/999999', { name: unique('X') }, 404],
        ['DELETE', '/admin/deliveryoptions/999999', undefined, 404],
      ];
      for (const [method, path, body, status] of checks) {
        const answer = await board.call(method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
        expect(answer.body.error.message).toBeTruthy();
      }
      const other = await newOption();
      const dup = await board.call('PUT', `/admin/deliveryoptions/${other}`, { name: existing });
      expect(dup.status).toBe(409);
      expect(dup.body.error.message).toContain('gibt es bereits');
      expect(await ticketRowCounts(server.database)).toEqual({ ...before, options: before.options + 1, audit: before.audit + 1 });
    });

    it('cannot be deleted while a group offers it or a reservation uses it (409)', async () => {
      const g = await seedGame(server.database);
      const offered = await board.call('DELETE', `/admin/deliveryoptions/${g.optionIds[0]}`);
      expect(offered.status).toBe(409);
      expect(offered.body.error.code).toBe('IN_USE');
      expect(offered.body.error.message).toMatch(/wird noch verwendet \(1 Spielegruppe\)/);

      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[1]!), { amount: 1 })).status).toBe(201);
      expect((await board.call('PUT', `/admin/gamegroups/${g.groupId}/deliveryoptions/`, [{ id: g.optionIds[0] }])).status).toBe(200);
      const used = await board.call('DELETE', `/admin/deliveryoptions/${g.optionIds[1]}`);
      expect(used.status).toBe(409);
      expect(used.body.error.message).toMatch(/1 Reservation\)/);
      const list = await board.call('GET', '/admin/deliveryoptions/');
      expect(list.body.data.find((d: Json) => d.data.id === g.optionIds[1]).data).toMatchObject({ gameGroupCount: 0, reservationCount: 1 });
    });
  });

  describe('game groups', () => {
    it('are created, listed with their games, read with the expands of docs/domain-rules.md «Data and expands», changed and deleted', async () => {
      const [o1, o2] = [await newOption(), await newOption()];
      const body = groupBody();
      const created = await board.call('POST', '/admin/gamegroups/', body);
      expect(created.status).toBe(201);
      const group = created.body.data;
      expect(group).toEqual({ id: expect.any(Number), ...body, paymentMode: 'INVOICE', deliveryOptions: [], games: [] });
      expect(await lastAudit()).toMatchObject({ action: 'gamegroup.created', entity: 'game_group', entityId: String(group.id) });

      expect((await board.call('DELETE', `/admin/gamegroups/${group.id}/deliveryoptions/`)).status).toBe(204);
      const put = await board.call('PUT', `/admin/gamegroups/${group.id}/deliveryoptions/`, [{ id: o2 }, { id: o1 }, { id: o1 }]);
      expect(put.status).toBe(200);
      expect(put.body.data.map((d: Json) => d.data.id).sort()).toEqual([o1, o2].sort());
      expect(await lastAudit()).toMatchObject({ action: 'gamegroup.deliveryoptions.set', entityId: String(group.id) });

      const game = await board.call(
        'POST',
        `/admin/gamegroups/${group.id}/games/`,
        gameBody({ opponent: 'hcd', homeGame: false, venue: 'Eisstadion Davos' }),
      );
      expect(game.status).toBe(201);
      expect(game.body.data).toMatchObject({
        gameGroupId: group.id,
        opponent: 'HCD',
        homeGame: false,
        salesOpen: true,
        salesState: 'OPEN',
        reserved: 0,
        ticketsLeft: 30,
        reservations: [],
      });

      const one = await board.call('GET', `/admin/gamegroups/${group.id}?expands=*`);
      expect(one.status).toBe(200);
      expect(one.body.data.deliveryOptions.map((o: Json) => o.id).sort()).toEqual([o1, o2].sort());
      expect(one.body.data.games.map((g: Json) => g.id)).toEqual([game.body.data.id]);
      expect(one.body.expands.map((e: Json) => e.name)).toEqual(['gamegroupdeliveryoption', 'games']);
      expect(one.body.expands[0].data).toEqual(one.body.data.deliveryOptions);
      expect((await board.call('GET', `/admin/gamegroups/${group.id}`)).body.expands).toBeUndefined();
      expect((await board.call('GET', `/admin/gamegroups/${group.id}?expands=games`)).body.expands.map((e: Json) => e.name)).toEqual([
        'games',
      ]);

      const list = await board.call('GET', '/admin/gamegroups/?expands=*');
      expect(list.status).toBe(200);
      const listed = list.body.data.find((d: Json) => d.data.id === group.id).data;
      expect(listed.games.map((g: Json) => g.id)).toEqual([game.body.data.id]);

      const changed = await board.call(
        'PUT',
        `/admin/gamegroups/${group.id}`,
        groupBody({
          name: `${body.name} neu`,
          defaultPricePerTicket: { currency: 'CHF', amount: 40 },
          availableTicketsPerGame: 50,
          freeTicketAmount: 6,
        }),
      );
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({
        name: `${body.name} neu`,
        defaultPricePerTicket: { currency: 'CHF', amount: 40 },
        availableTicketsPerGame: 50,
        freeTicketAmount: 6,
      });
      expect(await lastAudit()).toMatchObject({ action: 'gamegroup.updated', entityId: String(group.id) });
      const row = await server.database.prisma.gameGroup.findUniqueOrThrow({ where: { id: group.id } });
      expect(row.defaultPricePerTicketRappen).toBe(4000);

      expect((await board.call('DELETE', `/admin/gamegroups/${group.id}`)).status).toBe(204);
      expect(await lastAudit()).toMatchObject({ action: 'gamegroup.deleted', entityId: String(group.id) });
      expect(await server.database.prisma.game.count({ where: { gameGroupId: group.id } })).toBe(0);
      expect(await server.database.prisma.deliveryOption.count({ where: { id: { in: [o1, o2] } } })).toBe(2);
    });

    it('refuses bad input (400/422), unknown ids (404) and duplicate names (409), writing nothing', async () => {
      const group = await newGroup();
      const before = await ticketRowCounts(server.database);
      const checks: [string, string, unknown, number][] = [
        ['POST', '/admin/gamegroups/', {}, 400],
        ['POST', '/admin/gamegroups/', groupBody({ availableTicketsPerGame: '30' }), 400],
        ['POST', '/admin/gamegroups/', groupBody({ defaultPricePerTicket: 35 }), 400],
        ['POST', '/admin/gamegroups/', groupBody({ defaultPricePerTicket: { currency: 'EUR', amount: 35 } }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ defaultPricePerTicket: { currency: 'CHF', amount: -1 } }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ defaultPricePerTicket: { currency: 'CHF', amount: 35.555 } }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ availableTicketsPerGame: -1 }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ availableTicketsPerGame: 2.5 }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ freeTicketAmount: 0 }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ freeTicketAmount: 1e9 }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ availableTicketsPerGame: 3, freeTicketAmount: 4 }), 422],
        ['PUT', `/admin/gamegroups/${group.id}`, groupBody({ availableTicketsPerGame: 2, freeTicketAmount: 4 }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ name: '' }), 422],
        ['POST', '/admin/gamegroups/', groupBody({ name: group.name }), 409],
        ['PUT', `/admin/gamegroups/${group.id}`, groupBody({ freeTicketAmount: null }), 400],
        ['PUT', '/admin/gamegroups/999999', groupBody(), 404],
        ['PUT', '/admin/gamegroups/0', groupBody(), 400],
        ['GET', '/admin/gamegroups/999999?expands=*', undefined, 404],
        ['DELETE', '/admin/gamegroups/999999', undefined, 404],
        ['DELETE', '/admin/gamegroups/999999/deliveryoptions/', undefined, 404],
        ['PUT', '/admin/gamegroups/999999/deliveryoptions/', [], 404],
        ['PUT', `/admin/gamegroups/${group.id}/deliveryoptions/`, { id: 1 }, 400],
        ['PUT', `/admin/gamegroups/${group.id}/deliveryoptions/`, [{ id: 'a' }], 400],
        ['PUT', `/admin/gamegroups/${group.id}/deliveryoptions/`, [{ id: 999999 }], 422],
      ];
      for (const [method, path, body, status] of checks) {
        const answer = await board.call(method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
        expect(answer.body.error.message).toBeTruthy();
      }
      const other = await newGroup();
      const dup = await board.call('PUT', `/admin/gamegroups/${other.id}`, groupBody({ name: group.name }));
      expect(dup.status).toBe(409);
      expect(dup.body.error.message).toContain('gibt es bereits');
      expect(await ticketRowCounts(server.database)).toEqual({ ...before, groups: before.groups + 1, audit: before.audit + 1 });
    });

    it('refuses to lower the quota below what a game has reserved, or the member limit below what a member holds (409)', async () => {
      const g = await seedGame(server.database, { quota: 10, perMember: 4 });
      const group = (await board.call('GET', `/admin/gamegroups/${g.groupId}`)).body.data;
      const body = {
        name: group.name,
        defaultPricePerTicket: group.defaultPricePerTicket,
        availableTicketsPerGame: 10,
        freeTicketAmount: 4,
      };
      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 3 })).status).toBe(201);
      const other = await loggedIn(server.url, server.database);
      expect((await other.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 })).status).toBe(201);
      const before = await ticketRowCounts(server.database);

      const quota = await board.call('PUT', `/admin/gamegroups/${g.groupId}`, { ...body, availableTicketsPerGame: 4 });
      expect(quota.status).toBe(409);
      expect(quota.body.error.code).toBe('CONFLICT');
      expect(quota.body.error.message).toContain('bereits 5 Tickets reserviert');
      const perMember = await board.call('PUT', `/admin/gamegroups/${g.groupId}`, { ...body, freeTicketAmount: 2 });
      expect(perMember.status).toBe(409);
      expect(perMember.body.error.message).toContain('bereits 3 Tickets');
      expect(await ticketRowCounts(server.database)).toEqual(before);

      expect(
        (await board.call('PUT', `/admin/gamegroups/${g.groupId}`, { ...body, availableTicketsPerGame: 5, freeTicketAmount: 3 })).status,
      ).toBe(200);
      const game = await visitor('GET', `/games/${g.gameId}`);
      expect(game.body.data.ticketsLeft).toBe(0);
    });

    it('cannot be deleted while reservations exist (409); dropping its options keeps the reservations', async () => {
      const g = await seedGame(server.database);
      const made = await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 });
      expect(made.status).toBe(201);

      expect((await board.call('DELETE', `/admin/gamegroups/${g.groupId}/deliveryoptions/`)).status).toBe(204);
      expect(await lastAudit()).toMatchObject({ action: 'gamegroup.deliveryoptions.cleared', entityId: String(g.groupId) });
      expect((await board.call('PUT', `/admin/gamegroups/${g.groupId}/deliveryoptions/`, [{ id: g.optionIds[1] }])).status).toBe(200);
      const detail = await board.call('GET', `/admin/gamegroups/${g.groupId}?expands=*`);
      expect(detail.body.data.deliveryOptions.map((o: Json) => o.id)).toEqual([g.optionIds[1]]);
      const game = detail.body.data.games[0];
      expect(game).toMatchObject({ reserved: 2, ticketsLeft: 28 });
      expect(game.reservations).toEqual([
        {
          id: made.body.data.id,
          member: { id: member.id, memberNumber: expect.any(Number), firstName: 'Test', lastName: expect.any(String) },
          amount: 2,
          deliveryOption: made.body.data.deliveryOption,
          deliveryAddress: made.body.data.deliveryAddress,
          price: made.body.data.price,
          createdAt: made.body.data.createdAt,
          status: 'CONFIRMED',
          drawRank: null,
          movedUpAt: null,
        },
      ]);
      const own = (await member.call('GET', '/member/')).body.data.ticketReservations.find((t: Json) => t.id === made.body.data.id);
      expect(own.deliveryOption.id).toBe(g.optionIds[0]);
      // The dropped option is no longer offered for new reservations.
      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 })).status).toBe(404);

      const before = await ticketRowCounts(server.database);
      const refused = await board.call('DELETE', `/admin/gamegroups/${g.groupId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('IN_USE');
      expect(refused.body.error.message).toContain('1 Reservation');
      expect(await ticketRowCounts(server.database)).toEqual(before);
    });
  });

  describe('games', () => {
    it('are added, changed and deleted with a sales window, each change audited', async () => {
      const group = await newGroup();
      const created = await board.call(
        'POST',
        `/admin/gamegroups/${group.id}/games/`,
        gameBody({ salesOpenAt: future(5), salesCloseAt: future(19) }),
      );
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      expect(created.body.data).toMatchObject({
        salesOpen: false,
        salesState: 'NOT_YET_OPEN',
        salesOpenAt: future(5),
        salesCloseAt: future(19),
      });
      expect(await lastAudit()).toMatchObject({ action: 'game.created', entity: 'game', entityId: String(id) });

      const changed = await board.call(
        'PUT',
        `/admin/games/${id}`,
        gameBody({ start: future(30), opponent: 'LHC', homeGame: false, venue: 'Vaudoise Aréna', salesOpenAt: null }),
      );
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({
        start: future(30),
        opponent: 'LHC',
        homeGame: false,
        venue: 'Vaudoise Aréna',
        salesOpenAt: null,
        salesCloseAt: null,
        salesOpen: true,
      });
      expect(await lastAudit()).toMatchObject({ action: 'game.updated', entityId: String(id) });

      expect((await board.call('DELETE', `/admin/games/${id}`)).status).toBe(204);
      expect(await lastAudit()).toMatchObject({ action: 'game.deleted', entityId: String(id) });
      expect(await server.database.prisma.game.count({ where: { id } })).toBe(0);
    });

    it('refuses bad input (400/422) and unknown ids (404), writing nothing', async () => {
      const group = await newGroup();
      const game = (await board.call('POST', `/admin/gamegroups/${group.id}/games/`, gameBody())).body.data;
      const before = await ticketRowCounts(server.database);
      const checks: [string, string, unknown, number][] = [
        ['POST', `/admin/gamegroups/${group.id}/games/`, {}, 400],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ homeGame: 'ja' }), 400],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ start: '12.01.2027 19:45' }), 422],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ start: new Date(Date.now() - DAY).toISOString() }), 422],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ opponent: 'ZSC' }), 422],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ opponent: 'S C B!' }), 422],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ venue: '' }), 422],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ salesCloseAt: future(21) }), 422],
        ['POST', `/admin/gamegroups/${group.id}/games/`, gameBody({ salesOpenAt: future(10), salesCloseAt: future(9) }), 422],
        ['POST', '/admin/gamegroups/999999/games/', gameBody(), 404],
        ['PUT', '/admin/games/999999', gameBody(), 404],
        ['PUT', `/admin/games/${game.id}`, gameBody({ start: new Date(Date.now() - DAY).toISOString() }), 422],
        ['DELETE', '/admin/games/999999', undefined, 404],
        ['DELETE', '/admin/games/-1', undefined, 400],
      ];
      for (const [method, path, body, status] of checks) {
        const answer = await board.call(method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
        expect(answer.body.error.message).toBeTruthy();
      }
      expect(await ticketRowCounts(server.database)).toEqual(before);
    });

    it('cannot be deleted while it has reservations (409)', async () => {
      const g = await seedGame(server.database);
      expect((await member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 })).status).toBe(201);
      const before = await ticketRowCounts(server.database);
      const answer = await board.call('DELETE', `/admin/games/${g.gameId}`);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ code: 'IN_USE' });
      expect(answer.body.error.message).toContain('1 Reservation');
      expect(await ticketRowCounts(server.database)).toEqual(before);
    });

    it('sends the first 50 reservations with the group and the rest page by page, in the same order', async () => {
      const g = await seedGame(server.database, { quota: 1000 });
      const start = Date.now() - 60 * HOUR;
      await server.database.prisma.ticketReservation.createMany({
        data: Array.from({ length: 57 }, (_, i) => ({
          gameId: g.gameId,
          memberId: member.id,
          deliveryOptionId: g.optionIds[0]!,
          amount: 1 + (i % 3),
          pricePerTicketRappen: 3550,
          street: 'Limmatstrasse',
          postalCode: '8005',
          city: 'Zürich',
          createdAt: new Date(start + i * 60_000),
        })),
      });
      const rows = await server.database.prisma.ticketReservation.findMany({ where: { gameId: g.gameId }, orderBy: { createdAt: 'asc' } });

      const detail = await board.call('GET', `/admin/gamegroups/${g.groupId}?expands=*`);
      const game = detail.body.data.games[0];
      expect(game).toMatchObject({ reservationCount: 57, reserved: rows.reduce((sum, r) => sum + r.amount, 0) });
      expect(game.reservations.map((r: Json) => r.id)).toEqual(rows.slice(0, 50).map((r) => r.id));

      const second = await board.call('GET', `/admin/games/${g.gameId}/reservations?page=2`);
      expect(second.status).toBe(200);
      expect(second.headers.get('x-total-count')).toBe('57');
      expect(second.body.page).toEqual({ page: 2, pageSize: 50, total: 57, totalPages: 2 });
      expect(second.body.data.map((item: Json) => item.data.id)).toEqual(rows.slice(50).map((r) => r.id));
      expect(second.body.data[0].data).toEqual(
        expect.objectContaining({ member: expect.objectContaining({ id: member.id }), status: 'CONFIRMED' }),
      );

      const small = await board.call('GET', `/admin/games/${g.gameId}/reservations?page=3&pageSize=20`);
      expect(small.body.data.map((item: Json) => item.data.id)).toEqual(rows.slice(40, 57).map((r) => r.id));
      const beyond = await board.call('GET', `/admin/games/${g.gameId}/reservations?page=9`);
      expect(beyond.body).toMatchObject({ data: [], page: { page: 9, total: 57 } });
    });

    it('refuses a bad page of reservations with a German message, and an unknown game with 404', async () => {
      const g = await seedGame(server.database);
      const checks: [string, number, string][] = [
        [`/admin/games/${g.gameId}/reservations?page=0`, 400, 'Seite'],
        [`/admin/games/${g.gameId}/reservations?page=x`, 400, 'Seite'],
        [`/admin/games/${g.gameId}/reservations?pageSize=201`, 400, 'Seitengrösse'],
        ['/admin/games/999999/ticketreservations', 404, 'Spiel'],
        ['/admin/games/abc/ticketreservations', 400, ''],
      ];
      for (const [path, status, word] of checks) {
        const answer = await board.call('GET', path);
        expect([status, status === 400 ? 422 : status], path).toContain(answer.status);
        expect(JSON.stringify(answer.body.error), path).toContain(word);
      }
    });
  });
});
