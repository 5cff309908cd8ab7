import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonYearOf, zurichToday } from '../../lib/dates.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { camt054, loggedIn, postCamt, type Call } from '../payments/payments.test-support.ts';

/**
 * A whole club year over HTTP, as the board and the members live it: a season with its fees,
 * ticket sales with delivery fees, an event, the ticket and event billing, a bank file, reminders,
 * a cancelled and re-billed invoice, the invoice overview and the season's reports. At every step
 * the money reconciles: tickets sold × price + event places × price + delivery fees = billed
 * ticket invoices (not cancelled), and billed = paid + open, in the overview as in the report.
 */

let server: TestServer;
let board: Awaited<ReturnType<typeof loggedIn>>;
const members: Awaited<ReturnType<typeof loggedIn>>[] = [];

beforeAll(async () => {
  server = await startTestServer();
  board = await loggedIn(server.url, db(), true);
  for (const lastName of ['Arnold', 'Brunner', 'Caflisch', 'Dubach'])
    members.push(await loggedIn(server.url, db(), false, { firstName: 'Test', lastName }));
});
afterAll(async () => {
  await server?.close();
});

function db() {
  return server.database.prisma;
}
const chf = (amount: number) => ({ currency: 'CHF', amount });
const MINUTE = 60_000;
const DAY = 86_400_000;

