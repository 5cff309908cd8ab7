import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { toIsoDate } from '../../lib/dates.ts';
import { camt054, client, createInvoice, loggedIn, paymentRowCounts, postCamt, type Json } from './payments.test-support.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The club's account as QR-IBAN, its IBAN, and the own fixtures' plain-IBAN account. */
const CLUB_IBAN = 'CH44 3199 9123 0008 8901 2, CH93 0076 2011 6238 5295 7, CH58 0079 1123 0008 8901 2';

describe('POST /api/v1/admin/payments/camt054', () => {
  let server: TestServer;
  let board: { id: number; cookie: string };
  let member: { id: number; cookie: string };
  let debtor: number;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLUB_IBAN } });
    board = await loggedIn(server.url, server.database.prisma, true);
    member = await loggedIn(server.url, server.database.prisma);
    debtor = (await createMember(server.database.prisma, { firstName: 'Martina', lastName: 'Muster' })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.prisma;
  const invoiceRow = (id: number) => db().invoice.findUniqueOrThrow({ where: { id } });
  const post = (xml: string, query = '') => postCamt(server.url, board.cookie, xml, {}, query);

  it('refuses visitors (401) and members (403), booking nothing', async () => {
    const inv = await createInvoice(db(), debtor);
    const xml = camt054({ entries: [{ amount: '50.00', reference: inv.reference }] });
    const before = await paymentRowCounts(db());
    const visitor = await postCamt(server.url, undefined, xml);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe('NOT_LOGGED_IN');
    const asMember = await postCamt(server.url, member.cookie, xml);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.code).toBe('FORBIDDEN');
    expect(await paymentRowCounts(db())).toEqual(before);
    expect((await invoiceRow(inv.id)).status).toBe('OPEN');
  });

  it('books the .04 fixture: batch, TxDtls without Amt, debit, reversal, unknown and already paid lines', async () => {
    const qrr = (n: string) => `0000000000020270001${n}`;
    const m = await createInvoice(db(), debtor, { reference: qrr('20000427'), totalRappen: 5000 });
    const parking = await createInvoice(db(), debtor, { reference: qrr('30000432'), totalRappen: 12000, kind: 'PARKING_FEE' });
    const paid = await createInvoice(db(), debtor, { reference: qrr('40000446'), status: 'PAID' });
    const partial = await createInvoice(db(), debtor, { reference: qrr('50000455'), totalRappen: 5000 });
    const reversed = await createInvoice(db(), debtor, { reference: qrr('60000468'), totalRappen: 5000 });
    const before = await paymentRowCounts(db());

    const answer = await post(fixture('camt054-v04-qrr.xml'), '?fileName=' + encodeURIComponent('Gutschriften Juni.xml'));
    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result).toMatchObject({
      msgId: 'ZKB-20270604-QRR-0001',
      entries: 5,
      transactions: 8,
      matched: 2,
      alreadyPaid: 1,
      alreadyImported: 0,
      unknownReferences: 2,
      amountsDiffer: 1,
      notPayments: 2,
      bookedAmount: { currency: 'CHF', amount: 200 },
    });
    expect(result.lines.map((l: Json) => [l.outcome, l.invoice?.id ?? null, l.amount.amount])).toEqual([
      ['MATCHED', m.id, 50],
      ['MATCHED', parking.id, 120],
      ['ALREADY_PAID', paid.id, 50],
      ['AMOUNT_DIFFERS', partial.id, 30],
      ['NOT_A_PAYMENT', null, 12.5],
      ['NOT_A_PAYMENT', null, 50],
      ['UNKNOWN_REFERENCE', null, 45],
      ['UNKNOWN_REFERENCE', null, 30],
    ]);
    expect(result.lines[0].invoice).toMatchObject({ number: m.number, memberId: debtor, memberName: 'Martina Muster' });
    expect(result.lines[3].note).toMatch(/Teilzahlung: CHF\u00a030\.00 von CHF\u00a050\.00 bezahlt, CHF\u00a020\.00 noch offen/);
    expect(result.lines[5].note).toMatch(/Stornobuchung/);
    expect(result.lines[7].note).toMatch(/Prüfziffer/);

    const paidInvoice = await invoiceRow(m.id);
    expect(paidInvoice.status).toBe('PAID');
    expect(toIsoDate(paidInvoice.paidAt!)).toBe('2027-06-03');
    expect(paidInvoice.paidRappen).toBe(5000);
    expect((await invoiceRow(parking.id)).status).toBe('PAID');
    expect(await invoiceRow(partial.id)).toMatchObject({ status: 'OPEN', paidRappen: 3000, paidAt: null });
    expect(await invoiceRow(reversed.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
    expect((await invoiceRow(paid.id)).paidRappen).toBe(5000);

    // every line is kept with its XML and the file's MsgId
    const file = await db().bankFile.findUniqueOrThrow({
      where: { id: result.bankFileId },
      include: { payments: { orderBy: { id: 'asc' } } },
    });
    expect(file).toMatchObject({ msgId: 'ZKB-20270604-QRR-0001', fileName: 'Gutschriften Juni.xml', importedById: board.id });
    expect(file.payments).toHaveLength(8);
    expect(file.payments.every((p) => p.source === 'BANK_FILE' && p.rawXml)).toBe(true);
    const identifiers = await db().paymentIdentifier.count({ where: { paymentId: { in: file.payments.map((p) => p.id) } } });
    expect(identifiers).toBeGreaterThanOrEqual(8);
    const matchedRow = file.payments.find((p) => p.invoiceId === m.id)!;
    expect(matchedRow).toMatchObject({
      outcome: 'MATCHED',
      amountRappen: 5000,
      debtorName: 'Martina Muster',
      debtorAccount: 'CH9300762011623852957',
    });
    expect(matchedRow.rawXml).toContain('<Ref>000000000002027000120000427</Ref>');
    expect(file.payments.find((p) => p.invoiceId === paid.id)!.outcome).toBe('ALREADY_PAID');
    expect(file.payments.find((p) => p.invoiceId === partial.id)!.outcome).toBe('AMOUNT_DIFFERS');

    const after = await paymentRowCounts(db());
    expect(after.payments - before.payments).toBe(8);
    expect(after.paidRappen - before.paidRappen).toBe(20000);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'payments.imported' }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ actorId: board.id, entity: 'bank_file', entityId: String(result.bankFileId) });
    expect(audit.data).toMatchObject({ matched: 2, transactions: 8, bookedRappen: 20000, invoicesPaid: 2 });

    // the same file again books nothing twice
    const again = await post(fixture('camt054-v04-qrr.xml'));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      transactions: 8,
      matched: 0,
      alreadyImported: 8,
      amountsDiffer: 0,
      bookedAmount: { amount: 0 },
    });
    const afterAgain = await paymentRowCounts(db());
    expect(afterAgain.payments).toBe(after.payments);
    expect(afterAgain.paidRappen).toBe(after.paidRappen);
    expect(afterAgain.bankFiles).toBe(after.bankFiles + 1);
    expect(await invoiceRow(partial.id)).toMatchObject({ status: 'OPEN', paidRappen: 3000 });
  });

  it('books the .08 fixture by SCOR references and UETR; the later reversal of a payment is listed, not booked', async () => {
    const a = await createInvoice(db(), debtor, { reference: 'RF69202700021' });
    const b = await createInvoice(db(), debtor, { reference: 'RF42202700022', totalRappen: 12000 });
    const c = await createInvoice(db(), debtor, { reference: 'RF15202700023' });
    const answer = await post(fixture('camt054-v08-scor.xml'));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      entries: 5,
      transactions: 6,
      matched: 3,
      notPayments: 3,
      unknownReferences: 0,
      alreadyImported: 0,
    });
    for (const inv of [a, b, c]) expect((await invoiceRow(inv.id)).status).toBe('PAID');
    expect(toIsoDate((await invoiceRow(c.id)).paidAt!)).toBe('2027-06-04');
    expect(answer.body.data.lines[0].debtorName).toBe('Elena Marjanović');
  });

  it('books a payment once when two imports of the same file run at the same moment', async () => {
    const inv = await createInvoice(db(), debtor);
    const other = await createInvoice(db(), debtor, { totalRappen: 7000 });
    const xml = camt054({
      entries: [
        { amount: '50.00', reference: inv.reference, uetr: crypto.randomUUID() },
        { amount: '70.00', reference: other.reference, accountRefs: false, debtorIban: 'CH9300762011623852957' },
      ],
    });
    const before = await paymentRowCounts(db());
    const answers = await Promise.all([post(xml), post(xml), post(xml)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.body.data.matched, 0)).toBe(2);
    expect(answers.reduce((sum, a) => sum + a.body.data.alreadyImported, 0)).toBe(4);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PAID', paidRappen: 5000 });
    expect(await invoiceRow(other.id)).toMatchObject({ status: 'PAID', paidRappen: 7000 });
    const after = await paymentRowCounts(db());
    expect(after.payments - before.payments).toBe(2);
    expect(after.paidRappen - before.paidRappen).toBe(12000);
  });

  it('two payments on one invoice in one file: the second is already paid; partial payments add up', async () => {
    const twice = await createInvoice(db(), debtor);
    const split = await createInvoice(db(), debtor, { totalRappen: 8000 });
    const over = await createInvoice(db(), debtor, { totalRappen: 5000 });
    const answer = await post(
      camt054({
        entries: [
          { amount: '50.00', reference: twice.reference },
          { amount: '50.00', reference: twice.reference },
          { amount: '30.00', reference: split.reference },
          { amount: '50.00', reference: split.reference },
          { amount: '60.00', reference: over.reference },
        ],
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.lines.map((l: Json) => l.outcome)).toEqual([
      'MATCHED',
      'ALREADY_PAID',
      'AMOUNT_DIFFERS',
      'MATCHED',
      'AMOUNT_DIFFERS',
    ]);
    expect(answer.body.data.lines[4].note).toMatch(/Überzahlung: CHF\u00a010\.00/);
    expect(await invoiceRow(twice.id)).toMatchObject({ status: 'PAID', paidRappen: 5000 });
    expect(await invoiceRow(split.id)).toMatchObject({ status: 'PAID', paidRappen: 8000 });
    expect(await invoiceRow(over.id)).toMatchObject({ status: 'PAID', paidRappen: 6000 });
  });

  it('a cancelled invoice takes no payment; it is listed as already settled', async () => {
    const cancelled = await createInvoice(db(), debtor, { status: 'CANCELLED' });
    const answer = await post(camt054({ entries: [{ amount: '50.00', reference: cancelled.reference }] }));
    expect(answer.body.data.lines[0]).toMatchObject({ outcome: 'ALREADY_PAID', note: expect.stringMatching(/storniert/) });
    expect(await invoiceRow(cancelled.id)).toMatchObject({ status: 'CANCELLED', paidRappen: 0 });
  });

  describe('refuses a file it cannot read with 422 and a German message, writing nothing', () => {
    const cases: [string, () => string][] = [
      ['a truncated file', () => fixture('camt054-truncated.xml')],
      ['a camt.053 statement without statements', () => fixture('camt053-foreign.xml')],
      ['a camt.052 report', () => camt054({ entries: [] }).replace('camt.054.001.08', 'camt.052.001.08')],
      ['a version other than .04 and .08', () => camt054({ entries: [] }).replace('camt.054.001.08', 'camt.054.001.99')],
      ['namespace urn:evil', () => camt054({ entries: [] }).replace('urn:iso:std:iso:20022:tech:xsd:camt.054.001.08', 'urn:evil')],
      [
        'XML nested 1,000 levels deep',
        () => camt054({ entries: [] }).replace('<GrpHdr>', `<GrpHdr>${'<X>'.repeat(1000)}${'</X>'.repeat(1000)}`),
      ],
      ['a MsgId of 9 MB', () => camt054({ entries: [] }).replace(/<MsgId>[^<]*<\/MsgId>/, `<MsgId>${'A'.repeat(9_000_000)}</MsgId>`)],
      ['a credit of CHF 21,474,836.00', () => camt054({ entries: [{ amount: '21474836.00', reference: 'RF18539007547034' }] })],
      [
        'entity declarations',
        () => `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "${'x'.repeat(100)}"><!ENTITY b "&a;&a;&a;&a;">]><Document>&b;</Document>`,
      ],
      ['foreign XML', () => '<?xml version="1.0"?><Invoice><Id>1</Id></Invoice>'],
      ['text that is no XML', () => 'Zahlung von Martina: 50 Franken'],
      ['an entry with a broken amount', () => camt054({ entries: [{ amount: 'fünfzig' }] })],
    ];
    for (const [what, xml] of cases) {
      it(what, async () => {
        const before = await paymentRowCounts(db());
        const answer = await post(xml());
        expect(answer.status).toBe(422);
        expect(answer.body.error.code).toBe('VALIDATION_FAILED');
        expect(answer.body.error.message).toMatch(/^Die Datei wurde nicht eingelesen: /);
        expect(answer.body.error.fields.file).toBeTruthy();
        expect(await paymentRowCounts(db())).toEqual(before);
      });
    }

    it('a file over 10 MB is 413, a JSON body 415, XML on another route 415', async () => {
      const before = await paymentRowCounts(db());
      const json = await client(server.url, board.cookie)('POST', '/admin/payments/camt054', { xml: '<Document/>' });
      expect(json.status).toBe(415);
      const elsewhere = await fetch(`${server.url}/api/v1/admin/invoices/1/payments`, {
        method: 'POST',
        headers: { cookie: board.cookie, 'content-type': 'application/xml' },
        body: '<payment/>',
      });
      expect(elsewhere.status).toBe(415);
      // Last: after a 413 the server closes the connection while the client may still be sending,
      // and a request that followed at once could be handed the closing socket.
      const huge = `<?xml version="1.0"?><Document>${' '.repeat(10 * 1024 * 1024 + 10)}</Document>`;
      expect((await post(huge)).status).toBe(413);
      expect(await paymentRowCounts(db())).toEqual(before);
    });

    it('a cross-site upload is refused (403) even with the right content type', async () => {
      const inv = await createInvoice(db(), debtor);
      const xml = camt054({ entries: [{ amount: '50.00', reference: inv.reference }] });
      const evil = await postCamt(server.url, board.cookie, xml, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      expect(evil.status).toBe(403);
      expect(evil.body.error.code).toBe('CSRF_REJECTED');
      const same = await postCamt(server.url, board.cookie, xml, { origin: server.url, 'sec-fetch-site': 'same-origin' });
      expect(same.status).toBe(200);
      expect(same.body.data.matched).toBe(1);
    });
  });
});
