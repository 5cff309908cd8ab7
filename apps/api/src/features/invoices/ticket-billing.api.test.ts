import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonDates } from '../../lib/dates.ts';
import { unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loggedIn as loggedInWithCookie, postCamt, camt054 } from '../payments/payments.test-support.ts';
import { HOUR, DAY, loggedIn, reservePath, type Call } from '../tickets/tickets.test-support.ts';

/**
 * The ticket and event billing run over HTTP: who is billed and how, each reservation and place
 * exactly once (repeated and concurrent runs), a cancelled invoice billed again, the bank file
 * paying it, and the state the seasons screen shows.
 */

let server: TestServer;
let board: Call;
let seasonYear = 2040;

beforeAll(async () => {
  server = await startTestServer();
  board = (await loggedIn(server.url, server.database, true)).call;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.prisma;

/** A season of its own (a future year), so each test sees only its own games and events. */
async function newSeason(): Promise<{ id: number; name: string; validFrom: Date }> {
  seasonYear += 1;
  const s = seasonDates(seasonYear);
  const row = await db().season.create({ data: { ...s, membershipFeeRappen: 5000, parkingFeeRappen: 0 } });
  return { id: row.id, name: row.name, validFrom: row.validFrom };
}

/** A game in the season whose sales closed an hour ago (or are open until `closeAt`), with two options (one costs CHF 2.00). */
async function gameIn(
  season: { validFrom: Date },
  options: {
    dayOfSeason?: number;
    priceRappen?: number;
    closeAt?: Date;
    opponent?: string;
    homeGame?: boolean;
    paymentMode?: 'INVOICE' | 'ON_SITE';
  } = {},
) {
  const post = await db().deliveryOption.create({ data: { name: unique('Versand per Post '), feeRappen: 200 } });
  const pickup = await db().deliveryOption.create({ data: { name: unique('Abholung '), feeRappen: 0 } });
  const group = await db().gameGroup.create({
    data: {
      name: unique('Gruppe '),
      defaultPricePerTicketRappen: options.priceRappen ?? 4500,
      availableTicketsPerGame: 100,
      freeTicketAmount: 6,
      paymentMode: options.paymentMode ?? 'INVOICE',
      deliveryOptions: { create: [{ deliveryOptionId: post.id }, { deliveryOptionId: pickup.id }] },
    },
  });
  const start = new Date(season.validFrom.getTime() + (options.dayOfSeason ?? 100) * DAY + 18 * HOUR);
  const game = await db().game.create({
    data: {
      gameGroupId: group.id,
      start,
      opponent: options.opponent ?? 'SCB',
      homeGame: options.homeGame ?? true,
      venue: 'Swiss Life Arena',
      salesCloseAt: options.closeAt ?? new Date(Date.now() - HOUR),
    },
  });
  return { gameId: game.id, start, postId: post.id, pickupId: pickup.id };
}

/** A reservation as the sale stores it (the sale has its own tests). */
async function reservation(memberId: number, game: { gameId: number }, optionId: number, amount: number, priceRappen = 4500) {
  const row = await db().ticketReservation.create({
    data: {
      gameId: game.gameId,
      memberId,
      deliveryOptionId: optionId,
      amount,
      pricePerTicketRappen: priceRappen,
      street: 'Limmatstrasse',
      houseNumber: '12',
      postalCode: '8005',
      city: 'Zürich',
    },
  });
  return row.id;
}

async function eventIn(
  season: { validFrom: Date },
  options: { priceRappen?: number; deadline?: Date; title?: string; dayOfSeason?: number; paymentMode?: 'INVOICE' | 'ON_SITE' } = {},
) {
  const start = new Date(season.validFrom.getTime() + (options.dayOfSeason ?? 40) * DAY + 17 * HOUR);
  const row = await db().event.create({
    data: {
      title: options.title ?? unique('Grillfest '),
      start,
      end: new Date(start.getTime() + 4 * HOUR),
      registrationDeadline: options.deadline ?? new Date(Date.now() - HOUR),
      capacity: 50,
      priceRappen: options.priceRappen ?? 2500,
      maxPlacesPerMember: 4,
      paymentMode: options.paymentMode ?? 'INVOICE',
    },
  });
  return { eventId: row.id, start, title: row.title };
}

async function place(memberId: number, event: { eventId: number }, amount: number, status: 'CONFIRMED' | 'WAITING' = 'CONFIRMED') {
  return (await db().eventSubscription.create({ data: { eventId: event.eventId, memberId, amount, status } })).id;
}

const run = (seasonId: number, memberIds: number[] = []) => board('POST', `/admin/seasons/${seasonId}/ticketfees/`, memberIds);
const state = async (seasonId: number) => (await board('GET', `/admin/seasons/${seasonId}/ticketfees/`)).body.data;
const ticketInvoices = (seasonId: number) =>
  db().invoice.findMany({
    where: { seasonId, kind: 'TICKETS' },
    include: { lines: { orderBy: { position: 'asc' } } },
    orderBy: { id: 'asc' },
  });

describe('payment mode and totals', () => {
  it('bills only what is paid by invoice, for the very total the member was shown; on-site items go to the hand-over list', async () => {
    const season = await newSeason();
    const member = await loggedIn(server.url, server.database);
    const billed = await gameIn(season, { dayOfSeason: 120, opponent: 'SCB' });
    const onSite = await gameIn(season, { dayOfSeason: 130, opponent: 'HCD', paymentMode: 'ON_SITE' });
    const dinner = await eventIn(season, { title: 'Fondue-Abend', dayOfSeason: 140 });
    const bus = await eventIn(season, { title: 'Fan Car nach Davos', dayOfSeason: 150, priceRappen: 3500, paymentMode: 'ON_SITE' });
    const r1 = await reservation(member.id, billed, billed.postId, 2);
    const r2 = await reservation(member.id, onSite, onSite.postId, 3);
    await place(member.id, dinner, 2);
    const p2 = await place(member.id, bus, 2);

    // What the member sees: fee and total (price × amount + fee), and how each is paid.
    const own = (await member.call('GET', '/member/')).body.data;
    const mine = (id: number) => own.ticketReservations.find((r: { id: number }) => r.id === id);
    expect(mine(r1)).toMatchObject({
      fee: { currency: 'CHF', amount: 2 },
      total: { currency: 'CHF', amount: 92 },
      totalPrice: { currency: 'CHF', amount: 90 },
      paymentMode: 'INVOICE',
    });
    expect(mine(r2)).toMatchObject({
      fee: { currency: 'CHF', amount: 2 },
      total: { currency: 'CHF', amount: 137 },
      paymentMode: 'ON_SITE',
    });
    const places = (await member.call('GET', '/member/eventsubscriptions')).body.data.map((d: { data: unknown }) => d.data);
    expect(places.find((p: { eventId: number }) => p.eventId === dinner.eventId)).toMatchObject({
      fee: { currency: 'CHF', amount: 0 },
      total: { currency: 'CHF', amount: 50 },
      paymentMode: 'INVOICE',
    });
    expect(places.find((p: { eventId: number }) => p.eventId === bus.eventId)).toMatchObject({
      total: { currency: 'CHF', amount: 70 },
      paymentMode: 'ON_SITE',
    });

    // The run and its preview leave the on-site game and event out.
    const before = await state(season.id);
    expect(before.toBill).toEqual({ reservations: 1, tickets: 2, subscriptions: 1, places: 2, amount: { currency: 'CHF', amount: 142 } });
    expect((await run(season.id)).body.data).toEqual({ created: 1, existing: 0 });
    const [invoice] = await ticketInvoices(season.id);
    expect(invoice!.totalRappen).toBe(9200 + 5000);
    const links = await db().billedItem.findMany({ where: { invoiceId: invoice!.id } });
    expect(links.map((l) => l.reservationId ?? -l.subscriptionId!)).not.toContain(r2);
    expect(links.map((l) => l.subscriptionId)).not.toContain(p2);
    expect((await run(season.id)).body.data).toEqual({ created: 0, existing: 1 });

    // The hand-over lists say what to collect on site.
    const game = (await board('GET', `/admin/games/${onSite.gameId}/ticketreservations`)).body.data.map((d: { data: unknown }) => d.data);
    expect(game).toEqual([
      expect.objectContaining({ id: r2, total: { currency: 'CHF', amount: 137 }, paymentMode: 'ON_SITE', invoiceId: null }),
    ]);
    const trip = (await board('GET', `/admin/events/${bus.eventId}/eventsubscriptions`)).body.data.map((d: { data: unknown }) => d.data);
    expect(trip).toEqual([expect.objectContaining({ id: p2, total: { currency: 'CHF', amount: 70 }, paymentMode: 'ON_SITE' })]);
  });

  it('the board chooses the payment mode of a game group and an event (INVOICE when left out, anything else a 400)', async () => {
    const group = {
      name: unique('Gruppe '),
      defaultPricePerTicket: { currency: 'CHF', amount: 30 },
      availableTicketsPerGame: 10,
      freeTicketAmount: 2,
    };
    const plain = await board('POST', '/admin/gamegroups/', group);
    expect(plain.status).toBe(201);
    expect(plain.body.data.paymentMode).toBe('INVOICE');
    const changed = await board('PUT', `/admin/gamegroups/${plain.body.data.id}`, { ...group, paymentMode: 'ON_SITE' });
    expect(changed.body.data.paymentMode).toBe('ON_SITE');
    expect((await db().gameGroup.findUniqueOrThrow({ where: { id: plain.body.data.id } })).paymentMode).toBe('ON_SITE');
    const bad = await board('POST', '/admin/gamegroups/', { ...group, name: unique('Gruppe '), paymentMode: 'CASH' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.error.message).toBeTruthy();

    const start = new Date(Date.now() + 10 * DAY);
    const event = {
      title: unique('Carfahrt '),
      start: start.toISOString(),
      end: new Date(start.getTime() + 5 * HOUR).toISOString(),
      registrationDeadline: new Date(start.getTime() - DAY).toISOString(),
      capacity: 40,
      price: { currency: 'CHF', amount: 35 },
      maxPlacesPerMember: 2,
      paymentMode: 'ON_SITE',
    };
    const created = await board('POST', '/admin/events/', event);
    expect(created.status).toBe(201);
    expect(created.body.data.paymentMode).toBe('ON_SITE');
    const seen = await board('GET', `/events/${created.body.data.id}`);
    expect(seen.body.data.paymentMode).toBe('ON_SITE');
    const { paymentMode: _left, ...withoutMode } = event;
    const byDefault = await board('POST', '/admin/events/', { ...withoutMode, title: unique('Apéro ') });
    expect(byDefault.body.data.paymentMode).toBe('INVOICE');
  });
});

describe('payment mode after billing', () => {
  it('once the billing run invoiced places, the mode of their group or event cannot change (409, nothing written) until the invoice is cancelled', async () => {
    const season = await newSeason();
    const member = await loggedIn(server.url, server.database);
    const game = await gameIn(season);
    const event = await eventIn(season);
    const unbilled = await gameIn(season, { dayOfSeason: 120 });
    await reservation(member.id, game, game.postId, 2);
    await place(member.id, event, 1);
    await run(season.id);
    const [invoice] = await ticketInvoices(season.id);

    const group = await db().gameGroup.findFirstOrThrow({ where: { games: { some: { id: game.gameId } } } });
    const groupBody = (paymentMode: string) => ({
      name: group.name,
      defaultPricePerTicket: { currency: 'CHF', amount: group.defaultPricePerTicketRappen / 100 },
      availableTicketsPerGame: group.availableTicketsPerGame,
      freeTicketAmount: group.freeTicketAmount,
      paymentMode,
    });
    const row = await db().event.findUniqueOrThrow({ where: { id: event.eventId } });
    const eventBody = (paymentMode: string) => ({
      title: row.title,
      description: row.description,
      location: row.location,
      start: row.start.toISOString(),
      end: row.end.toISOString(),
      registrationDeadline: row.registrationDeadline.toISOString(),
      capacity: row.capacity,
      price: { currency: 'CHF', amount: row.priceRappen / 100 },
      maxPlacesPerMember: row.maxPlacesPerMember,
      paymentMode,
    });
    const audits = await db().auditLog.count();

    const groupRefused = await board('PUT', `/admin/gamegroups/${group.id}`, groupBody('ON_SITE'));
    expect(groupRefused.status).toBe(409);
    expect(groupRefused.body.error.message).toBe(
      `Für Spiele der Spielegruppe «${group.name}» ist bereits eine Reservation verrechnet: ` +
        'Die Zahlungsart kann nicht mehr geändert werden, solange ihre Rechnungen nicht storniert sind.',
    );
    const eventRefused = await board('PUT', `/admin/events/${event.eventId}`, eventBody('ON_SITE'));
    expect(eventRefused.status).toBe(409);
    expect(eventRefused.body.error.message).toMatch(
      /^Für diesen Anlass ist bereits eine Anmeldung verrechnet: Die Zahlungsart kann nicht mehr geändert werden/,
    );
    expect((await db().gameGroup.findUniqueOrThrow({ where: { id: group.id } })).paymentMode).toBe('INVOICE');
    expect((await db().event.findUniqueOrThrow({ where: { id: event.eventId } })).paymentMode).toBe('INVOICE');
    expect(await db().auditLog.count()).toBe(audits);

    // other changes of the billed group stay possible; a group nothing of which is billed changes its mode
    const renamed = await board('PUT', `/admin/gamegroups/${group.id}`, { ...groupBody('INVOICE'), availableTicketsPerGame: 120 });
    expect(renamed.status).toBe(200);
    const other = await db().gameGroup.findFirstOrThrow({ where: { games: { some: { id: unbilled.gameId } } } });
    const switched = await board('PUT', `/admin/gamegroups/${other.id}`, { ...groupBody('ON_SITE'), name: other.name });
    expect(switched.status).toBe(200);
    expect(switched.body.data.paymentMode).toBe('ON_SITE');

    // cancelling the invoice gives the places back: the mode may change, and the next run leaves them to the site
    expect((await board('DELETE', `/admin/members/${member.id}/invoices/${invoice!.id}`)).status).toBe(204);
    expect((await board('PUT', `/admin/gamegroups/${group.id}`, { ...groupBody('ON_SITE'), availableTicketsPerGame: 120 })).status).toBe(
      200,
    );
    expect((await board('PUT', `/admin/events/${event.eventId}`, eventBody('ON_SITE'))).status).toBe(200);
    expect((await run(season.id)).body.data.created).toBe(0);
  });
});

describe('POST /api/v1/admin/seasons/{id}/ticketfees/', () => {
  it('bills confirmed reservations of closed sales and confirmed places after the deadline: one invoice per member, a line per game, event and delivery fee', async () => {
    const season = await newSeason();
    const member = await loggedIn(server.url, server.database);
    const scb = await gameIn(season, { dayOfSeason: 200, opponent: 'SCB' });
    const hcd = await gameIn(season, { dayOfSeason: 150, opponent: 'HCD', homeGame: false, priceRappen: 3000 });
    const open = await gameIn(season, { dayOfSeason: 210, closeAt: new Date(Date.now() + DAY) });
    const grill = await eventIn(season, { title: 'Saisonabschluss-Grillfest', dayOfSeason: 300 });
    const cancelledEvent = await eventIn(season);
    await db().event.update({ where: { id: cancelledEvent.eventId }, data: { cancelledAt: new Date() } });
    const free = await eventIn(season, { priceRappen: 0 });
    const later = await eventIn(season, { deadline: new Date(Date.now() + DAY) });
    const waitlisted = await eventIn(season);

    const r1 = await reservation(member.id, scb, scb.postId, 2);
    const r2 = await reservation(member.id, scb, scb.pickupId, 1);
    const r3 = await reservation(member.id, hcd, hcd.postId, 2, 3000);
    await reservation(member.id, open, open.postId, 1);
    const p1 = await place(member.id, grill, 2);
    await place(member.id, cancelledEvent, 1);
    await place(member.id, free, 1);
    await place(member.id, later, 1);
    await place(member.id, waitlisted, 1, 'WAITING');

    const before = await state(season.id);
    expect(before.toBill).toEqual({ reservations: 3, tickets: 5, subscriptions: 1, places: 2, amount: { currency: 'CHF', amount: 249 } });
    expect(before.notYetDue).toEqual({ reservations: 1, subscriptions: 1 });

    const answer = await run(season.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ created: 1, existing: 0 });

    const [invoice] = await ticketInvoices(season.id);
    expect(invoice).toMatchObject({
      memberId: member.id,
      kind: 'TICKETS',
      status: 'OPEN',
      title: `Tickets und Veranstaltungen ${season.name}`,
    });
    const day = (d: Date) =>
      new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
    const postName = (await db().deliveryOption.findUniqueOrThrow({ where: { id: hcd.postId } })).name;
    const scbPostName = (await db().deliveryOption.findUniqueOrThrow({ where: { id: scb.postId } })).name;
    expect(invoice!.lines.map((l) => [l.text, l.amountRappen])).toEqual([
      [`Auswärtsspiel bei HCD, ${day(hcd.start)}: 2 × CHF\u00a030.00`, 6000],
      [`Heimspiel gegen SCB, ${day(scb.start)}: 3 × CHF\u00a045.00`, 13500],
      [`Saisonabschluss-Grillfest, ${day(grill.start)}: 2 × CHF\u00a025.00`, 5000],
      ...[
        [`${postName}: CHF\u00a02.00`, 200],
        [`${scbPostName}: CHF\u00a02.00`, 200],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'de')),
    ]);
    expect(invoice!.totalRappen).toBe(24900);
    const links = await db().billedItem.findMany({ where: { invoiceId: invoice!.id }, orderBy: { id: 'asc' } });
    expect(links.map((l) => [l.reservationId, l.subscriptionId, l.quantity, l.priceRappen, l.feeRappen]).sort()).toEqual(
      [
        [r1, null, 2, 4500, 200],
        [r2, null, 1, 4500, 0],
        [r3, null, 2, 3000, 200],
        [null, p1, 2, 2500, 0],
      ].sort(),
    );
    const mail = await db().mailOutbox.findFirstOrThrow({ where: { to: member.username + '@example.ch' } });
    expect(mail.subject).toBe(`Tickets und Veranstaltungen ${season.name}: Rechnung ${invoice!.number}`);
    expect(mail.text).toContain('für Ihre Tickets und Veranstaltungen der Saison');
    expect(mail.text).toContain('CHF\u00a0249.00');
    expect(mail.attachments).toEqual([{ kind: 'invoice', invoiceId: invoice!.id }]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'season.ticketfees.issued', entityId: String(season.id) } });
    expect(audit.data).toMatchObject({ created: 1, reservations: 3, places: 1, totalRappen: 24900 });

    const after = await state(season.id);
    expect(after.toBill).toEqual({ reservations: 0, tickets: 0, subscriptions: 0, places: 0, amount: { currency: 'CHF', amount: 0 } });
    expect(after.invoices).toEqual({
      issued: 1,
      paid: 0,
      billed: { currency: 'CHF', amount: 249 },
      paidAmount: { currency: 'CHF', amount: 0 },
    });

    // The member sees which reservations and places are billed, and on which invoice.
    const own = (await member.call('GET', '/member/?expands=ticketreservations')).body.data.ticketReservations as {
      id: number;
      invoiceId: number | null;
      invoiceStatus: string | null;
      handedOverAt: string | null;
    }[];
    expect(own.find((r) => r.id === r1)).toMatchObject({ invoiceId: invoice!.id, invoiceStatus: 'OPEN', handedOverAt: null });
    expect(own.filter((r) => r.invoiceId === null)).toHaveLength(1);
    const subs = (await member.call('GET', '/member/eventsubscriptions')).body.data.map((d: { data: unknown }) => d.data) as {
      eventTitle: string;
      eventPrice: { amount: number };
      invoiceStatus: string | null;
    }[];
    expect(subs.find((s) => s.eventTitle === 'Saisonabschluss-Grillfest')).toMatchObject({
      invoiceStatus: 'OPEN',
      eventPrice: { amount: 25 },
    });
    expect(subs.filter((s) => s.invoiceStatus === null)).toHaveLength(4);
  });

  it('a repeated run bills nothing new; a reservation confirmed later gets an invoice of its own', async () => {
    const season = await newSeason();
    const member = await loggedIn(server.url, server.database);
    const game = await gameIn(season);
    await reservation(member.id, game, game.pickupId, 2);
    expect((await run(season.id)).body.data).toEqual({ created: 1, existing: 0 });
    expect((await run(season.id)).body.data).toEqual({ created: 0, existing: 1 });
    expect(await ticketInvoices(season.id)).toHaveLength(1);

    const second = await gameIn(season, { dayOfSeason: 120 });
    await reservation(member.id, second, second.pickupId, 1);
    expect((await run(season.id)).body.data).toEqual({ created: 1, existing: 1 });
    const invoices = await ticketInvoices(season.id);
    expect(invoices.map((i) => i.totalRappen)).toEqual([9000, 4500]);
  });

  it('concurrent runs bill each reservation and place exactly once', async () => {
    const season = await newSeason();
    const game = await gameIn(season);
    const event = await eventIn(season);
    const members = await Promise.all(Array.from({ length: 6 }, () => loggedIn(server.url, server.database)));
    for (const m of members) {
      await reservation(m.id, game, game.postId, 2);
      await place(m.id, event, 1);
    }
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => run(season.id, i % 2 ? [] : members.map((m) => m.id))));
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers.reduce((sum, a) => sum + a.body.data.created, 0)).toBe(6);
    const invoices = await ticketInvoices(season.id);
    expect(invoices).toHaveLength(6);
    expect(new Set(invoices.map((i) => i.memberId)).size).toBe(6);
    expect(await db().billedItem.count({ where: { invoiceId: { in: invoices.map((i) => i.id) } } })).toBe(12);
    // numbers stay gapless
    const numbers = invoices.map((i) => Number(i.number.slice(5))).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(5);
  });

  it('bills only the members asked for; unknown members are a 404 and bill nothing', async () => {
    const season = await newSeason();
    const game = await gameIn(season);
    const a = await loggedIn(server.url, server.database);
    const b = await loggedIn(server.url, server.database);
    await reservation(a.id, game, game.pickupId, 1);
    await reservation(b.id, game, game.pickupId, 1);
    const unknown = await run(season.id, [a.id, 999_999]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('999999');
    expect(await ticketInvoices(season.id)).toHaveLength(0);
    expect((await run(season.id, [a.id])).body.data).toEqual({ created: 1, existing: 0 });
    expect((await ticketInvoices(season.id)).map((i) => i.memberId)).toEqual([a.id]);
    expect((await run(season.id)).body.data).toEqual({ created: 1, existing: 1 });
  });

  it('cancelling a TICKETS invoice releases its reservations and places: the next run bills them once more, and only once', async () => {
    const season = await newSeason();
    const member = await loggedIn(server.url, server.database);
    const game = await gameIn(season);
    const event = await eventIn(season);
    await reservation(member.id, game, game.postId, 3);
    await place(member.id, event, 2);
    await run(season.id);
    const [first] = await ticketInvoices(season.id);
    const cancel = await board('DELETE', `/admin/members/${member.id}/invoices/${first!.id}`);
    expect(cancel.status).toBe(204);
    expect(await db().billedItem.count({ where: { invoiceId: first!.id } })).toBe(0);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'invoice.cancelled', entityId: String(first!.id) } });
    expect(audit.data).toMatchObject({ released: 2 });
    expect((await state(season.id)).toBill).toMatchObject({ reservations: 1, subscriptions: 1 });
    const own = (await member.call('GET', '/member/?expands=ticketreservations')).body.data.ticketReservations;
    expect(own[0]).toMatchObject({ invoiceId: null, invoiceStatus: null });

    expect((await Promise.all([run(season.id), run(season.id)])).map((a) => a.body.data.created).sort()).toEqual([0, 1]);
    const invoices = await ticketInvoices(season.id);
    expect(invoices.map((i) => i.status)).toEqual(['CANCELLED', 'OPEN']);
    expect(invoices[1]!.lines.map((l) => l.amountRappen)).toEqual(first!.lines.map((l) => l.amountRappen));
    expect(await db().billedItem.count({ where: { invoiceId: invoices[1]!.id } })).toBe(2);
  });

  it('a reservation cancelled before billing is not billed', async () => {
    const season = await newSeason();
    const member = await loggedIn(server.url, server.database);
    const game = await gameIn(season, { closeAt: new Date(Date.now() + DAY) });
    const options = (await member.call('GET', `/games/${game.gameId}/deliveryoptions/`)).body.data;
    expect(options.map((o: { data: { fee: unknown } }) => o.data.fee)).toContainEqual({ currency: 'CHF', amount: 2 });
    const reserved = await member.call('POST', reservePath(game.gameId, game.postId), { amount: 2 });
    expect(reserved.status).toBe(201);
    expect(reserved.body.data).toMatchObject({ invoiceId: null, invoiceStatus: null, handedOverAt: null });
    expect((await member.call('DELETE', `/member/ticketreservations/${reserved.body.data.id}`)).status).toBe(204);
    await db().game.update({ where: { id: game.gameId }, data: { salesCloseAt: new Date(Date.now() - HOUR) } });
    expect((await run(season.id)).body.data).toEqual({ created: 0, existing: 0 });
  });

  it('a reservation the board removes before billing is not billed; a billed one cannot be removed (409)', async () => {
    const season = await newSeason();
    const member = await loggedIn(server.url, server.database);
    const game = await gameIn(season);
    const removed = await reservation(member.id, game, game.postId, 2);
    const kept = await reservation(member.id, game, game.pickupId, 1);
    expect((await board('DELETE', `/admin/ticketreservations/${removed}?reason=Doppelt%20erfasst`)).status).toBe(204);
    expect((await run(season.id)).body.data).toEqual({ created: 1, existing: 0 });
    const [invoice] = await ticketInvoices(season.id);
    expect(invoice!.lines).toHaveLength(1);
    expect(await db().ticketReservation.count({ where: { id: removed } })).toBe(0);
    const refused = await board('DELETE', `/admin/ticketreservations/${kept}`);
    expect(refused.status).toBe(409);
    expect(await db().ticketReservation.count({ where: { id: kept } })).toBe(1);
  });

  it('a camt.054 file pays a TICKETS invoice by its reference, and the member sees the reservation paid', async () => {
    const season = await newSeason();
    const member = await loggedInWithCookie(server.url, db());
    const game = await gameIn(season);
    const reservationId = await reservation(member.id, game, game.postId, 2);
    await run(season.id);
    const [invoice] = await ticketInvoices(season.id);
    const boardCookie = (await loggedInWithCookie(server.url, db(), true)).cookie;
    const xml = camt054({ entries: [{ amount: (invoice!.totalRappen / 100).toFixed(2), reference: invoice!.reference }] });
    const answer = await postCamt(server.url, boardCookie, xml);
    expect(answer.status).toBe(200);
    expect(answer.body.data.matched).toBe(1);
    expect(await db().invoice.findUniqueOrThrow({ where: { id: invoice!.id } })).toMatchObject({ status: 'PAID', paidRappen: 9200 });
    const own = (await member.call('GET', '/member/?expands=ticketreservations')).body.data.ticketReservations;
    expect(own.find((r: { id: number }) => r.id === reservationId)).toMatchObject({ invoiceStatus: 'PAID' });
    expect((await state(season.id)).invoices).toMatchObject({ issued: 1, paid: 1, paidAmount: { currency: 'CHF', amount: 92 } });
  });

  it('answers an unknown season with 404 and a body that is not a list of member ids with 400 or 422, writing nothing', async () => {
    expect((await run(999_999)).status).toBe(404);
    expect((await board('GET', '/admin/seasons/999999/ticketfees/')).status).toBe(404);
    const season = await newSeason();
    const bad = await board('POST', `/admin/seasons/${season.id}/ticketfees/`, { memberIds: [] });
    expect([400, 422]).toContain(bad.status);
    expect(bad.body.error.message).toMatch(/Anfrage/);
    const negative = await board('POST', `/admin/seasons/${season.id}/ticketfees/`, [-1]);
    expect([400, 422]).toContain(negative.status);
    expect(await ticketInvoices(season.id)).toHaveLength(0);
  });
});

