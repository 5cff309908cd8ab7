import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { camt054, createInvoice, loggedIn, paymentRowCounts, postCamt, type Call, type Json } from './payments.test-support.ts';

/** Credits without a usable reference: suggestions and the one-click booking. */
describe('GET /api/v1/admin/payments/unmatched and POST /api/v1/admin/payments/{id}/booking', () => {
  let server: TestServer;
  let board: { id: number; cookie: string; call: Call };
  let member: { id: number; cookie: string; call: Call };

  beforeAll(async () => {
    server = await startTestServer();
    board = await loggedIn(server.url, server.database.prisma, true);
    member = await loggedIn(server.url, server.database.prisma);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.prisma;
  const invoiceRow = (id: number) => db().invoice.findUniqueOrThrow({ where: { id } });

  /** Imports credits without reference; answers their stored bank line ids. */
  async function creditsWithoutReference(entries: { amount: string; debtorName: string; message?: string }[]): Promise<number[]> {
    const answer = await postCamt(server.url, board.cookie, camt054({ entries: entries.map((e) => ({ ...e, reference: '' })) }));
    expect(answer.status).toBe(200);
    expect(answer.body.data.unknownReferences).toBe(entries.length);
    return answer.body.data.lines.map((l: Json) => l.paymentId);
  }

  it('lists each unmatched credit with the open invoices that fit, best first, and books the chosen one once', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const lastName = `Zwicky${suffix}`;
    const payer = await createMember(db(), { firstName: 'Rahel', lastName });
    const namesake = await createMember(db(), { firstName: 'Beat', lastName });
    const fee = await createInvoice(db(), payer.id, { totalRappen: 5000, debtorName: `Rahel ${lastName}` });
    const other = await createInvoice(db(), namesake.id, { totalRappen: 5000, debtorName: `Beat ${lastName}` });
    const [paymentId, byNumber] = await creditsWithoutReference([
      { amount: '50.00', debtorName: `${lastName.toUpperCase()} RAHEL` },
      { amount: '12.00', debtorName: 'Unbekannt', message: `Rechnung ${other.number}` },
    ]);

    const list = await board.call('GET', '/admin/payments/unmatched');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    const credit = list.body.data.map((d: Json) => d.data).find((c: Json) => c.id === paymentId);
    expect(credit).toMatchObject({ amount: { currency: 'CHF', amount: 50 }, debtorName: `${lastName.toUpperCase()} RAHEL`, reference: '' });
    expect(credit.suggestions.map((s: Json) => [s.invoice.id, s.reasons])).toEqual([
      [fee.id, ['Betrag passt', 'Name passt']],
      [other.id, ['Betrag passt', 'Name passt teilweise']],
    ]);
    expect(credit.suggestions[0].invoice).toMatchObject({
      number: fee.number,
      memberId: payer.id,
      openAmount: { currency: 'CHF', amount: 50 },
    });
    const numbered = list.body.data.map((d: Json) => d.data).find((c: Json) => c.id === byNumber);
    expect(numbered.suggestions[0]).toMatchObject({ invoice: { id: other.id }, reasons: ['Rechnungsnummer in der Mitteilung'] });

    const before = await paymentRowCounts(db());
    const booked = await board.call('POST', `/admin/payments/${paymentId}/booking`, { invoiceId: fee.id });
    expect(booked.status).toBe(201);
    expect(booked.body.data).toMatchObject({
      paymentId,
      outcome: 'MATCHED',
      invoice: { id: fee.id, status: 'PAID', paidAmount: { amount: 50 } },
    });
    expect(await invoiceRow(fee.id)).toMatchObject({ status: 'PAID', paidRappen: 5000 });
    const line = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(line).toMatchObject({ invoiceId: fee.id, outcome: 'MATCHED', recordedById: board.id });
    const after = await paymentRowCounts(db());
    expect(after.payments).toBe(before.payments);
    expect(after.paidRappen - before.paidRappen).toBe(5000);
    expect(await db().auditLog.findFirstOrThrow({ orderBy: { id: 'desc' } })).toMatchObject({
      action: 'payments.credit_booked',
      entityId: String(fee.id),
      actorId: board.id,
    });

    // counted once: the line is no longer unmatched, a second booking (also on another invoice) is a 409
    const again = await board.call('POST', `/admin/payments/${paymentId}/booking`, { invoiceId: other.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/schon verbucht/);
    expect(await invoiceRow(other.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
    const listAfter = await board.call('GET', '/admin/payments/unmatched');
    expect(listAfter.body.data.some((d: Json) => d.data.id === paymentId)).toBe(false);
    // re-importing the bank file does not bring it back
    expect((await paymentRowCounts(db())).paidRappen).toBe(after.paidRappen);
  });

  it('two bookings of one line at the same moment book it once', async () => {
    const payer = await createMember(db(), {});
    const a = await createInvoice(db(), payer.id, { totalRappen: 3000 });
    const b = await createInvoice(db(), payer.id, { totalRappen: 3000 });
    const [paymentId] = await creditsWithoutReference([{ amount: '30.00', debtorName: 'Zahler' }]);
    const answers = await Promise.all([
      board.call('POST', `/admin/payments/${paymentId}/booking`, { invoiceId: a.id }),
      board.call('POST', `/admin/payments/${paymentId}/booking`, { invoiceId: b.id }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    const paid = (await invoiceRow(a.id)).paidRappen + (await invoiceRow(b.id)).paidRappen;
    expect(paid).toBe(3000);
  });

  it('refuses a paid or cancelled invoice (409), an unknown line or invoice (404), a debit (409), bad input (400/422), and non-board users', async () => {
    const payer = await createMember(db(), {});
    const paid = await createInvoice(db(), payer.id, { status: 'PAID' });
    const cancelled = await createInvoice(db(), payer.id, { status: 'CANCELLED' });
    const open = await createInvoice(db(), payer.id);
    const [paymentId] = await creditsWithoutReference([{ amount: '50.00', debtorName: 'Zahler' }]);
    const debit = await postCamt(
      server.url,
      board.cookie,
      camt054({ entries: [{ amount: '5.00', creditDebit: 'DBIT', transactions: [] }] }),
    );
    const debitId = debit.body.data.lines[0].paymentId;
    const before = await paymentRowCounts(db());
    const book = (id: unknown, body: unknown) => board.call('POST', `/admin/payments/${id}/booking`, body);
    expect((await book(paymentId, { invoiceId: paid.id })).status).toBe(409);
    expect((await book(paymentId, { invoiceId: cancelled.id })).status).toBe(409);
    expect((await book(paymentId, { invoiceId: 999_999_999 })).status).toBe(404);
    expect((await book(999_999_999, { invoiceId: open.id })).status).toBe(404);
    expect((await book(debitId, { invoiceId: open.id })).status).toBe(409);
    expect((await book(paymentId, {})).status).toBe(400);
    expect((await book(paymentId, { invoiceId: 'x' })).status).toBeGreaterThanOrEqual(400);
    expect((await book('abc', { invoiceId: open.id })).status).toBe(400);
    expect((await member.call('POST', `/admin/payments/${paymentId}/booking`, { invoiceId: open.id })).status).toBe(403);
    expect((await member.call('GET', '/admin/payments/unmatched')).status).toBe(403);
    const visitor = await fetch(`${server.url}/api/v1/admin/payments/unmatched`);
    expect(visitor.status).toBe(401);
    expect(await paymentRowCounts(db())).toEqual(before);
  });
});
