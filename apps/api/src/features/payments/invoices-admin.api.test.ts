import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { addDays, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { client, createInvoice, createSeason, loggedIn, paymentRowCounts, type Call, type Json } from './payments.test-support.ts';

describe("the board's invoice overview and payments by hand", () => {
  let server: TestServer;
  let board: { id: number; call: Call };
  let member: { id: number; call: Call };
  let visitor: Call;
  let debtor: number;

  beforeAll(async () => {
    server = await startTestServer();
    board = await loggedIn(server.url, server.database.prisma, true);
    member = await loggedIn(server.url, server.database.prisma);
    visitor = client(server.url);
    debtor = (await createMember(server.database.prisma, { firstName: 'Martina', lastName: 'Muster' })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.prisma;
  const today = () => toIsoDate(zurichToday(new Date()));
  const daysFromToday = (n: number) => toIsoDate(addDays(zurichToday(new Date()), n));

  describe('guards every route: visitor 401, member 403, nothing written', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/invoices'],
      ['GET', '/admin/invoices?status=OPEN&overdue=true'],
      ['POST', '/admin/invoices/1/payments', { amount: { currency: 'CHF', amount: 50 }, paidAt: '2027-06-03' }],
    ];
    for (const [method, path, body] of routes) {
      it(`${method} ${path}`, async () => {
        const before = await paymentRowCounts(db());
        const v = await visitor(method, path, body);
        expect(v.status).toBe(401);
        expect(v.body.error.code).toBe('NOT_LOGGED_IN');
        const m = await member.call(method, path, body);
        expect(m.status).toBe(403);
        expect(m.body.error.code).toBe('FORBIDDEN');
        expect(await paymentRowCounts(db())).toEqual(before);
      });
    }
  });

  describe('GET /api/v1/admin/invoices', () => {
    let season: { id: number; name: string };
    let ids: Record<string, number>;

    beforeAll(async () => {
      season = await createSeason(db());
      const other = (await createMember(db(), { firstName: 'Reto', lastName: 'Zbinden' })).id;
      const s = { seasonId: season.id };
      ids = {
        open: (
          await createInvoice(db(), debtor, {
            ...s,
            kind: 'MEMBERSHIP_FEE',
            invoiceDate: daysFromToday(-5),
            dueDate: daysFromToday(25),
            debtorName: 'Martina Muster',
          })
        ).id,
        overdue: (
          await createInvoice(db(), other, {
            ...s,
            kind: 'MEMBERSHIP_FEE',
            totalRappen: 5000,
            paidRappen: 2000,
            invoiceDate: daysFromToday(-60),
            dueDate: daysFromToday(-30),
            debtorName: 'Reto Zbinden',
          })
        ).id,
        paid: (
          await createInvoice(db(), other, {
            ...s,
            kind: 'PARKING_FEE',
            totalRappen: 12000,
            status: 'PAID',
            invoiceDate: daysFromToday(-30),
            dueDate: daysFromToday(0),
            debtorName: 'Reto Zbinden',
          })
        ).id,
        cancelled: (
          await createInvoice(db(), debtor, {
            ...s,
            kind: 'PARKING_FEE',
            status: 'CANCELLED',
            invoiceDate: daysFromToday(-20),
            debtorName: 'Martina Muster',
          })
        ).id,
      };
      await db().invoiceReminder.create({
        data: {
          invoiceId: ids.overdue!,
          level: 1,
          // The reminder's own due date has passed too.
          reminderDate: addDays(zurichToday(new Date()), -20),
          dueDate: addDays(zurichToday(new Date()), -6),
          openRappen: 3000,
        },
      });
    });

    const list = async (query: string) => {
      const answer = await board.call('GET', `/admin/invoices?seasonId=${season.id}${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    };
    const idsOf = (body: Json) => body.data.map((d: Json) => d.data.id);

    it("lists the season's invoices newest first in the wire shape, without cancelled ones, with totals", async () => {
      const answer = await list('');
      expect(idsOf(answer.body)).toEqual([ids.open, ids.paid, ids.overdue]);
      const overdue = answer.body.data[2].data;
      expect(overdue).toEqual({
        id: ids.overdue,
        number: expect.stringMatching(/^2099-\d{5}$/),
        memberId: expect.any(Number),
        title: expect.any(String),
        kind: 'MEMBERSHIP_FEE',
        invoiceDate: daysFromToday(-60),
        dueDate: daysFromToday(-30),
        lines: [{ text: expect.any(String), amount: { currency: 'CHF', amount: 50 } }],
        total: { currency: 'CHF', amount: 50 },
        status: 'OPEN',
        reference: expect.stringMatching(/^\d{27}$/),
        paidAt: null,
        paidAmount: { currency: 'CHF', amount: 20 },
        memberName: 'Reto Zbinden',
        seasonName: season.name,
        reminderLevel: 1,
        currentDueDate: daysFromToday(-6),
        overdue: true,
      });
      expect(answer.body.page).toEqual({ page: 1, pageSize: 25, total: 3, totalPages: 1 });
      expect(answer.headers.get('x-total-count')).toBe('3');
      // open: 50 + (50 - 20); paid: 20 + 120; one overdue
      expect(answer.body.totals).toEqual({
        openAmount: { currency: 'CHF', amount: 80 },
        paidAmount: { currency: 'CHF', amount: 140 },
        overdueCount: 1,
      });
    });

    it("after a reminder, the invoice stays overdue, with the reminder's deadline beside its due date", async () => {
      const late = (await createMember(db(), { firstName: 'Lea', lastName: 'Spät' })).id;
      const reminded = await createInvoice(db(), late, {
        seasonId: season.id,
        kind: 'PARKING_FEE',
        invoiceDate: daysFromToday(-45),
        dueDate: daysFromToday(-15),
        debtorName: 'Lea Spät',
      });
      await db().invoiceReminder.create({
        data: {
          invoiceId: reminded.id,
          level: 1,
          reminderDate: addDays(zurichToday(new Date()), -1),
          dueDate: addDays(zurichToday(new Date()), 13),
          openRappen: 5000,
        },
      });
      try {
        const item = (await list('')).body.data.find((d: Json) => d.data.id === reminded.id).data;
        expect(item).toMatchObject({ dueDate: daysFromToday(-15), currentDueDate: daysFromToday(13), reminderLevel: 1, overdue: true });
        const overdue = await list('&overdue=true');
        expect(idsOf(overdue.body)).toEqual([reminded.id, ids.overdue]);
        expect(overdue.body.totals.overdueCount).toBe(2);
        expect(idsOf((await list('&overdue=false')).body)).not.toContain(reminded.id);
      } finally {
        // Out of the season's lists the other tests read.
        await db().invoice.delete({ where: { id: reminded.id } });
      }
    });

    it('filters by kind, status, overdue and a name or number, the totals following the filter', async () => {
      expect(idsOf((await list('&kind=PARKING_FEE')).body)).toEqual([ids.paid]);
      expect(idsOf((await list('&status=OPEN')).body)).toEqual([ids.open, ids.overdue]);
      expect(idsOf((await list('&status=CANCELLED')).body)).toEqual([ids.cancelled]);
      const overdue = await list('&overdue=true');
      expect(idsOf(overdue.body)).toEqual([ids.overdue]);
      expect(overdue.body.totals).toEqual({
        openAmount: { currency: 'CHF', amount: 30 },
        paidAmount: { currency: 'CHF', amount: 20 },
        overdueCount: 1,
      });
      expect(idsOf((await list('&overdue=false')).body)).toEqual([ids.open, ids.paid]);
      expect(idsOf((await list('&q=zbinden')).body)).toEqual([ids.paid, ids.overdue]);
      expect(idsOf((await list(`&q=${encodeURIComponent('  reto  ZBIN ')}`)).body)).toEqual([ids.paid, ids.overdue]);
      expect(idsOf((await list('&q=muster')).body)).toEqual([ids.open]);
      const number = (await db().invoice.findUniqueOrThrow({ where: { id: ids.paid! } })).number;
      expect(idsOf((await list(`&q=${number}`)).body)).toEqual([ids.paid]);
      const none = await list('&q=niemand');
      expect(none.body).toMatchObject({
        data: [],
        page: { total: 0, totalPages: 1 },
        totals: { openAmount: { amount: 0 }, paidAmount: { amount: 0 }, overdueCount: 0 },
      });
    });

    it('pages, the totals covering every page', async () => {
      const first = await list('&pageSize=2&page=1');
      const second = await list('&pageSize=2&page=2');
      expect(idsOf(first.body)).toEqual([ids.open, ids.paid]);
      expect(idsOf(second.body)).toEqual([ids.overdue]);
      expect(second.body.page).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
      expect(second.body.totals).toEqual(first.body.totals);
    });

    it('refuses bad filters with 400', async () => {
      for (const query of [
        '?status=LOST',
        '?kind=BEER',
        '?overdue=maybe',
        '?page=0',
        '?pageSize=500',
        '?seasonId=abc',
        `?q=${'x'.repeat(101)}`,
      ]) {
        const answer = await board.call('GET', `/admin/invoices${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.body.error.code).toBe('BAD_REQUEST');
      }
    });
  });

  describe('POST /api/v1/admin/invoices/{id}/payments', () => {
    const pay = (id: number, amount: unknown, paidAt: unknown = today()) =>
      board.call('POST', `/admin/invoices/${id}/payments`, { amount: { currency: 'CHF', amount }, paidAt });

    it('books a payment by hand: the invoice is paid with date and amount, audited', async () => {
      const inv = await createInvoice(db(), debtor, { totalRappen: 5000 });
      const answer = await pay(inv.id, 50, daysFromToday(-1));
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({
        id: inv.id,
        status: 'PAID',
        paidAt: daysFromToday(-1),
        paidAmount: { currency: 'CHF', amount: 50 },
      });
      const payment = await db().payment.findFirstOrThrow({ where: { invoiceId: inv.id } });
      expect(payment).toMatchObject({
        source: 'MANUAL',
        outcome: 'MATCHED',
        amountRappen: 5000,
        recordedById: board.id,
        reference: inv.reference,
      });
      expect(await db().auditLog.findFirstOrThrow({ orderBy: { id: 'desc' } })).toMatchObject({
        action: 'invoice.payment_recorded',
        entity: 'invoice',
        entityId: String(inv.id),
        actorId: board.id,
      });
    });

    it('a partial payment leaves the invoice open; the rest settles it', async () => {
      const inv = await createInvoice(db(), debtor, { totalRappen: 5000 });
      const first = await pay(inv.id, 20.5);
      expect(first.body.data).toMatchObject({ status: 'OPEN', paidAt: null, paidAmount: { amount: 20.5 } });
      expect((await db().payment.findFirstOrThrow({ where: { invoiceId: inv.id } })).outcome).toBe('AMOUNT_DIFFERS');
      const rest = await pay(inv.id, 29.5);
      expect(rest.body.data).toMatchObject({ status: 'PAID', paidAt: today(), paidAmount: { amount: 50 } });
    });

    it('refuses a cancelled (409) or paid (409) invoice, an unknown one (404), writing nothing', async () => {
      const cancelled = await createInvoice(db(), debtor, { status: 'CANCELLED' });
      const paid = await createInvoice(db(), debtor, { status: 'PAID' });
      const before = await paymentRowCounts(db());
      const c = await pay(cancelled.id, 50);
      expect(c.status).toBe(409);
      expect(c.body.error.message).toMatch(/storniert/);
      const p = await pay(paid.id, 50);
      expect(p.status).toBe(409);
      expect(p.body.error.code).toBe('INVOICE_PAID');
      expect((await pay(999_999, 50)).status).toBe(404);
      expect(await paymentRowCounts(db())).toEqual(before);
    });

    it('refuses amounts that are negative, zero, fractional Rappen or over 1,000,000 and bad dates (422), bad shapes (400)', async () => {
      const inv = await createInvoice(db(), debtor);
      const before = await paymentRowCounts(db());
      const checks: [unknown, number, string][] = [
        [{ amount: { currency: 'CHF', amount: -5 }, paidAt: today() }, 422, 'amount.amount'],
        [{ amount: { currency: 'CHF', amount: 0 }, paidAt: today() }, 422, 'amount'],
        [{ amount: { currency: 'CHF', amount: 10.005 }, paidAt: today() }, 422, 'amount.amount'],
        [{ amount: { currency: 'CHF', amount: 1_000_000.01 }, paidAt: today() }, 422, 'amount.amount'],
        [{ amount: { currency: 'EUR', amount: 50 }, paidAt: today() }, 422, 'amount.currency'],
        [{ amount: { currency: 'CHF', amount: 50 }, paidAt: '2027-02-30' }, 422, 'paidAt'],
        [{ amount: { currency: 'CHF', amount: 50 }, paidAt: daysFromToday(2) }, 422, 'paidAt'],
        [{ amount: 50, paidAt: today() }, 400, 'amount'],
        [{ amount: { currency: 'CHF', amount: '50' }, paidAt: today() }, 400, 'amount.amount'],
        [{ paidAt: today() }, 400, 'amount'],
      ];
      for (const [body, status, field] of checks) {
        const answer = await board.call('POST', `/admin/invoices/${inv.id}/payments`, body);
        expect(answer.status, JSON.stringify(body)).toBe(status);
        expect(Object.keys(answer.body.error.fields ?? {}), JSON.stringify(answer.body)).toContain(field);
      }
      expect(
        (await board.call('POST', '/admin/invoices/abc/payments', { amount: { currency: 'CHF', amount: 5 }, paidAt: today() })).status,
      ).toBe(400);
      expect(await paymentRowCounts(db())).toEqual(before);
    });

    it('two payments by hand at once on one invoice: the second sees the first (locked)', async () => {
      const inv = await createInvoice(db(), debtor, { totalRappen: 5000 });
      const answers = await Promise.all([pay(inv.id, 50), pay(inv.id, 50)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(await db().invoice.findUniqueOrThrow({ where: { id: inv.id } })).toMatchObject({ status: 'PAID', paidRappen: 5000 });
    });
  });
});
