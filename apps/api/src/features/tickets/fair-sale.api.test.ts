import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawOrder, drawWeight, seedHash, servedInOrder } from '@club/contract/fair-sale';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { createLogger } from '../../lib/logger.ts';
import { runDueDraws } from './fair-sale.service.ts';
import { client, DAY, HOUR, loggedIn, reservePath, seedGame, type Call, type Json } from './tickets.test-support.ts';

const MEMBERS = 14;
const run = promisify(execFile);

interface Someone {
  id: number;
  email: string;
  call: Call;
}

/** The fair sale over HTTP: requests, the draw, the published data, the waiting list and tickets given back. */
describe('the fair sale', () => {
  let server: TestServer;
  let second: TestServer;
  let board: Call;
  let visitor: Call;
  const members: Someone[] = [];
  let memberCookie = '';

  beforeAll(async () => {
    server = await startTestServer();
    // A second instance of the site over the same database (scale-out).
    second = await startTestServer({ database: server.database });
    board = (await loggedIn(server.url, server.database, true)).call;
    visitor = client(server.url);
    for (let i = 0; i < MEMBERS; i++) {
      const m = await createMember(server.database.prisma);
      const { cookie } = await loginAs(server.url, m.username, m.password);
      members.push({ id: m.id, email: m.email, call: client(server.url, cookie) });
      memberCookie ||= cookie;
    }
  }, 300_000);
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const db = () => server.database.prisma;
  const confirmedSum = async (gameId: number) =>
    (await db().ticketReservation.aggregate({ where: { gameId, status: 'CONFIRMED' }, _sum: { amount: true } }))._sum.amount ?? 0;
  const rowsOf = (gameId: number) => db().ticketReservation.findMany({ where: { gameId }, orderBy: { id: 'asc' } });

  describe('a game as a draw in the game form', () => {
    it('stores sale mode and draw time and refuses a draw without a time, or one after the game', async () => {
      const g = await seedGame(server.database);
      const start = new Date(Date.now() + 20 * DAY).toISOString();
      const base = { start, opponent: 'SCB', homeGame: true, venue: 'Swiss Life Arena' };
      const made = await board('POST', `/admin/gamegroups/${g.groupId}/games/`, {
        ...base,
        saleMode: 'DRAW',
        drawAt: new Date(Date.now() + 5 * DAY).toISOString(),
      });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({ saleMode: 'DRAW', drawnAt: null, requested: 0, waiting: 0 });
      const row = await db().game.findUniqueOrThrow({ where: { id: made.body.data.id } });
      expect(row.drawSeed).toMatch(/^[0-9a-f]{64}$/);

      const without = await board('POST', `/admin/gamegroups/${g.groupId}/games/`, { ...base, saleMode: 'DRAW' });
      expect([400, 422]).toContain(without.status);
      expect(without.body.error.fields.drawAt).toBeDefined();
      const late = await board('POST', `/admin/gamegroups/${g.groupId}/games/`, {
        ...base,
        saleMode: 'DRAW',
        drawAt: new Date(Date.now() + 21 * DAY).toISOString(),
      });
      expect(late.body.error.fields.drawAt).toContain('vor dem Spielbeginn');
    });
  });

  describe('a derby by draw', () => {
    let gameId: number;
    let optionId: number;
    const amounts = [2, 2, 3, 1, 2, 4, 1, 2, 3, 2];

    beforeAll(async () => {
      const g = await seedGame(server.database, { quota: 10, perMember: 4, drawAt: new Date(Date.now() + 2 * DAY) });
      gameId = g.gameId;
      optionId = g.optionIds[0]!;
    });

    it('publishes the seed hash while requests are open, but neither seed nor entries', async () => {
      const draw = await visitor('GET', `/games/${gameId}/draw`);
      expect(draw.status).toBe(200);
      const row = await db().game.findUniqueOrThrow({ where: { id: gameId } });
      expect(draw.body.data).toMatchObject({
        algorithm: 'weighted-sha256-v1',
        seedHash: seedHash(row.drawSeed!),
        seed: null,
        entries: [],
        order: [],
      });
    });

    it('records requests (status REQUESTED, one per member), which members may change or withdraw until the draw', async () => {
      for (const [i, amount] of amounts.entries()) {
        const made = await members[i]!.call('POST', reservePath(gameId, optionId), { amount });
        expect(made.status).toBe(201);
        expect(made.body.data).toMatchObject({ status: 'REQUESTED', amount, cancellable: true });
      }
      const again = await members[0]!.call('POST', reservePath(gameId, optionId), { amount: 1 });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain('bereits eine Anfrage');
      const over = await members[10]!.call('POST', reservePath(gameId, optionId), { amount: 5 });
      expect(over.status).toBe(409);

      // Member 10 requests and withdraws; member 1 changes 2 → 3.
      const withdrawn = await members[10]!.call('POST', reservePath(gameId, optionId), { amount: 1 });
      expect((await members[10]!.call('DELETE', `/member/ticketreservations/${withdrawn.body.data.id}`)).status).toBe(204);
      const own = (await rowsOf(gameId)).find((r) => r.memberId === members[1]!.id)!;
      const changed = await members[1]!.call('PUT', `/member/ticketreservations/${own.id}`, { amount: 3 });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ amount: 3, status: 'REQUESTED' });
      amounts[1] = 3;

      const game = await members[0]!.call('GET', `/games/${gameId}`);
      expect(game.body.data).toMatchObject({
        saleMode: 'DRAW',
        ticketsRequested: amounts.reduce((a, b) => a + b, 0),
        ticketsLeft: 10,
        ownRequest: { status: 'REQUESTED', amount: 2, position: null },
        ticketsMayReserve: 0,
      });
      expect(await confirmedSum(gameId)).toBe(0);
    });

    it('draws once when the board presses twice and the other instance presses at the same time: one 200, the others 409', async () => {
      const secondBoard = client(second.url, (await loginAs(second.url, ...(await boardLogin()))).cookie);
      const answers = await Promise.all([
        board('POST', `/admin/games/${gameId}/draw`),
        board('POST', `/admin/games/${gameId}/draw`),
        secondBoard('POST', `/admin/games/${gameId}/draw`),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'ALREADY_DECIDED')).toBe(true);
      expect(await db().drawEntry.count({ where: { gameId } })).toBe(amounts.length);
      expect(await db().auditLog.count({ where: { action: 'game.drawn', entityId: String(gameId) } })).toBe(1);
    });

    it("after the draw, the board's game still counts the tickets its requests asked for", async () => {
      const { gameGroupId } = await db().game.findUniqueOrThrow({ where: { id: gameId } });
      const detail = await board('GET', `/admin/gamegroups/${gameGroupId}?expands=*`);
      const game = detail.body.data.games.find((g: Json) => g.id === gameId);
      const requested = amounts.reduce((a, b) => a + b, 0);
      expect(await db().ticketReservation.count({ where: { gameId, status: 'REQUESTED' } })).toBe(0);
      expect(game).toMatchObject({
        drawnAt: expect.any(String),
        requested,
        reserved: await confirmedSum(gameId),
        reservationCount: amounts.length,
      });
    });

    async function boardLogin(): Promise<[string, string]> {
      const m = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
      return [m.username, m.password];
    }

    it('publishes seed, entries with their weight components and order that every member can recompute; winners are served whole, nothing unsold while a request fits', async () => {
      // A visitor sees algorithm, seed hash and seed, but no member numbers or weights.
      const publicDraw = (await visitor('GET', `/games/${gameId}/draw`)).body.data as Json;
      expect(publicDraw).toMatchObject({
        algorithm: 'weighted-sha256-v1',
        entries: [],
        order: [],
        served: [],
        entriesForMembersOnly: true,
      });
      expect(seedHash(publicDraw.seed)).toBe(publicDraw.seedHash);
      const { body } = await members[0]!.call('GET', `/games/${gameId}/draw`);
      const draw = body.data as Json;
      expect(draw.entriesForMembersOnly).toBe(false);
      for (const entry of draw.entries as Json[]) {
        expect(entry.weight).toBe(drawWeight({ completedSeasons: entry.completedSeasons, lostDraws: entry.lostDraws }));
      }
      expect(seedHash(draw.seed)).toBe(draw.seedHash);
      expect(draw.entries).toHaveLength(amounts.length);
      expect(drawOrder(draw.seed, draw.entries)).toEqual(draw.order);
      const ordered = draw.order.map((n: number) => draw.entries.find((e: Json) => e.memberNumber === n));
      expect(servedInOrder(draw.drawTickets, ordered).map((e: Json) => e.memberNumber)).toEqual(draw.served);
      expect(draw.drawTickets).toBe(10);

      const rows = await rowsOf(gameId);
      const confirmed = rows.filter((r) => r.status === 'CONFIRMED');
      const waiting = rows.filter((r) => r.status === 'WAITING');
      const sold = confirmed.reduce((s, r) => s + r.amount, 0);
      expect(sold).toBeLessThanOrEqual(10);
      expect(waiting.every((r) => r.amount > 10 - sold)).toBe(true);
      expect(confirmed.length + waiting.length).toBe(amounts.length);
      expect(rows.every((r) => r.drawRank !== null)).toBe(true);
      // Every requester got a mail with the outcome.
      const mails = await db().mailOutbox.findMany({ where: { subject: { startsWith: 'Auslosung' } } });
      expect(mails.length).toBe(amounts.length);
    });

    it('is confirmed by pnpm verify-draw, and a tampered entry is caught', async () => {
      const root = fileURLToPath(new URL('../../../../../', import.meta.url));
      const verify = () =>
        run(
          join(root, 'node_modules/.bin/tsx'),
          [join(root, 'scripts/verify-draw.ts'), '--', '--game', String(gameId), '--url', server.url, '--cookie', memberCookie],
          {
            cwd: root,
          },
        ).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
        );
      const ok = await verify();
      expect(ok.out).toContain('bestätigt (weighted-sha256-v1');
      expect(ok.code).toBe(0);
      // A board that put the second drawn member first: the published order no longer follows from the seed.
      const [first, secondDrawn] = await db().drawEntry.findMany({ where: { gameId }, orderBy: { rank: 'asc' }, take: 2 });
      const setRank = (memberId: number, rank: number) =>
        db().drawEntry.update({ where: { gameId_memberId: { gameId, memberId } }, data: { rank } });
      await setRank(first!.memberId, 2);
      await setRank(secondDrawn!.memberId, 1);
      const tampered = await verify();
      await setRank(first!.memberId, 1);
      await setRank(secondDrawn!.memberId, 2);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain('NICHT bestätigt');

      // A server that inflates one entry's weight and recomputes the order from the real seed:
      // the weight no longer follows from its published components.
      const entries = await db().drawEntry.findMany({ where: { gameId } });
      const inflated = entries[entries.length - 1]!;
      const weighted = entries.map((e) => ({ ...e, weight: e.memberId === inflated.memberId ? e.weight + 20 : e.weight }));
      const seed = (await db().game.findUniqueOrThrow({ where: { id: gameId } })).drawSeed!;
      const newOrder = drawOrder(seed, weighted);
      const byNumber = new Map(weighted.map((e) => [e.memberNumber, e]));
      const setEntry = (e: { memberId: number }, data: { weight?: number; rank?: number }) =>
        db().drawEntry.update({ where: { gameId_memberId: { gameId, memberId: e.memberId } }, data });
      for (const [i, number] of newOrder.entries()) await setEntry(byNumber.get(number)!, { rank: i + 1 });
      await setEntry(inflated, { weight: inflated.weight + 20 });
      const inflatedRun = await verify();
      for (const e of entries) await setEntry(e, { weight: e.weight, rank: e.rank });
      expect(inflatedRun.code).toBe(1);
      expect(inflatedRun.out).toContain(`Gewicht ${inflated.weight + 20} folgt nicht aus`);
      expect((await verify()).code).toBe(0);
      // Four runs of the script, each a fresh Node process with its TypeScript loader.
    }, 240_000);

    it('refuses changing the sale mode of a drawn game, and a request after the draw goes by the quota', async () => {
      const game = await db().game.findUniqueOrThrow({ where: { id: gameId } });
      const body = { start: game.start.toISOString(), opponent: game.opponent, homeGame: true, venue: game.venue };
      const changed = await board('PUT', `/admin/games/${gameId}`, body);
      expect(changed.status).toBe(409);
      expect(changed.body.error.code).toBe('ALREADY_DECIDED');
      const sold = await confirmedSum(gameId);
      const late = await members[12]!.call('POST', reservePath(gameId, optionId), { amount: 1 });
      expect(late.status).toBe(sold < 10 ? 201 : 409);
      if (late.status === 201) expect(late.body.data.status).toBe('CONFIRMED');
    });

    it('when a winner gives tickets back, then the first waiting request that fits gets them at once, with a mail', async () => {
      const rows = await rowsOf(gameId);
      // The draw is random: the winner holding the most tickets gives two back (one if it holds two).
      const winner = rows.filter((r) => r.status === 'CONFIRMED').sort((a, b) => b.amount - a.amount)[0]!;
      const back = Math.min(2, winner.amount - 1);
      expect(back).toBeGreaterThan(0);
      const member = members.find((m) => m.id === winner.memberId)!;
      const freeAfter = 10 - (await confirmedSum(gameId)) + back;
      const waiting = rows.filter((r) => r.status === 'WAITING').sort((a, b) => (a.drawRank ?? 1e9) - (b.drawRank ?? 1e9) || a.id - b.id);
      const expected = servedInOrder(freeAfter, waiting).map((r) => r.id);

      const lowered = await member.call('PUT', `/member/ticketreservations/${winner.id}`, { amount: winner.amount - back });
      expect(lowered.status).toBe(200);
      const after = await rowsOf(gameId);
      // `after` is by id, `expected` in the order the waiting list serves: the same requests moved up.
      const moved = after.filter((r) => r.movedUpAt !== null).map((r) => r.id);
      expect(moved).toEqual([...expected].sort((a, b) => a - b));
      expect(await confirmedSum(gameId)).toBeLessThanOrEqual(10);
      if (expected.length) {
        const first = members.find((m) => m.id === after.find((r) => r.id === expected[0])!.memberId)!;
        const mine = await first.call('GET', '/member/');
        expect(JSON.stringify(mine.body)).toContain('"movedUpAt"');
        expect(await db().mailOutbox.count({ where: { to: first.email, subject: { startsWith: 'Sie sind nachgerückt' } } })).toBe(1);
      }
    });

    it('raises the weight of a member who lost by 2 in the next draw', async () => {
      const entries = await db().drawEntry.findMany({ where: { gameId } });
      const loser = entries.find((e) => !e.won)!;
      const next = await seedGame(server.database, { quota: 1, perMember: 4, drawAt: new Date(Date.now() + DAY) });
      const who = members.find((m) => m.id === loser.memberId)!;
      expect((await who.call('POST', reservePath(next.gameId, next.optionIds[0]!), { amount: 1 })).status).toBe(201);
      expect((await board('POST', `/admin/games/${next.gameId}/draw`)).status).toBe(200);
      const published = (await members[0]!.call('GET', `/games/${next.gameId}/draw`)).body.data;
      expect(published.entries[0].weight).toBe(loser.weight + 2);
      expect(published.entries[0].lostDraws).toBe(loser.lostDraws + 1);
    });
  });

  describe('the scheduled draw', () => {
    it('draws a due game exactly once when every instance runs the job at the same moment', async () => {
      const g = await seedGame(server.database, { quota: 3, perMember: 2, drawAt: new Date(Date.now() + HOUR) });
      for (const m of members.slice(0, 5))
        expect((await m.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 })).status).toBe(201);
      await db().game.update({ where: { id: g.gameId }, data: { drawAt: new Date(Date.now() - 1000) } });
      const site = { clubName: 'Test', publicUrl: server.url };
      const log = createLogger('silent');
      const runs = await Promise.all(
        [server, second, server].map((s) => runDueDraws({ db: s.database.prisma, log, actor: null, now: new Date() }, site)),
      );
      expect(runs.flat().filter((id) => id === g.gameId)).toHaveLength(1);
      expect(await db().drawEntry.count({ where: { gameId: g.gameId } })).toBe(5);
      expect(await confirmedSum(g.gameId)).toBe(2);
      // Nothing left to draw afterwards (a restart finds the game drawn).
      expect(await runDueDraws({ db: db(), log, actor: null, now: new Date() }, site)).not.toContain(g.gameId);
    });
  });

  describe('the waiting list of a first-come game', () => {
    it('lets members join when sold out, and a cancellation moves the first fitting request up whole', async () => {
      const g = await seedGame(server.database, { quota: 4, perMember: 4 });
      const path = reservePath(g.gameId, g.optionIds[0]!);
      const held = await members[0]!.call('POST', path, { amount: 3 });
      expect((await members[1]!.call('POST', path, { amount: 1 })).status).toBe(201);
      const refused = await members[2]!.call('POST', path, { amount: 2 });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain('Warteliste');
      const big = await members[2]!.call('POST', path, { amount: 4, waitlist: true });
      expect(big.status).toBe(201);
      expect(big.body.data.status).toBe('WAITING');
      const small = await members[3]!.call('POST', path, { amount: 2, waitlist: true });
      expect(small.body.data.status).toBe('WAITING');
      expect((await members[3]!.call('GET', `/games/${g.gameId}`)).body.data.ownRequest).toMatchObject({ status: 'WAITING', position: 2 });

      expect((await members[0]!.call('DELETE', `/member/ticketreservations/${held.body.data.id}`)).status).toBe(204);
      const rows = await rowsOf(g.gameId);
      expect(rows.find((r) => r.id === small.body.data.id)).toMatchObject({ status: 'CONFIRMED' });
      expect(rows.find((r) => r.id === big.body.data.id)).toMatchObject({ status: 'WAITING' });
      expect(await confirmedSum(g.gameId)).toBe(3);
    });
  });

  describe('the board manages a game list', () => {
    it('adds by hand, promotes within the quota only (409 beyond), removes with the freed tickets moving up; audited and mailed', async () => {
      const g = await seedGame(server.database, { quota: 3, perMember: 3 });
      const added = await board('POST', `/admin/games/${g.gameId}/ticketreservations`, {
        memberId: members[4]!.id,
        amount: 3,
        reason: 'Papieranmeldung',
      });
      expect(added.status).toBe(201);
      expect(added.body.data.status).toBe('CONFIRMED');
      const full = await board('POST', `/admin/games/${g.gameId}/ticketreservations`, { memberId: members[5]!.id, amount: 2 });
      expect(full.status).toBe(409);
      const waiting = await board('POST', `/admin/games/${g.gameId}/ticketreservations`, {
        memberId: members[5]!.id,
        amount: 2,
        waitlist: true,
      });
      expect(waiting.body.data.status).toBe('WAITING');
      const beyond = await board('POST', `/admin/ticketreservations/${waiting.body.data.id}/promote`, { reason: 'Helfer' });
      expect(beyond.status).toBe(409);
      expect(beyond.body.error.code).toBe('QUOTA_EXCEEDED');
      expect((await board('DELETE', `/admin/ticketreservations/${added.body.data.id}?reason=Doppelt`)).status).toBe(204);
      const rows = await rowsOf(g.gameId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'CONFIRMED', memberId: members[5]!.id });
      expect(rows[0]!.movedUpAt).not.toBeNull();
      const audit = await db().auditLog.findMany({ where: { entity: 'ticket_reservation', action: { startsWith: 'ticketreservation.' } } });
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['ticketreservation.added', 'ticketreservation.removed']));
      expect((await board('DELETE', `/admin/ticketreservations/999999`)).status).toBe(404);
      expect((await members[0]!.call('DELETE', `/admin/ticketreservations/${rows[0]!.id}`)).status).toBe(403);
      expect((await visitor('POST', `/admin/games/${g.gameId}/draw`)).status).toBe(401);
    });
  });

  describe('tickets given back under a rush', () => {
    it('when one member lowers and then another raises, the freed tickets go to the waiting member first', async () => {
      const g = await seedGame(server.database, { quota: 6, perMember: 4 });
      const path = reservePath(g.gameId, g.optionIds[0]!);
      const [lowering, raising, waiting] = [members[0]!, members[1]!, members[2]!];
      const a = await lowering.call('POST', path, { amount: 3 });
      const b = await raising.call('POST', path, { amount: 3 });
      const c = await waiting.call('POST', path, { amount: 2, waitlist: true });
      expect([a.status, b.status, c.body.data.status]).toEqual([201, 201, 'WAITING']);
      const lowered = await lowering.call('PUT', `/member/ticketreservations/${a.body.data.id}`, { amount: 1 });
      const raised = await raising.call('PUT', `/member/ticketreservations/${b.body.data.id}`, { amount: 4 });
      expect([lowered.status, lowered.body.data.amount]).toEqual([200, 1]);
      expect([raised.status, raised.body.error.code]).toEqual([409, 'QUOTA_EXCEEDED']);
      const rows = await rowsOf(g.gameId);
      expect(rows.find((r) => r.id === c.body.data.id)).toMatchObject({ status: 'CONFIRMED', amount: 2 });
      expect(rows.find((r) => r.id === b.body.data.id)).toMatchObject({ amount: 3 });
      expect(await confirmedSum(g.gameId)).toBe(6);
    });

    it('never oversells nor loses a ticket when members lower and cancel while others join the waiting list at once', async () => {
      const g = await seedGame(server.database, { quota: 12, perMember: 4 });
      const path = reservePath(g.gameId, g.optionIds[0]!);
      const holders = members.slice(0, 4);
      const held = await Promise.all(holders.map((m) => m.call('POST', path, { amount: 3 })));
      expect(held.every((a) => a.status === 201)).toBe(true);
      const answers = await Promise.all([
        ...members.slice(4).map((m, i) => m.call('POST', path, { amount: 1 + (i % 4), waitlist: true })),
        holders[0]!.call('DELETE', `/member/ticketreservations/${held[0]!.body.data.id}`),
        holders[1]!.call('PUT', `/member/ticketreservations/${held[1]!.body.data.id}`, { amount: 1 }),
        holders[2]!.call('PUT', `/member/ticketreservations/${held[2]!.body.data.id}`, { amount: 2 }),
      ]);
      // Give-backs are decided in batches per game like reservations: nobody is sent away as busy.
      expect(answers.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);
      expect(answers.slice(-3).map((a) => a.status)).toEqual([204, 200, 200]);
      const rows = await rowsOf(g.gameId);
      expect(rows.find((r) => r.id === held[1]!.body.data.id)?.amount).toBe(1);
      expect(rows.some((r) => r.id === held[0]!.body.data.id)).toBe(false);
      const sold = rows.filter((r) => r.status === 'CONFIRMED').reduce((s, r) => s + r.amount, 0);
      const free = 12 - sold;
      expect(sold).toBeLessThanOrEqual(12);
      expect(rows.filter((r) => r.status === 'WAITING').every((r) => r.amount > free)).toBe(true);
    });
  });
});