describe('delivery option fee', () => {
  it('POST and PUT take an optional fee (default 0), audited; a negative or oversized fee is refused', async () => {
    const name = unique('Kurier ');
    const created = await board('POST', '/admin/deliveryoptions/', { name, fee: { currency: 'CHF', amount: 2.5 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name, fee: { currency: 'CHF', amount: 2.5 } });
    const plain = await board('POST', '/admin/deliveryoptions/', { name: unique('Abholung ') });
    expect(plain.body.data.fee).toEqual({ currency: 'CHF', amount: 0 });
    const id = created.body.data.id;
    const updated = await board('PUT', `/admin/deliveryoptions/${id}`, { name, fee: { currency: 'CHF', amount: 3 } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.fee).toEqual({ currency: 'CHF', amount: 3 });
    expect((await db().deliveryOption.findUniqueOrThrow({ where: { id } })).feeRappen).toBe(300);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'deliveryoption.updated', entityId: String(id) } });
    expect(audit.data).toMatchObject({ feeRappen: 300, previousFeeRappen: 250 });
    const list = (await board('GET', '/admin/deliveryoptions/')).body.data.map((d: { data: { id: number } }) => d.data);
    expect(list.find((o: { id: number }) => o.id === id).fee).toEqual({ currency: 'CHF', amount: 3 });
    for (const fee of [{ currency: 'CHF', amount: -1 }, { currency: 'CHF', amount: 5000 }, { currency: 'EUR', amount: 2 }, 2]) {
      const refused = await board('PUT', `/admin/deliveryoptions/${id}`, { name, fee });
      expect(refused.status, JSON.stringify(fee)).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect((await db().deliveryOption.findUniqueOrThrow({ where: { id } })).feeRappen).toBe(300);
  });
});
