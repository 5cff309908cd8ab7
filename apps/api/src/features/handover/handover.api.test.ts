import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonDates, seasonYearOf, zurichToday } from '../../lib/dates.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, HOUR, loggedIn, seedGame, type Call } from '../tickets/tickets.test-support.ts';
import { cardKeyOf, signCard } from './member-card.ts';

/** The member card (signed token, refused when forged, altered or expired) and the idempotent hand-over. */

let server: TestServer;
let board: Call;
let season: { id: number; name: string; validTo: Date };

beforeAll(async () => {
  server = await startTestServer();
  board = (await loggedIn(server.url, server.database, true)).call;
  const dates = seasonDates(seasonYearOf(zurichToday(new Date())));
  const row = await db().season.create({ data: { ...dates, membershipFeeRappen: 5000 } });
  season = { id: row.id, name: row.name, validTo: row.validTo };
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.prisma;

async function memberOfSeason() {
  const m = await loggedIn(server.url, server.database);
  await db().membership.create({
    data: {
      memberId: m.id,
      seasonId: season.id,
      validFrom: seasonDates(seasonYearOf(zurichToday(new Date()))).validFrom,
      validTo: season.validTo,
    },
  });
  const row = await db().member.findUniqueOrThrow({ where: { id: m.id } });
  return { ...m, memberNumber: row.memberNumber, firstName: row.firstName, lastName: row.lastName };
}

const verify = (token: unknown) => board('POST', '/admin/membercards/verify', { token });

describe('GET /api/v1/member/card and POST /api/v1/admin/membercards/verify', () => {
  it('gives a member of the current season a card whose token the board verifies', async () => {
    const m = await memberOfSeason();
    const card = await m.call('GET', '/member/card');
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({
      memberNumber: m.memberNumber,
      firstName: m.firstName,
      lastName: m.lastName,
      season: season.name,
      validTo: season.validTo.toISOString().slice(0, 10),
    });
    const token: string = card.body.data.token;
    // the token holds the member number and the season, nothing else about the member
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(Object.keys(payload).sort()).toEqual(['exp', 'season', 'sub']);
    expect(payload.sub).toBe(String(m.memberNumber));
    // the same card every time (printable)
    expect((await m.call('GET', '/member/card')).body.data.token).toBe(token);

    const checked = await verify(token);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toEqual({
      member: { id: m.id, memberNumber: m.memberNumber, firstName: m.firstName, lastName: m.lastName },
      season: season.name,
      validTo: season.validTo.toISOString().slice(0, 10),
    });
  });

  it('refuses forged, altered, expired and garbled tokens with 422', async () => {
    const m = await memberOfSeason();
    const token: string = (await m.call('GET', '/member/card')).body.data.token;
    const [header, payload, signature] = token.split('.') as [string, string, string];

    const otherNumber = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' })).toString(
      'base64url',
    );
    const altered = await verify(`${header}.${otherNumber}.${signature}`);
    expect(altered.status).toBe(422);
    expect(altered.body.error).toMatchObject({ code: 'CARD_INVALID', message: 'Dieser Mitgliederausweis ist ungültig.' });

    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const forged = await signCard(cardKeyOf('another-secret-of-at-least-32-characters!'), {
      memberNumber: m.memberNumber,
      season: season.name,
      expiresAt,
    });
    expect((await verify(forged)).body.error.code).toBe('CARD_INVALID');

    const key = cardKeyOf(server.config.sessionSecret);
    const expired = await signCard(key, { memberNumber: m.memberNumber, season: '2020/21', expiresAt: new Date(Date.now() - HOUR) });
    const old = await verify(expired);
    expect(old.status).toBe(422);
    expect(old.body.error).toMatchObject({ code: 'CARD_EXPIRED', message: 'Dieser Mitgliederausweis ist abgelaufen.' });

    const none = await new SignJWT({ season: season.name })
      .setProtectedHeader({ alg: 'HS512', typ: 'club-card+jwt' })
      .setSubject(String(m.memberNumber))
      .setExpirationTime(expiresAt)
      .sign(key);
    expect((await verify(none)).body.error.code).toBe('CARD_INVALID');
    const untyped = await new SignJWT({ season: season.name })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(m.memberNumber))
      .setExpirationTime(expiresAt)
      .sign(key);
    expect((await verify(untyped)).body.error.code).toBe('CARD_INVALID');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"club-card+jwt"}').toString('base64url')}.${payload}.`;
    expect((await verify(unsigned)).body.error.code).toBe('CARD_INVALID');
    const nobody = await signCard(key, { memberNumber: 99_999_999, season: season.name, expiresAt });
    expect((await verify(nobody)).body.error.code).toBe('CARD_INVALID');
    for (const garbage of ['x', 'a.b.c', 'https://example.ch/?x=1', '😀'.repeat(10)]) {
      const answer = await verify(garbage);
      expect(answer.status, garbage).toBe(422);
    }
    expect((await verify('x'.repeat(2001))).status).toBe(422);
    for (const body of [{}, { token: 7 }, { token: '' }, []]) {
      const answer = await board('POST', '/admin/membercards/verify', body);
      expect([400, 422], JSON.stringify(body)).toContain(answer.status);
    }
  });

  it('refuses with 422 the card of a membership that ended mid-season, and issues none any more', async () => {
    const m = await memberOfSeason();
    const token: string = (await m.call('GET', '/member/card')).body.data.token;
    expect((await verify(token)).status).toBe(200);
    const yesterday = new Date(zurichToday(new Date()).getTime() - 86_400_000);
    await db().membership.updateMany({ where: { memberId: m.id, seasonId: season.id }, data: { validTo: yesterday } });
    const ended = await verify(token);
    expect(ended.status).toBe(422);
    expect(ended.body.error).toMatchObject({ code: 'CARD_EXPIRED' });
    expect(ended.body.error.message).toContain('Mitgliedschaft');
    expect((await m.call('GET', '/member/card')).status).toBe(404);
  });

  it('has no card for a member without a membership in the current season (404) and none for a visitor (401)', async () => {
    const m = await loggedIn(server.url, server.database);
    const answer = await m.call('GET', '/member/card');
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toContain('keine Mitgliedschaft');
    expect((await client(server.url)('GET', '/member/card')).status).toBe(401);
  });
});

