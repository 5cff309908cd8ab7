import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseUrl, type TestServer } from '../../test/harness.ts';
import { LOCK_TIMEOUT_MS } from './events.service.ts';
import { client, DAY, HOUR, loggedIn, mailsTo, seedEvent, subscribePath, type Call } from './events.test-support.ts';

type Member = { id: number; username: string; call: Call };

describe('events and subscriptions', () => {
  let server: TestServer;
  let visitor: Call;
  let member: Member;
  let other: Member;
  let third: Member;

  beforeAll(async () => {
    server = await startTestServer();
    visitor = client(server.url);
    [member, other, third] = await Promise.all([
      loggedIn(server.url, server.database),
      loggedIn(server.url, server.database),
      loggedIn(server.url, server.database),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const rowsOf = (eventId: number) => server.database.prisma.eventSubscription.findMany({ where: { eventId }, orderBy: { id: 'asc' } });

  describe('reading', () => {
    it('lists upcoming events soonest first for visitors, past ones with ?past=true, never cancelled ones', async () => {
      const later = await seedEvent(server.database, { start: new Date(Date.now() + 30 * DAY) });
      const soon = await seedEvent(server.database, { start: new Date(Date.now() + 2 * DAY) });
      const past = await seedEvent(server.database, { start: new Date(Date.now() - 3 * DAY), deadline: new Date(Date.now() - 4 * DAY) });
      const cancelled = await seedEvent(server.database);
      await server.database.prisma.event.update({ where: { id: cancelled }, data: { cancelledAt: new Date() } });

      for (const path of ['/events', '/events/', '/events?past=false']) {
        const list = await visitor('GET', path);
        expect(list.status).toBe(200);
        const ids = list.body.data.map((d: { data: { id: number } }) => d.data.id);
        expect(ids.indexOf(soon)).toBeLessThan(ids.indexOf(later));
        expect(ids).not.toContain(past);
        expect(ids).not.toContain(cancelled);
      }
      const old = await visitor('GET', '/events?past=true');
      const oldIds = old.body.data.map((d: { data: { id: number } }) => d.data.id);
      expect(oldIds).toContain(past);
      expect(oldIds).not.toContain(soon);
      expect((await visitor('GET', '/events?past=vielleicht')).status).toBe(400);
      expect((await visitor('GET', `/events/${cancelled}`)).status).toBe(404);
    });

    it('shows one event to a visitor with places left and no subscription, and to a member with their own', async () => {
      const id = await seedEvent(server.database, { capacity: 10, priceRappen: 2550 });
      expect((await member.call('POST', subscribePath(id), { id, amount: 3 })).status).toBe(201);
      const seen = await visitor('GET', `/events/${id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.data).toMatchObject({
        id,
        location: 'Fanlokal Limmat, Zürich',
        description: 'Wir treffen uns im **Fanlokal**.',
        capacity: 10,
        price: { currency: 'CHF', amount: 25.5 },
        maxPlacesPerMember: 4,
        placesLeft: 7,
        waitingCount: 0,
        registrationOpen: true,
        ended: false,
        subscription: null,
      });
      const mine = await member.call('GET', `/events/${id}`);
      expect(mine.body.data.subscription).toMatchObject({ eventId: id, amount: 3, status: 'CONFIRMED', waitingPosition: null });
      const theirs = await other.call('GET', '/events/');
      expect(theirs.body.data.find((d: { data: { id: number } }) => d.data.id === id).data.subscription).toBeNull();
    });

    it('answers 404 for an unknown event and 400 for a malformed id', async () => {
      expect((await visitor('GET', '/events/999999')).status).toBe(404);
      expect((await visitor('GET', '/events/999999')).body.error.message).toBe('Diese Veranstaltung gibt es nicht.');
      expect((await visitor('GET', '/events/abc')).status).toBe(400);
      expect((await visitor('GET', '/events/999999.ics')).status).toBe(404);
    });

    it('gives the event as an iCalendar file', async () => {
      const id = await seedEvent(server.database, { title: 'Saisonabschluss 2027' });
      const ics = await fetch(`${server.url}/api/v1/events/${id}.ics`);
      expect(ics.status).toBe(200);
      expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(ics.headers.get('content-disposition')).toContain('saisonabschluss-2027.ics');
      const text = await ics.text();
      expect(text).toContain('BEGIN:VEVENT');
      expect(text).toContain('SUMMARY:Saisonabschluss 2027');
      expect(text).toContain('LOCATION:Fanlokal Limmat\\, Zürich');
      expect(text).toContain(`/events/${id}`);
    });
  });

  describe('subscribing', () => {
    it('subscribes, changes the amount, cancels with amount 0 and with DELETE', async () => {
      const id = await seedEvent(server.database, { capacity: 10 });
      const made = await member.call('POST', subscribePath(id), { id, amount: 2 });
      expect(made.status).toBe(201);
      const price = (await server.database.prisma.event.findUniqueOrThrow({ where: { id } })).priceRappen / 100;
      expect(made.body.data).toEqual({
        eventId: id,
        amount: 2,
        status: 'CONFIRMED',
        subscriptionTimestamp: expect.any(String),
        // An event has no delivery option: the total is the places at the event's price.
        fee: { currency: 'CHF', amount: 0 },
        total: { currency: 'CHF', amount: 2 * price },
        paymentMode: 'INVOICE',
      });
      const changed = await member.call('POST', subscribePath(id), { amount: 4 });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({
        amount: 4,
        status: 'CONFIRMED',
        subscriptionTimestamp: made.body.data.subscriptionTimestamp,
      });
      expect((await member.call('POST', subscribePath(id), { id, amount: 0 })).status).toBe(204);
      expect(await rowsOf(id)).toEqual([]);
      expect((await member.call('POST', subscribePath(id), { amount: 1 })).status).toBe(201);
      expect((await member.call('DELETE', subscribePath(id))).status).toBe(204);
      expect(await rowsOf(id)).toEqual([]);
      expect((await member.call('DELETE', subscribePath(id))).status).toBe(404);
    });

    it('sends visitors to the login (401) and writes nothing', async () => {
      const id = await seedEvent(server.database);
      expect((await visitor('POST', subscribePath(id), { id, amount: 1 })).status).toBe(401);
      expect((await visitor('DELETE', subscribePath(id))).status).toBe(401);
      expect((await visitor('GET', '/member/eventsubscriptions')).status).toBe(401);
      expect(await rowsOf(id)).toEqual([]);
    });

    it('refuses bad input: 400 malformed, 422 values with German field messages, 404 unknown event', async () => {
      const id = await seedEvent(server.database);
      const raw = await fetch(`${server.url}/api/v1${subscribePath(id)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: '' },
        body: '{"amount":',
      });
      expect([400, 401]).toContain(raw.status);
      const malformed = await member.call('POST', subscribePath(id), '{"amount": 1');
      expect(malformed.status).toBe(400);
      expect((await member.call('POST', subscribePath(id), { amount: 'zwei' })).status).toBe(400);
      expect((await member.call('POST', subscribePath(id), {})).status).toBe(400);
      const negative = await member.call('POST', subscribePath(id), { amount: -1 });
      expect(negative.status).toBe(422);
      expect(negative.body.error.fields.amount).toMatch(/Anzahl Plätze/);
      expect((await member.call('POST', subscribePath(id), { amount: 1.5 })).status).toBe(422);
      expect((await member.call('POST', subscribePath(id), { amount: 5000 })).status).toBe(422);
      const wrongId = await member.call('POST', subscribePath(id), { id: id + 1000, amount: 1 });
      expect(wrongId.status).toBe(422);
      expect(wrongId.body.error.fields.id).toMatch(/Adresse/);
      expect((await member.call('POST', subscribePath(999999), { amount: 1 })).status).toBe(404);
      expect((await member.call('POST', '/events/abc/subscriptions', { amount: 1 })).status).toBe(400);
      expect(await rowsOf(id)).toEqual([]);
    });

    it('refuses more places than one member may take with 409', async () => {
      const id = await seedEvent(server.database, { perMember: 2 });
      const answer = await member.call('POST', subscribePath(id), { amount: 3 });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Pro Mitglied sind höchstens 2 Plätze möglich.' });
      expect(await rowsOf(id)).toEqual([]);
    });

    it('refuses subscribing, changing and cancelling after the deadline with 409; leaving the waiting list still works', async () => {
      const id = await seedEvent(server.database, {
        capacity: 2,
        start: new Date(Date.now() + 2 * DAY),
        deadline: new Date(Date.now() + HOUR),
      });
      expect((await member.call('POST', subscribePath(id), { amount: 2 })).status).toBe(201);
      expect((await other.call('POST', subscribePath(id), { amount: 1, waitlist: true })).status).toBe(201);
      await server.database.prisma.event.update({ where: { id }, data: { registrationDeadline: new Date(Date.now() - 1000) } });
      for (const answer of [
        await third.call('POST', subscribePath(id), { amount: 1 }),
        await member.call('POST', subscribePath(id), { amount: 1 }),
        await member.call('DELETE', subscribePath(id)),
      ]) {
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe('DEADLINE_PASSED');
        expect(answer.body.error.message).toMatch(/Anmeldeschluss/);
      }
      expect((await member.call('GET', `/events/${id}`)).body.data.registrationOpen).toBe(false);
      expect((await other.call('DELETE', subscribePath(id))).status).toBe(204);
      expect((await rowsOf(id)).map((r) => [r.memberId, r.amount, r.status])).toEqual([[member.id, 2, 'CONFIRMED']]);
    });
  });

  describe('the waiting list', () => {
    it('offers the waiting list when full, moves the member up when places free, mails them and shows it', async () => {
      const id = await seedEvent(server.database, { capacity: 3, perMember: 2 });
      expect((await member.call('POST', subscribePath(id), { amount: 2 })).status).toBe(201);
      const full = await other.call('POST', subscribePath(id), { amount: 2 });
      expect(full.status).toBe(409);
      expect(full.body.error).toMatchObject({
        code: 'QUOTA_EXCEEDED',
        message: 'Es ist nur noch 1 Platz frei. Sie können sich auf die Warteliste setzen.',
      });
      const waiting = await other.call('POST', subscribePath(id), { id, amount: 2, waitlist: true });
      expect(waiting.status).toBe(201);
      expect(waiting.body.data).toMatchObject({ eventId: id, amount: 2, status: 'WAITING' });
      // The one free place belongs to the waiting member: nobody new takes it.
      const newcomer = await third.call('POST', subscribePath(id), { amount: 1 });
      expect(newcomer.status).toBe(409);
      expect(newcomer.body.error.message).toMatch(/ausgebucht/);
      expect((await third.call('GET', `/events/${id}`)).body.data).toMatchObject({ placesLeft: 0, waitingCount: 1 });
      expect((await other.call('GET', `/events/${id}`)).body.data.subscription).toMatchObject({ status: 'WAITING', waitingPosition: 1 });

      expect((await member.call('DELETE', subscribePath(id))).status).toBe(204);
      const seen = await other.call('GET', `/events/${id}`);
      expect(seen.body.data.subscription).toMatchObject({ status: 'CONFIRMED', amount: 2, waitingPosition: null });
      expect(seen.body.data).toMatchObject({ placesLeft: 1, waitingCount: 0 });
      const mails = await mailsTo(server.database, `${other.username}@example.ch`);
      const ofEvent = (m: { text: string }) => new RegExp(`/events/${id}$`, 'm').test(m.text);
      expect(mails.filter((m) => ofEvent(m) && m.subject.startsWith('Auf der Warteliste:'))).toHaveLength(1);
      expect(mails.filter((m) => m.subject.startsWith('Sie sind nachgerückt'))).toHaveLength(1);
      const signedUp = (await mailsTo(server.database, `${member.username}@example.ch`)).filter(
        (m) => ofEvent(m) && m.subject.startsWith('Anmeldung bestätigt:'),
      );
      expect(signedUp).toHaveLength(1);
      expect(signedUp[0]!.text).toContain('angemeldet: 2 Plätze.');
      expect(mails.at(-1)!.text).toContain('für 2 Plätze fest angemeldet');
      const own = await other.call('GET', '/member/eventsubscriptions');
      expect(own.body.data.find((d: { data: { eventId: number } }) => d.data.eventId === id).data).toMatchObject({
        status: 'CONFIRMED',
        amount: 2,
        eventCancelled: false,
      });
    });

    it('moves up the first waiting requests that fit, whole: a larger request keeps its place for the next freed places', async () => {
      const id = await seedEvent(server.database, { capacity: 3, perMember: 3 });
      expect((await member.call('POST', subscribePath(id), { amount: 2 })).status).toBe(201);
      expect((await third.call('POST', subscribePath(id), { amount: 1 })).status).toBe(201);
      expect((await other.call('POST', subscribePath(id), { amount: 3, waitlist: true })).body.data.status).toBe('WAITING');
      const fourth = await loggedIn(server.url, server.database);
      expect((await fourth.call('POST', subscribePath(id), { amount: 1, waitlist: true })).body.data.status).toBe('WAITING');
      // 2 places free: the first in line wants 3, so the second (1) moves up; no place stays empty while she fits.
      expect((await member.call('DELETE', subscribePath(id))).status).toBe(204);
      expect((await rowsOf(id)).map((r) => [r.memberId, r.status])).toEqual([
        [third.id, 'CONFIRMED'],
        [other.id, 'WAITING'],
        [fourth.id, 'CONFIRMED'],
      ]);
      expect((await other.call('GET', `/events/${id}`)).body.data.subscription).toMatchObject({ status: 'WAITING', waitingPosition: 1 });
      // 2 free again: the 3 still does not fit and keeps first place.
      expect((await third.call('DELETE', subscribePath(id))).status).toBe(204);
      expect((await rowsOf(id)).map((r) => [r.memberId, r.status])).toEqual([
        [other.id, 'WAITING'],
        [fourth.id, 'CONFIRMED'],
      ]);
      // 3 free: now she moves up.
      expect((await fourth.call('DELETE', subscribePath(id))).status).toBe(204);
      expect((await rowsOf(id)).map((r) => [r.memberId, r.status])).toEqual([[other.id, 'CONFIRMED']]);
    });

    it('gives a free place at once to a waiting request that fits; one who asks for fewer places moves up when they fit', async () => {
      const id = await seedEvent(server.database, { capacity: 3, perMember: 3 });
      expect((await member.call('POST', subscribePath(id), { amount: 2 })).status).toBe(201);
      expect((await other.call('POST', subscribePath(id), { amount: 2, waitlist: true })).body.data.status).toBe('WAITING');
      expect((await third.call('POST', subscribePath(id), { amount: 1, waitlist: true })).body.data.status).toBe('CONFIRMED');
      const fewer = await other.call('POST', subscribePath(id), { amount: 1 });
      expect(fewer.status).toBe(200);
      expect(fewer.body.data).toMatchObject({ status: 'WAITING', amount: 1 });
      expect((await third.call('DELETE', subscribePath(id))).status).toBe(204);
      expect((await rowsOf(id)).map((r) => [r.memberId, r.amount, r.status])).toEqual([
        [member.id, 2, 'CONFIRMED'],
        [other.id, 1, 'CONFIRMED'],
      ]);
    });
  });

  it.skipIf(!testDatabaseUrl)(
    'answers 503 BUSY with "bitte nochmals versuchen" when the event stays locked too long (PostgreSQL)',
    async () => {
      const id = await seedEvent(server.database);
      let answer: Awaited<ReturnType<Call>> | undefined;
      await server.database.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT "id" FROM "events" WHERE "id" = ${id} FOR UPDATE`;
          const started = Date.now();
          answer = await member.call('POST', subscribePath(id), { amount: 1 });
          // The lock timeout (3 s) answered, not the transaction timeout (15 s).
          expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 100);
          expect(Date.now() - started).toBeLessThan(LOCK_TIMEOUT_MS + 5_000);
        },
        { timeout: 20_000 },
      );
      expect(answer?.status).toBe(503);
      expect(answer?.body.error.code).toBe('BUSY');
      expect(answer?.body.error.message).toMatch(/bitte nochmals versuchen/i);
      expect(answer?.headers.get('retry-after')).toBeTruthy();
      expect(await rowsOf(id)).toEqual([]);
    },
    30_000,
  );
});
