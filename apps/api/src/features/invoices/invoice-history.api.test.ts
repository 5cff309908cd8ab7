import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, seasonDates, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { camt054, client, createInvoice, loggedIn, postCamt, type Call, type Json } from '../payments/payments.test-support.ts';

describe('GET /api/v1/admin/invoices/{id}: one invoice with its history', () => {
  let server: TestServer;
  let board: { id: number; cookie: string; call: Call };
  let member: { id: number; call: Call };
  let visitor: Call;
  const db = () => server.database.prisma;
  const today = zurichToday(new Date());
  const iso = (days: number) => toIsoDate(addDays(today, days));

  beforeAll(async () => {
    server = await startTestServer();
    board = await loggedIn(server.url, server.database.prisma, true, { firstName: 'Karin', lastName: 'Kassier' });
    member = await loggedIn(server.url, server.database.prisma);
    visitor = client(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A season with a reminder fee and two members in it; the board's membership fee run bills both. */
  async function billedSeason(year: number) {
    const season = await db().season.create({
      data: { ...seasonDates(year), membershipFeeRappen: 6000, parkingFeeRappen: 0, reminderFeeRappen: 1000 },
    });
    const members = [];
    for (const lastName of ['Muster', 'Zbinden']) {
      const m = await createMember(db(), { firstName: 'Test', lastName });
      await db().membership.create({ data: { memberId: m.id, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo } });
      members.push(m);
    }
    const run = await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, []);
    expect(run.body.data).toEqual({ created: 2, existing: 0 });
    const invoices = await db().invoice.findMany({ where: { seasonId: season.id }, orderBy: { id: 'asc' } });
    const of = (memberId: number) => invoices.find((i) => i.memberId === memberId)!;
    return { paying: of(members[0]!.id), cancelled: of(members[1]!.id) };
  }

  const history = async (id: number) => {
    const answer = await board.call('GET', `/admin/invoices/${id}`);
    expect(answer.status).toBe(200);
    return answer.body.data as Json;
  };
  const kinds = (detail: Json) => detail.history.map((e: Json) => (e.kind === 'MAILED' ? `MAILED:${e.reminderLevel ?? 0}` : e.kind));

  it('tells an invoice issued by the fee run, twice reminded, paid partly in cash and the rest from the bank, a second credit refunded', async () => {
    const { paying } = await billedSeason(2150);
    // overdue: two reminders, the second adds the season's reminder fee
    await db().invoice.update({ where: { id: paying.id }, data: { dueDate: addDays(today, -1) } });
    expect((await board.call('POST', '/admin/invoices/reminders', {})).body.data.reminded).toBe(1);
    await db().invoiceReminder.updateMany({
      where: { invoiceId: paying.id, level: 1 },
      data: { reminderDate: addDays(today, -15), dueDate: addDays(today, -1) },
    });
    expect((await board.call('POST', '/admin/invoices/reminders', {})).body.data.levels).toEqual({ '1': 0, '2': 1, '3': 0 });

    const cash = await board.call('POST', `/admin/invoices/${paying.id}/payments`, {
      amount: { currency: 'CHF', amount: 20 },
      paidAt: iso(-1),
      method: 'CASH',
      note: 'Bar am Stammtisch',
    });
    expect(cash.status).toBe(201);
    const bank = camt054({ entries: [{ amount: '50.00', reference: paying.reference, debtorName: 'TEST MUSTER', bookingDate: iso(0) }] });
    expect((await postCamt(server.url, board.cookie, bank, {}, '?fileName=gutschriften-november.xml')).body.data.matched).toBe(1);
    // the member pays once more: listed, then refunded by the board
    const again = camt054({ entries: [{ amount: '50.00', reference: paying.reference, debtorName: 'TEST MUSTER', bookingDate: iso(0) }] });
    const twice = await postCamt(server.url, board.cookie, again);
    expect(twice.body.data.alreadyPaid).toBe(1);
    const refundedLine = twice.body.data.lines[0].paymentId as number;
    const decided = await board.call('POST', `/admin/payments/${refundedLine}/decision`, {
      kind: 'REFUNDED',
      note: 'Am 3.12. zurücküberwiesen',
    });
    expect(decided.status).toBe(201);

    const detail = await history(paying.id);
    expect(detail).toMatchObject({
      id: paying.id,
      number: paying.number,
      memberName: 'Test Muster',
      debtorName: paying.debtorName,
      status: 'PAID',
      total: { currency: 'CHF', amount: 70 },
      paidAmount: { currency: 'CHF', amount: 70 },
      openAmount: { currency: 'CHF', amount: 0 },
      reminderLevel: 2,
      cancelledAt: null,
    });
    expect(detail.lines.map((l: Json) => [l.text, l.amount.amount])).toEqual([
      [expect.stringContaining('Mitgliederbeitrag'), 60],
      ['Mahngebühr (2. Mahnung)', 10],
    ]);
    expect(detail.reminders).toEqual([
      {
        level: 1,
        title: 'Zahlungserinnerung',
        reminderDate: iso(-15),
        dueDate: iso(-1),
        openAmount: { currency: 'CHF', amount: 60 },
        fee: { currency: 'CHF', amount: 0 },
      },
      {
        level: 2,
        title: '2. Mahnung',
        reminderDate: iso(0),
        dueDate: iso(14),
        openAmount: { currency: 'CHF', amount: 70 },
        fee: { currency: 'CHF', amount: 10 },
      },
    ]);
    expect(kinds(detail)).toEqual([
      'CREATED',
      'MAILED:0',
      'REMINDED',
      'MAILED:1',
      'REMINDED',
      'MAILED:2',
      'PAYMENT',
      'PAYMENT',
      'BANK_LINE',
      'DECISION',
    ]);
    const [created, mailed, , , second, , byHand, fromBank, listed, decision] = detail.history as Json[];
    expect(created).toMatchObject({ origin: 'MEMBERSHIP_FEE_RUN', actor: 'Karin Kassier' });
    expect(mailed).toMatchObject({ subject: expect.stringContaining(paying.number), status: 'PENDING', sentAt: null });
    expect(second).toMatchObject({ level: 2, levelTitle: '2. Mahnung', dueDate: iso(14), fee: { amount: 10 }, actor: 'Karin Kassier' });
    expect(byHand).toMatchObject({
      how: 'MANUAL',
      date: iso(-1),
      amount: { amount: 20 },
      method: 'CASH',
      note: 'Bar am Stammtisch',
      actor: 'Karin Kassier',
      bankLine: null,
      undoPaymentId: null,
    });
    expect(fromBank).toMatchObject({
      how: 'REFERENCE',
      date: iso(0),
      amount: { amount: 50 },
      method: null,
      actor: 'Karin Kassier',
      bankLine: { fileName: 'gutschriften-november.xml', debtorName: 'TEST MUSTER', reference: paying.reference, split: false },
      undoPaymentId: null,
    });
    expect(listed).toMatchObject({
      outcome: 'ALREADY_PAID',
      bankLine: { paymentId: refundedLine, amount: { currency: 'CHF', amount: 50 } },
    });
    expect(decision).toMatchObject({
      decision: 'REFUNDED',
      note: 'Am 3.12. zurücküberwiesen',
      paymentId: refundedLine,
      actor: 'Karin Kassier',
      undoable: true,
    });
    const times = detail.history.map((e: Json) => e.at);
    expect([...times].sort()).toEqual(times);

    // the refund undone: the decision stays in the history, no longer undoable, and the undoing follows it
    expect((await board.call('DELETE', `/admin/payments/${refundedLine}/decision`)).status).toBe(204);
    const after = await history(paying.id);
    expect(kinds(after).slice(-2)).toEqual(['DECISION', 'UNDONE']);
    expect(after.history.at(-2)).toMatchObject({ undoable: false });
    expect(after.history.at(-1)).toMatchObject({ decision: 'REFUNDED', amount: { amount: 50 }, actor: 'Karin Kassier' });
  });

  it('tells a cancelled invoice: issued, mailed, cancelled by whom', async () => {
    const { cancelled } = await billedSeason(2151);
    expect((await board.call('DELETE', `/admin/members/${cancelled.memberId}/invoices/${cancelled.id}`)).status).toBe(204);
    const detail = await history(cancelled.id);
    expect(detail).toMatchObject({ status: 'CANCELLED', openAmount: { amount: 0 }, cancelledAt: expect.any(String) });
    expect(kinds(detail)).toEqual(['CREATED', 'MAILED:0', 'CANCELLED']);
    expect(detail.history[2]).toMatchObject({ actor: 'Karin Kassier', at: detail.cancelledAt });
  });

  it('tells a credit the board booked on the invoice, the booking undone and booked again (undoable)', async () => {
    const payer = await createMember(db(), { firstName: 'Rahel', lastName: 'Zwicky' });
    const invoice = await createInvoice(db(), payer.id, { totalRappen: 4000, debtorName: 'Rahel Zwicky' });
    const file = await postCamt(
      server.url,
      board.cookie,
      camt054({ entries: [{ amount: '40.00', reference: '', debtorName: 'ZWICKY RAHEL', message: 'Beitrag', bookingDate: iso(0) }] }),
    );
    const line = file.body.data.lines[0].paymentId as number;
    expect((await board.call('POST', `/admin/payments/${line}/booking`, { invoiceId: invoice.id })).status).toBe(201);
    expect((await board.call('DELETE', `/admin/payments/${line}/booking`)).status).toBe(204);
    expect((await history(invoice.id)).history.map((e: Json) => e.kind)).toEqual(['CREATED', 'UNDONE']);
    expect((await board.call('POST', `/admin/payments/${line}/booking`, { invoiceId: invoice.id })).status).toBe(201);

    const detail = await history(invoice.id);
    // written straight into the database: no run, no mail
    expect(detail.history[0]).toEqual({ kind: 'CREATED', at: expect.any(String), origin: null, actor: null });
    expect(kinds(detail)).toEqual(['CREATED', 'UNDONE', 'PAYMENT']);
    expect(detail.history[1]).toMatchObject({ decision: 'BOOKED', amount: { amount: 40 }, paymentId: line, actor: 'Karin Kassier' });
    expect(detail.history[2]).toMatchObject({
      how: 'ASSIGNED',
      amount: { amount: 40 },
      actor: 'Karin Kassier',
      bankLine: { paymentId: line, debtorName: 'ZWICKY RAHEL', message: 'Beitrag', split: false },
      undoPaymentId: line,
    });
    expect(detail.status).toBe('PAID');
  });

  it('tells each invoice of a split credit its own part, from the whole credit, undoable as one booking', async () => {
    const payer = await createMember(db(), { firstName: 'Familie', lastName: 'Aufteiler' });
    const first = await createInvoice(db(), payer.id, { totalRappen: 5000 });
    const second = await createInvoice(db(), payer.id, { totalRappen: 3000 });
    const file = await postCamt(
      server.url,
      board.cookie,
      camt054({ entries: [{ amount: '80.00', reference: '', debtorName: 'FAMILIE AUFTEILER', bookingDate: iso(0) }] }),
    );
    const line = file.body.data.lines[0].paymentId as number;
    const split = await board.call('POST', `/admin/payments/${line}/booking`, {
      allocations: [
        { invoiceId: first.id, amount: 50 },
        { invoiceId: second.id, amount: 30 },
      ],
    });
    expect(split.status).toBe(201);
    for (const [invoice, amount] of [
      [first, 50],
      [second, 30],
    ] as const) {
      const detail = await history(invoice.id);
      expect(kinds(detail)).toEqual(['CREATED', 'PAYMENT']);
      expect(detail.history[1]).toMatchObject({
        how: 'ASSIGNED',
        amount: { amount },
        date: iso(0),
        actor: 'Karin Kassier',
        bankLine: { paymentId: line, amount: { currency: 'CHF', amount: 80 }, split: true },
        undoPaymentId: line,
      });
    }
  });

  describe('guards and refusals', () => {
    it('visitor 401, member 403', async () => {
      expect((await visitor('GET', '/admin/invoices/1')).body.error.code).toBe('NOT_LOGGED_IN');
      const m = await member.call('GET', '/admin/invoices/1');
      expect(m.status).toBe(403);
      expect(m.body.error.code).toBe('FORBIDDEN');
    });
    it('an unknown invoice is a 404 with a German message, a malformed id a 400', async () => {
      const unknown = await board.call('GET', '/admin/invoices/987654');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Diese Rechnung gibt es nicht.');
      expect((await board.call('GET', '/admin/invoices/abc')).status).toBe(400);
      expect((await board.call('GET', '/admin/invoices/0')).status).toBe(400);
    });
    it('the reminder preview keeps its path', async () => {
      const preview = await board.call('GET', '/admin/invoices/reminders');
      expect(preview.status).toBe(200);
      expect(preview.body.data).toHaveProperty('recipients');
    });
  });
});