async function ok(call: Call, method: string, path: string, body?: unknown) {
  const answer = await call(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body?.data;
}

/** What the books say about the season's TICKETS invoices (not cancelled). */
async function ticketBooks(seasonId: number) {
  const invoices = await db().invoice.findMany({ where: { seasonId, kind: 'TICKETS', status: { not: 'CANCELLED' } } });
  const billed = invoices.reduce((s, i) => s + i.totalRappen, 0);
  const paid = invoices.reduce((s, i) => s + i.paidRappen, 0);
  const open = invoices.filter((i) => i.status === 'OPEN').reduce((s, i) => s + i.totalRappen - i.paidRappen, 0);
  return { invoices, billed, paid, open };
}

/** Tickets sold × price + delivery fees + confirmed places × price, from the reservations and subscriptions themselves. */
async function soldInRappen(gameIds: number[], eventId: number) {
  const reservations = await db().ticketReservation.findMany({ where: { gameId: { in: gameIds } }, include: { deliveryOption: true } });
  const subscriptions = await db().eventSubscription.findMany({ where: { eventId, status: 'CONFIRMED' }, include: { event: true } });
  return (
    reservations.reduce((s, r) => s + r.amount * r.pricePerTicketRappen + r.deliveryOption.feeRappen, 0) +
    subscriptions.reduce((s, x) => s + x.amount * x.event.priceRappen, 0)
  );
}

describe('the whole club year', () => {
  it('reconciles from the fees through ticket and event billing, the bank file, a correction and the reports', async () => {
    const b = board.call;
    const [arnold, brunner, caflisch, dubach] = members as [typeof board, typeof board, typeof board, typeof board];

    // May: the board opens the season and bills the fees.
    const year = seasonYearOf(zurichToday(new Date()));
    const season = await ok(b, 'POST', '/admin/seasons/', { validFrom: `${year}-05-01`, membershipFee: chf(50), parkingFee: chf(120) });
    for (const m of members) {
      await db().membership.create({
        data: {
          memberId: m.id,
          seasonId: season.id,
          validFrom: new Date(season.validFrom),
          validTo: new Date(season.validTo),
          parkingPermit: m === brunner,
        },
      });
    }
    expect(await ok(b, 'POST', `/admin/seasons/${season.id}/membershipfees/`, [])).toEqual({ created: 4, existing: 0 });
    expect(await ok(b, 'POST', `/admin/seasons/${season.id}/parkingfees/`, [])).toEqual({ created: 1, existing: 0 });

    // The ticket sale: two games, a delivery option with a fee.
    const post = await ok(b, 'POST', '/admin/deliveryoptions/', { name: 'Versand per Post', fee: chf(2) });
    const pickup = await ok(b, 'POST', '/admin/deliveryoptions/', { name: 'Abholung im Fanlokal' });
    const group = await ok(b, 'POST', '/admin/gamegroups/', {
      name: 'Heimspiele',
      defaultPricePerTicket: chf(45),
      availableTicketsPerGame: 20,
      freeTicketAmount: 4,
    });
    await ok(b, 'PUT', `/admin/gamegroups/${group.id}/deliveryoptions/`, [{ id: post.id }, { id: pickup.id }]);
    const gameBody = (days: number, opponent: string) => ({
      start: new Date(Date.now() + days * DAY).toISOString(),
      opponent,
      homeGame: true,
      venue: 'Swiss Life Arena',
    });
    const scb = await ok(b, 'POST', `/admin/gamegroups/${group.id}/games/`, gameBody(10, 'SCB'));
    const hcd = await ok(b, 'POST', `/admin/gamegroups/${group.id}/games/`, gameBody(20, 'HCD'));
    const reserve = (m: typeof board, game: { id: number }, option: { id: number }, amount: number) =>
      ok(m.call, 'POST', `/games/${game.id}/deliveryoptions/${option.id}/ticketreservations/`, { amount });
    await reserve(arnold, scb, post, 2);
    await reserve(brunner, scb, pickup, 1);
    await reserve(brunner, hcd, post, 3);
    await reserve(caflisch, hcd, pickup, 2);
    const dropped = await reserve(caflisch, scb, post, 1);
    await ok(caflisch.call, 'DELETE', `/member/ticketreservations/${dropped.id}`);

    // An event with a price; one member signs up and cancels again.
    const eventStart = new Date(Date.now() + 15 * DAY);
    const eventBody = {
      title: 'Chlausabend',
      description: '',
      location: 'Fanlokal',
      start: eventStart.toISOString(),
      end: new Date(eventStart.getTime() + 4 * 3_600_000).toISOString(),
      registrationDeadline: new Date(eventStart.getTime() - DAY).toISOString(),
      capacity: 10,
      price: chf(25),
      maxPlacesPerMember: 3,
    };
    const event = await ok(b, 'POST', '/admin/events/', eventBody);
    await ok(arnold.call, 'POST', `/events/${event.id}/subscriptions`, { id: event.id, amount: 2 });
    await ok(brunner.call, 'POST', `/events/${event.id}/subscriptions`, { id: event.id, amount: 1 });
    await ok(dubach.call, 'POST', `/events/${event.id}/subscriptions`, { id: event.id, amount: 1 });
    await ok(dubach.call, 'POST', `/events/${event.id}/subscriptions`, { id: event.id, amount: 0 });

    // Nothing is due before the sales close and the registration ends.
    expect(await ok(b, 'POST', `/admin/seasons/${season.id}/ticketfees/`, [])).toEqual({ created: 0, existing: 0 });
    const closed = new Date(Date.now() - MINUTE).toISOString();
    await ok(b, 'PUT', `/admin/games/${scb.id}`, { ...gameBody(10, 'SCB'), start: scb.start, salesCloseAt: closed });
    await ok(b, 'PUT', `/admin/games/${hcd.id}`, { ...gameBody(20, 'HCD'), start: hcd.start, salesCloseAt: closed });
    await ok(b, 'PUT', `/admin/events/${event.id}`, { ...eventBody, registrationDeadline: closed });

    // The ticket and event billing.
    const sold = await soldInRappen([scb.id, hcd.id], event.id);
    expect(sold).toBe(2 * 4500 + 200 + 4500 + 3 * 4500 + 200 + 2 * 4500 + 3 * 2500);
    expect(await ok(b, 'POST', `/admin/seasons/${season.id}/ticketfees/`, [])).toEqual({ created: 3, existing: 0 });
    let books = await ticketBooks(season.id);
    expect(books.billed).toBe(sold);
    expect(books.billed).toBe(books.paid + books.open);

    // The bank file: Arnold pays everything, Brunner half of the tickets and the membership fee.
    const invoiceOf = (memberId: number, kind: 'TICKETS' | 'MEMBERSHIP_FEE') =>
      db().invoice.findFirstOrThrow({ where: { memberId, seasonId: season.id, kind, status: { not: 'CANCELLED' } } });
    const lines = [
      await invoiceOf(arnold.id, 'TICKETS'),
      await invoiceOf(arnold.id, 'MEMBERSHIP_FEE'),
      await invoiceOf(brunner.id, 'MEMBERSHIP_FEE'),
    ].map((i) => ({ amount: (i.totalRappen / 100).toFixed(2), reference: i.reference }));
    const brunnerTickets = await invoiceOf(brunner.id, 'TICKETS');
    lines.push({ amount: (Math.floor(brunnerTickets.totalRappen / 2) / 100).toFixed(2), reference: brunnerTickets.reference });
    const imported = await postCamt(server.url, board.cookie, camt054({ entries: lines }));
    expect(imported.status).toBe(200);
    expect(await invoiceOf(brunner.id, 'TICKETS')).toMatchObject({
      status: 'OPEN',
      paidRappen: Math.floor(brunnerTickets.totalRappen / 2),
    });
    await ok(b, 'POST', '/admin/invoices/reminders');
    books = await ticketBooks(season.id);
    expect(books.paid).toBeGreaterThan(0);
    expect(books.billed).toBe(books.paid + books.open);

    // A correction: Caflisch's ticket invoice is cancelled and billed again, once.
    const wrong = await invoiceOf(caflisch.id, 'TICKETS');
    await ok(b, 'DELETE', `/admin/members/${caflisch.id}/invoices/${wrong.id}`);
    expect((await ticketBooks(season.id)).billed).toBe(sold - wrong.totalRappen);
    expect(await ok(b, 'POST', `/admin/seasons/${season.id}/ticketfees/`, [])).toEqual({ created: 1, existing: 2 });
    expect(await ok(b, 'POST', `/admin/seasons/${season.id}/ticketfees/`, [])).toEqual({ created: 0, existing: 3 });
    books = await ticketBooks(season.id);
    expect(books.billed).toBe(sold);
    expect(books.billed).toBe(books.paid + books.open);
    const state = await ok(b, 'GET', `/admin/seasons/${season.id}/ticketfees/`);
    expect(state.toBill).toMatchObject({ reservations: 0, subscriptions: 0, amount: chf(0) });
    expect(state.invoices).toMatchObject({ issued: 3, billed: chf(sold / 100), paidAmount: chf(books.paid / 100) });

    // The invoice overview and the ticketfees report say the same.
    const overview = await b('GET', `/admin/invoices?seasonId=${season.id}&kind=TICKETS`);
    expect(overview.body.page.total).toBe(3);
    expect(overview.body.totals).toMatchObject({ openAmount: chf(books.open / 100), paidAmount: chf(books.paid / 100) });
    const xlsx = await fetch(`${server.url}/api/v1/admin/seasons/${season.id}/ticketfees/.xlsx`, { headers: { cookie: board.cookie } });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Nr.',
      'Name',
      'Vorname',
      'Rechnungen',
      'Verrechnet',
      'Bezahlt',
      'Offen',
    ]);
    expect([2, 3, 4].map((r) => sheet.getCell(`B${r}`).value)).toEqual(['Arnold', 'Brunner', 'Caflisch']);
    const total = sheet.getRow(5);
    const result = (col: string) => (sheet.getCell(`${col}${total.number}`).value as { result: number }).result;
    expect(result('E')).toBeCloseTo(books.billed / 100, 2);
    expect(result('F')).toBeCloseTo(books.paid / 100, 2);
    expect(result('G')).toBeCloseTo(books.open / 100, 2);
    expect(result('E')).toBeCloseTo(result('F') + result('G'), 2);
    const pdf = await fetch(`${server.url}/api/v1/admin/seasons/${season.id}/ticketfees/.pdf`, { headers: { cookie: board.cookie } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Membership and parking fees reconcile as well: each fee invoice of the season is paid or open.
    const fees = await db().invoice.findMany({ where: { seasonId: season.id, kind: { in: ['MEMBERSHIP_FEE', 'PARKING_FEE'] } } });
    expect(fees.reduce((s, i) => s + i.totalRappen, 0)).toBe(4 * 5000 + 12000);
    const feePaid = fees.reduce((s, i) => s + i.paidRappen, 0);
    const feeOpen = fees.filter((i) => i.status === 'OPEN').reduce((s, i) => s + i.totalRappen - i.paidRappen, 0);
    expect(feePaid + feeOpen).toBe(4 * 5000 + 12000);
  });
});