describe('hand-over of tickets and event places', () => {
  it('lists a game’s reservations with amount, option, total and paid state; unknown games are a 404', async () => {
    const game = await seedGame(server.database, { priceRappen: 4000, salesCloseAt: new Date(Date.now() - HOUR) });
    await db().deliveryOption.update({ where: { id: game.optionIds[0]! }, data: { feeRappen: 200 } });
    const m = await memberOfSeason();
    const r = await db().ticketReservation.create({
      data: {
        gameId: game.gameId,
        memberId: m.id,
        deliveryOptionId: game.optionIds[0]!,
        amount: 3,
        pricePerTicketRappen: 4000,
        street: 'A',
        postalCode: '8000',
        city: 'Zürich',
      },
    });
    const list = await board('GET', `/admin/games/${game.gameId}/ticketreservations`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { data: unknown }) => d.data)).toEqual([
      {
        id: r.id,
        member: { id: m.id, memberNumber: m.memberNumber, firstName: m.firstName, lastName: m.lastName },
        amount: 3,
        deliveryOption: { id: game.optionIds[0], name: expect.any(String), fee: { currency: 'CHF', amount: 2 } },
        price: { currency: 'CHF', amount: 40 },
        total: { currency: 'CHF', amount: 122 },
        paymentMode: 'INVOICE',
        invoiceId: null,
        invoiceStatus: null,
        handedOverAt: null,
      },
    ]);
    expect((await board('GET', '/admin/games/999999/ticketreservations')).status).toBe(404);
    expect((await board('GET', '/admin/events/999999/eventsubscriptions')).status).toBe(404);
  });

  it('hands over once under double taps, is undone, and both are idempotent and audited once', async () => {
    const game = await seedGame(server.database);
    const m = await memberOfSeason();
    const r = await db().ticketReservation.create({
      data: {
        gameId: game.gameId,
        memberId: m.id,
        deliveryOptionId: game.optionIds[0]!,
        amount: 2,
        pricePerTicketRappen: 3550,
        street: 'A',
        postalCode: '8000',
        city: 'Zürich',
      },
    });
    const taps = await Promise.all(Array.from({ length: 5 }, () => board('POST', `/admin/ticketreservations/${r.id}/handover`)));
    for (const t of taps) expect(t.status).toBe(200);
    expect(new Set(taps.map((t) => t.body.data.handedOverAt)).size).toBe(1);
    expect(await db().handover.count({ where: { reservationId: r.id } })).toBe(1);
    expect(await db().auditLog.count({ where: { action: 'reservation.handedover', entityId: String(r.id) } })).toBe(1);
    const own = (await m.call('GET', '/member/?expands=ticketreservations')).body.data.ticketReservations;
    expect(own[0].handedOverAt).toBe(taps[0]!.body.data.handedOverAt);
    const listed = (await board('GET', `/admin/games/${game.gameId}/ticketreservations`)).body.data[0].data;
    expect(listed.handedOverAt).toBe(taps[0]!.body.data.handedOverAt);

    const undo = await Promise.all([
      board('DELETE', `/admin/ticketreservations/${r.id}/handover`),
      board('DELETE', `/admin/ticketreservations/${r.id}/handover`),
    ]);
    expect(undo.map((u) => u.status)).toEqual([204, 204]);
    expect(await db().handover.count({ where: { reservationId: r.id } })).toBe(0);
    expect(await db().auditLog.count({ where: { action: 'reservation.handover.undone', entityId: String(r.id) } })).toBe(1);

    expect((await board('POST', '/admin/ticketreservations/999999/handover')).status).toBe(404);
    expect((await board('DELETE', '/admin/ticketreservations/999999/handover')).status).toBe(404);
  });

  it('refuses with 409 to hand over a request of a draw or a place on a game’s waiting list', async () => {
    const game = await seedGame(server.database);
    for (const status of ['REQUESTED', 'WAITING'] as const) {
      const m = await memberOfSeason();
      const r = await db().ticketReservation.create({
        data: {
          gameId: game.gameId,
          memberId: m.id,
          deliveryOptionId: game.optionIds[0]!,
          amount: 2,
          pricePerTicketRappen: 3550,
          street: 'A',
          postalCode: '8000',
          city: 'Zürich',
          status,
        },
      });
      const refused = await board('POST', `/admin/ticketreservations/${r.id}/handover`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/nicht bestätigt/);
      expect(await db().handover.count({ where: { reservationId: r.id } })).toBe(0);
    }
  });

  it('hands over confirmed event places; a place on the waiting list is a 409', async () => {
    const start = new Date(Date.now() + 2 * HOUR);
    const event = await db().event.create({
      data: {
        title: 'Carfahrt Lugano',
        start,
        end: new Date(start.getTime() + 5 * HOUR),
        registrationDeadline: new Date(Date.now() - HOUR),
        capacity: 2,
        priceRappen: 3000,
      },
    });
    const a = await memberOfSeason();
    const b = await memberOfSeason();
    const confirmed = await db().eventSubscription.create({ data: { eventId: event.id, memberId: a.id, amount: 2, status: 'CONFIRMED' } });
    const waiting = await db().eventSubscription.create({ data: { eventId: event.id, memberId: b.id, amount: 1, status: 'WAITING' } });
    const list = (await board('GET', `/admin/events/${event.id}/eventsubscriptions`)).body.data.map((d: { data: unknown }) => d.data);
    expect(list).toEqual([
      expect.objectContaining({ id: confirmed.id, amount: 2, deliveryOption: null, total: { currency: 'CHF', amount: 60 } }),
    ]);
    const done = await board('POST', `/admin/eventsubscriptions/${confirmed.id}/handover`);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ id: confirmed.id, handedOverAt: expect.any(String) });
    const refused = await board('POST', `/admin/eventsubscriptions/${waiting.id}/handover`);
    expect(refused.status).toBe(409);
    expect(await db().handover.count({ where: { subscriptionId: waiting.id } })).toBe(0);
    const own = (await a.call('GET', '/member/eventsubscriptions')).body.data[0].data;
    expect(own.handedOverAt).toBe(done.body.data.handedOverAt);
  });
});
