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

/** The review list: every credit the import did not book, until the board decides it. */
describe('the board decides listed credits: GET .../payments/unmatched, POST .../booking, POST/DELETE .../decision', () => {
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
  const listed = async (): Promise<Json[]> => {
    const answer = await board.call('GET', '/admin/payments/unmatched?pageSize=200');
    expect(answer.status).toBe(200);
    return answer.body.data.map((d: Json) => d.data);
  };
  const listedIds = async () => (await listed()).map((c) => c.id);
  const importFile = async (xml: string) => {
    const answer = await postCamt(server.url, board.cookie, xml);
    expect(answer.status).toBe(200);
    return answer.body.data.lines as Json[];
  };

  it('lists every credit the import did not book with its outcome and note, newest first, paged with a total; never debits or pending lines', async () => {
    const payer = await createMember(db(), {});
    const paid = await createInvoice(db(), payer.id, { status: 'PAID' });
    const open = await createInvoice(db(), payer.id, { totalRappen: 5000 });
    const lines = await importFile(
      camt054({
        entries: [
          { amount: '11.00', reference: '', bookingDate: '2098-01-02' },
          { amount: '50.00', reference: paid.reference, bookingDate: '2098-01-03' },
          { amount: '20.00', reference: open.reference, bookingDate: '2098-01-04' },
          { amount: '30.00', reference: '', currency: 'EUR', bookingDate: '2098-01-05' },
          { amount: '9.00', creditDebit: 'DBIT', transactions: [], bookingDate: '2098-01-06' },
          { amount: '8.00', status: 'PDNG', bookingDate: '2098-01-07' },
        ],
      }),
    );
    const other = await importFile(camt054({ iban: 'CH9300762011623852957', entries: [{ amount: '7.00', bookingDate: '2098-01-08' }] }));
    // the same bank reference again with another amount: a conflict, listed as well
    const sameRef = (amount: string) =>
      camt054({
        entries: [{ amount, bookingDate: '2098-01-01', transactions: [{ amount, reference: '', acctSvcrRef: 'CONFLICT-REF-1' }] }],
      });
    const first = await importFile(sameRef('12.00'));
    const conflict = await importFile(sameRef('13.00'));
    expect(conflict[0]!.outcome).toBe('CONFLICT');

    const list = await listed();
    const mine = [lines[0], lines[1], lines[2], lines[3], other[0], first[0], conflict[0]].map((l) => l!.paymentId);
    const shown = list.filter((c) => mine.includes(c.id));
    expect(shown.map((c) => [c.amount.amount, c.outcome, c.bookable])).toEqual([
      [7, 'NOT_A_PAYMENT', true],
      [30, 'NOT_A_PAYMENT', false],
      [20, 'AMOUNT_DIFFERS', false],
      [50, 'ALREADY_PAID', true],
      [11, 'UNKNOWN_REFERENCE', true],
      [13, 'CONFLICT', true],
      [12, 'UNKNOWN_REFERENCE', true],
    ]);
    expect(shown[0]!.note).toMatch(/nicht einem Konto des Vereins/);
    expect(shown[1]!.note).toMatch(/Zahlung in EUR/);
    expect(shown[2]).toMatchObject({
      note: expect.stringMatching(/Teilzahlung: CHF\u00a020\.00 von CHF\u00a050\.00/),
      invoice: { id: open.id },
    });
    expect(shown[3]).toMatchObject({ note: expect.stringMatching(/schon bezahlt/), invoice: { id: paid.id } });
    for (const id of [lines[4]!.paymentId, lines[5]!.paymentId]) expect(list.some((c) => c.id === id)).toBe(false);

    const page = await board.call('GET', '/admin/payments/unmatched?page=2&pageSize=2');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.page).toMatchObject({ page: 2, pageSize: 2, total: page.body.total });
    expect(page.body.total).toBe(list.length);
    expect(page.body.data.map((d: Json) => d.data.id)).toEqual(list.slice(2, 4).map((c) => c.id));
    expect((await board.call('GET', '/admin/payments/unmatched?pageSize=0')).status).toBe(400);
  });

  it('flags a credit that waits for a decision longer than 14 days, and counts them on every page', async () => {
    const lines = await importFile(
      camt054({
        entries: [
          { amount: '41.00', reference: '', bookingDate: '2098-02-01' },
          { amount: '42.00', reference: '', bookingDate: '2098-02-02' },
        ],
      }),
    );
    const [old, fresh] = lines.map((l) => l.paymentId as number);
    const before = await board.call('GET', '/admin/payments/unmatched?pageSize=1');
    const day = 86_400_000;
    await db().payment.update({ where: { id: old! }, data: { createdAt: new Date(Date.now() - 15 * day) } });
    await db().payment.update({ where: { id: fresh! }, data: { createdAt: new Date(Date.now() - 13 * day) } });

    const page = await board.call('GET', '/admin/payments/unmatched?pageSize=1');
    expect(page.status).toBe(200);
    expect(page.body.waitingLongCount).toBe(before.body.waitingLongCount + 1);
    const shown = (await listed()).filter((c) => c.id === old || c.id === fresh);
    expect(shown.map((c) => [c.amount.amount, c.waitingLong])).toEqual([
      [42, false],
      [41, true],
    ]);
    expect(shown[1]!.listedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // decided, it waits no more
    expect((await board.call('POST', `/admin/payments/${old}/decision`, { kind: 'DONATION', note: 'Spende' })).status).toBe(201);
    expect((await board.call('GET', '/admin/payments/unmatched?pageSize=1')).body.waitingLongCount).toBe(before.body.waitingLongCount);
  });

  it('books a credit split across two invoices (the parts must add up to the credit), and undoes the booking', async () => {
    const payer = await createMember(db(), {});
    const a = await createInvoice(db(), payer.id, { totalRappen: 3000 });
    const b = await createInvoice(db(), payer.id, { totalRappen: 4000 });
    const [line] = await importFile(camt054({ entries: [{ amount: '70.00', reference: '', debtorName: 'Familie Keller' }] }));
    const id = line!.paymentId;
    const book = (body: unknown) => board.call('POST', `/admin/payments/${id}/booking`, body);

    const before = await paymentRowCounts(db());
    const short = await book({
      allocations: [
        { invoiceId: a.id, amount: { currency: 'CHF', amount: 30 } },
        { invoiceId: b.id, amount: 30 },
      ],
    });
    expect(short.status).toBe(422);
    expect(short.body.error.message).toBe(
      'Die Aufteilung ergibt CHF\u00a060.00, die Gutschrift beträgt CHF\u00a070.00: Die Beträge müssen zusammen die Gutschrift ergeben.',
    );
    expect(
      (
        await book({
          allocations: [
            { invoiceId: a.id, amount: 35 },
            { invoiceId: a.id, amount: 35 },
          ],
        })
      ).status,
    ).toBe(422);
    expect((await book({ allocations: [] })).status).toBe(422);
    expect((await book({ invoiceId: a.id, allocations: [{ invoiceId: a.id, amount: 70 }] })).status).toBe(422);
    expect(await paymentRowCounts(db())).toEqual(before);

    const split = await book({
      allocations: [
        { invoiceId: a.id, amount: 30 },
        { invoiceId: b.id, amount: { currency: 'CHF', amount: 40 } },
      ],
    });
    expect(split.status).toBe(201);
    expect(split.body.data).toMatchObject({
      paymentId: id,
      outcome: 'MATCHED',
      invoices: [
        { id: a.id, status: 'PAID' },
        { id: b.id, status: 'PAID' },
      ],
    });
    expect(await invoiceRow(a.id)).toMatchObject({ status: 'PAID', paidRappen: 3000 });
    expect(await invoiceRow(b.id)).toMatchObject({ status: 'PAID', paidRappen: 4000 });
    const parts = await db().payment.findMany({ where: { parentId: id }, orderBy: { id: 'asc' } });
    expect(parts.map((p) => [p.invoiceId, p.amountRappen, p.debtorName])).toEqual([
      [a.id, 3000, 'Familie Keller'],
      [b.id, 4000, 'Familie Keller'],
    ]);
    const audits = await db().auditLog.findMany({ where: { action: 'payments.credit_booked' }, orderBy: { id: 'desc' }, take: 2 });
    expect(audits.map((x) => x.entityId).sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(await listedIds()).not.toContain(id);
    expect((await book({ invoiceId: a.id })).status).toBe(409);

    expect((await member.call('DELETE', `/admin/payments/${id}/decision`)).status).toBe(403);
    const undo = await board.call('DELETE', `/admin/payments/${id}/decision`);
    expect(undo.status).toBe(204);
    expect(await invoiceRow(a.id)).toMatchObject({ status: 'OPEN', paidRappen: 0, paidAt: null });
    expect(await invoiceRow(b.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
    expect(await db().payment.count({ where: { parentId: id } })).toBe(0);
    expect(await db().payment.findUniqueOrThrow({ where: { id } })).toMatchObject({ outcome: 'UNKNOWN_REFERENCE', invoiceId: null });
    expect((await listed()).find((c) => c.id === id)).toMatchObject({ outcome: 'UNKNOWN_REFERENCE', bookable: true });
    expect(await db().auditLog.findFirstOrThrow({ orderBy: { id: 'desc' } })).toMatchObject({
      action: 'payments.decision_undone',
      entityId: String(id),
      actorId: board.id,
    });
    expect((await board.call('DELETE', `/admin/payments/${id}/decision`)).status).toBe(404);

    // booked whole on one invoice (a credit of a paid invoice's reference may go to another), then undone by DELETE .../booking
    const whole = await book({ invoiceId: b.id });
    expect(whole.status).toBe(201);
    expect(whole.body.data).toMatchObject({ outcome: 'AMOUNT_DIFFERS', note: expect.stringMatching(/Überzahlung: CHF\u00a030\.00/) });
    expect((await board.call('DELETE', `/admin/payments/${id}/booking`)).status).toBe(204);
    expect(await invoiceRow(b.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
  });

  it.each(['REFUNDED', 'NOT_OURS', 'DONATION', 'DUPLICATE'])('closes a credit as %s with a note, audited, and undoes it', async (kind) => {
    const [line] = await importFile(camt054({ entries: [{ amount: '15.00', reference: '' }] }));
    const id = line!.paymentId;
    const decided = await board.call('POST', `/admin/payments/${id}/decision`, { kind, note: 'Mit dem Kassier besprochen' });
    expect(decided.status).toBe(201);
    expect(decided.body.data).toMatchObject({ paymentId: id, kind, note: 'Mit dem Kassier besprochen' });
    expect(await listedIds()).not.toContain(id);
    expect(await db().auditLog.findFirstOrThrow({ orderBy: { id: 'desc' } })).toMatchObject({
      action: 'payments.credit_decided',
      entity: 'payment',
      entityId: String(id),
      actorId: board.id,
    });
    const again = await board.call('POST', `/admin/payments/${id}/decision`, { kind: 'DONATION', note: '' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/schon verbucht oder entschieden/);
    expect((await board.call('POST', `/admin/payments/${id}/booking`, { invoiceId: 1 })).status).toBe(409);
    expect((await board.call('DELETE', `/admin/payments/${id}/decision`)).status).toBe(204);
    expect(await listedIds()).toContain(id);
  });

  it('refuses bad decisions with a German message and writes nothing; visitors 401, members 403', async () => {
    const [line] = await importFile(camt054({ entries: [{ amount: '16.00', reference: '' }] }));
    const id = line!.paymentId;
    const [debit] = await importFile(camt054({ entries: [{ amount: '5.00', creditDebit: 'DBIT', transactions: [] }] }));
    const before = await paymentRowCounts(db());
    const decide = (pid: unknown, body: unknown) => board.call('POST', `/admin/payments/${pid}/decision`, body);
    const wrongKind = await decide(id, { kind: 'LOST', note: '' });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.error.fields.kind).toMatch(/Bitte zurückerstattet, nicht für den Verein, Spende oder doppelt wählen/);
    expect((await decide(id, { kind: 'DONATION', note: 'x'.repeat(501) })).status).toBe(422);
    expect((await decide(id, {})).status).toBe(422);
    expect((await decide(999_999_999, { kind: 'DONATION' })).status).toBe(404);
    expect((await decide(debit!.paymentId, { kind: 'DONATION' })).status).toBe(409);
    expect((await decide('abc', { kind: 'DONATION' })).status).toBe(400);
    expect((await board.call('DELETE', `/admin/payments/${id}/decision`)).status).toBe(404);
    expect((await member.call('POST', `/admin/payments/${id}/decision`, { kind: 'DONATION' })).status).toBe(403);
    expect((await member.call('DELETE', `/admin/payments/${id}/booking`)).status).toBe(403);
    for (const [method, path] of [
      ['GET', '/admin/payments/unmatched'],
      ['POST', `/admin/payments/${id}/booking`],
      ['POST', `/admin/payments/${id}/decision`],
      ['DELETE', `/admin/payments/${id}/decision`],
    ] as const) {
      const visitor = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ kind: 'DONATION' }) : undefined,
      });
      expect(visitor.status, `${method} ${path}`).toBe(401);
    }
    expect(await paymentRowCounts(db())).toEqual(before);
  });

  it('a payment by hand carries its method and note', async () => {
    const payer = await createMember(db(), {});
    const inv = await createInvoice(db(), payer.id, { totalRappen: 2000 });
    const answer = await board.call('POST', `/admin/invoices/${inv.id}/payments`, {
      amount: { currency: 'CHF', amount: 20 },
      paidAt: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      method: 'TWINT',
      note: 'An der GV bezahlt',
    });
    expect(answer.status).toBe(201);
    expect(await db().payment.findFirstOrThrow({ where: { invoiceId: inv.id } })).toMatchObject({
      source: 'MANUAL',
      method: 'TWINT',
      note: 'An der GV bezahlt',
    });
    const wrong = await board.call('POST', `/admin/invoices/${inv.id}/payments`, {
      amount: { currency: 'CHF', amount: 1 },
      paidAt: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      method: 'CHEQUE',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.method).toMatch(/Bank, Bar, TWINT oder Karte/);
  });
});
