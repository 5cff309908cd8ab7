import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, DAY, loggedIn, seedGame, type Call } from '../tickets/tickets.test-support.ts';

let server: TestServer;
let visitor: Call;
let member: { id: number; call: Call };
const db = () => server.database.prisma;

beforeAll(async () => {
  server = await startTestServer();
  visitor = client(server.url);
  member = await loggedIn(server.url, server.database);
});
afterAll(async () => {
  await server?.close();
});

async function fetchText(path: string): Promise<{ status: number; type: string | null; body: string }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** Parsed by ical.js, an independent RFC 5545 parser: the VEVENTs as plain objects. */
function veventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      status: v.getFirstPropertyValue('status'),
    };
  });
}

/** Every line ends with CRLF, the last one too, and no bare LF is left (RFC 5545 §3.1). */
function expectCrlfLines(text: string) {
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
}

async function seedEvent(title: string, description: string, startInDays: number, cancelled = false) {
  const start = new Date(Math.floor((Date.now() + startInDays * DAY) / 60_000) * 60_000); // iCalendar keeps whole seconds
  return db().event.create({
    data: {
      title,
      description,
      location: 'Clublokal',
      start,
      end: new Date(start.getTime() + 3 * 3_600_000),
      registrationDeadline: new Date(start.getTime() - DAY),
      cancelledAt: cancelled ? new Date() : null,
    },
  });
}

describe('the public feed of the club events', () => {
  it('lists every event with a plain-text description, cancelled ones as cancelled, with CRLF line ends', async () => {
    const fondue = await seedEvent('Fondue-Abend', '## Menü\n\n**Käsefondue** und [Anmeldung](https://example.ch) *bis Freitag*', 20);
    const off = await seedEvent('Car-Reise', 'Fällt aus.', 30, true);
    const res = await fetchText('/api/v1/calendar/events.ics');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/calendar/);
    expectCrlfLines(res.body);
    const events = veventsOf(res.body);
    const first = events.find((e) => e.summary === 'Fondue-Abend');
    expect(first).toMatchObject({ location: 'Clublokal', status: 'CONFIRMED', start: fondue.start.toISOString() });
    expect(first!.description).toContain('Käsefondue');
    expect(first!.description).not.toMatch(/[#*[\]]/);
    expect(events.find((e) => e.uid.startsWith(`event-${off.id}@`))).toMatchObject({ summary: 'Abgesagt: Car-Reise', status: 'CANCELLED' });
  });

  it('the single event download comes from the same generator', async () => {
    const event = await seedEvent('Saisonstart', 'Mit **Apéro**', 10);
    const res = await fetchText(`/api/v1/events/${event.id}.ics`);
    expect(res.status).toBe(200);
    expectCrlfLines(res.body);
    expect(veventsOf(res.body)).toEqual([expect.objectContaining({ summary: 'Saisonstart', description: 'Mit Apéro' })]);
  });
});

describe("a member's private feed", () => {
  it('needs a login to make; its URL lists the games with tickets and the events signed up for; a revoked one is 404', async () => {
    expect((await visitor('POST', '/member/calendar')).status).toBe(401);
    expect((await visitor('GET', '/member/calendar')).status).toBe(401);
    const none = await member.call('GET', '/member/calendar');
    expect(none.body.data).toMatchObject({ active: false, url: null, publicWebcalUrl: expect.stringMatching(/^webcal:\/\//) });

    const game = await seedGame(server.database, { opponent: 'HCD', start: new Date(Date.now() + 12 * DAY) });
    await db().ticketReservation.create({
      data: {
        gameId: game.gameId,
        memberId: member.id,
        deliveryOptionId: game.optionIds[0]!,
        amount: 2,
        pricePerTicketRappen: 3550,
        street: 'Limmatstrasse',
        postalCode: '8005',
        city: 'Zürich',
      },
    });
    const otherGame = await seedGame(server.database, { opponent: 'EVZ' });
    const signedUp = await seedEvent('Grillabend', 'Bitte *Salat* mitbringen', 15);
    await seedEvent('Nicht angemeldet', '', 16);
    await db().eventSubscription.create({ data: { eventId: signedUp.id, memberId: member.id, amount: 1, status: 'CONFIRMED' } });

    const made = await member.call('POST', '/member/calendar');
    expect(made.status).toBe(201);
    const { url, webcalUrl } = made.body.data as { url: string; webcalUrl: string };
    expect(webcalUrl).toBe(url.replace(/^https?:\/\//, 'webcal://'));
    const path = new URL(url).pathname;
    const feed = await fetchText(path);
    expect(feed.status).toBe(200);
    expectCrlfLines(feed.body);
    const events = veventsOf(feed.body);
    expect(events.map((e) => e.summary).sort()).toEqual(['Grillabend', 'ZSC – HCD']);
    expect(events.find((e) => e.summary === 'ZSC – HCD')!.description).toContain('2 Tickets');
    expect(events.find((e) => e.summary === 'Grillabend')!.description).toContain('Bitte Salat mitbringen');
    expect(feed.body).not.toContain(`game-${otherGame.gameId}@`);
    expect((await member.call('GET', '/member/calendar')).body.data).toMatchObject({ active: true, url: null });

    // A new URL revokes the old one; revoking ends the new one too.
    const renewed = await member.call('POST', '/member/calendar');
    expect((await fetchText(path)).status).toBe(404);
    const newPath = new URL(renewed.body.data.url as string).pathname;
    expect((await fetchText(newPath)).status).toBe(200);
    expect((await member.call('DELETE', '/member/calendar')).status).toBe(204);
    const gone = await fetchText(newPath);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).error.message).toContain('Kalender');
    expect((await member.call('DELETE', '/member/calendar')).status).toBe(404);
    expect((await fetchText('/api/v1/calendar/kurz.ics')).status).toBe(400);
  });
});
