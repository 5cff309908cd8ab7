import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { parseCamt } from './camt.parser.ts';
import {
  camt054,
  createInvoice,
  loggedIn,
  paymentRowCounts,
  postCamt,
  qrReference,
  type Call,
  type Json,
} from './payments.test-support.ts';

/**
 * What a treasurer must be able to trust, through the API: nothing is booked that the bank did not
 * credit to the club's account, nothing twice, nothing a file contains produces a 500 or a partial
 * write, and answers never cap sums.
 */

const CLUB = 'CH4431999123000889012';
/** The accounts of the published PostFinance files, configured as the club's for their import. */
const POSTFINANCE = ['CH2909000000250094239', 'CH0309000000250090342'];

describe('bank files a treasurer can trust', () => {
  let server: TestServer;
  let board: { id: number; cookie: string; call: Call };
  let debtor: number;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLUB_IBAN: [CLUB, 'CH9300762011623852957', ...POSTFINANCE].join(', ') } });
    board = await loggedIn(server.url, server.database.prisma, true);
    debtor = (await createMember(server.database.prisma, { firstName: 'Martina', lastName: 'Muster' })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.prisma;
  const invoiceRow = (id: number) => db().invoice.findUniqueOrThrow({ where: { id } });
  const post = (xml: string) => postCamt(server.url, board.cookie, xml);
  const outcomes = (answer: { body: Json }) => answer.body.data.lines.map((l: Json) => l.outcome);

  it('a debit whose transaction says CRDT pays nothing: the entry is the booking on the account', async () => {
    const inv = await createInvoice(db(), debtor);
    const answer = await post(
      camt054({
        entries: [
          { amount: '50.00', creditDebit: 'DBIT', transactions: [{ amount: '50.00', creditDebit: 'CRDT', reference: inv.reference }] },
        ],
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.lines[0]).toMatchObject({
      outcome: 'NOT_A_PAYMENT',
      creditDebit: 'DBIT',
      note: expect.stringMatching(/Belastung/),
    });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
  });

  it('the .04 and .08 notification of one booking (same MsgId and AcctSvcrRef, UETR only in .08) count once, in either order', async () => {
    for (const order of [
      ['04', '08'],
      ['08', '04'],
    ] as const) {
      const inv = await createInvoice(db(), debtor, { totalRappen: 2000 });
      const msgId = `PF-${order.join('')}-${inv.id}`;
      const uetr = crypto.randomUUID();
      const spec = (version: '04' | '08') => camt054({ version, msgId, entries: [{ amount: '20.00', reference: inv.reference, uetr }] });
      const first = await post(spec(order[0]));
      const second = await post(spec(order[1]));
      expect(outcomes(first)).toEqual(['MATCHED']);
      expect(outcomes(second)).toEqual(['ALREADY_IMPORTED']);
      expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PAID', paidRappen: 2000 });
    }
  });

  it('an intraday and the end-of-day notification of one booking count once (the bank references agree)', async () => {
    const inv = await createInvoice(db(), debtor, { totalRappen: 4000 });
    const entry = {
      amount: '20.00',
      reference: inv.reference,
      acctSvcrRef: `E-${inv.id}`,
      transactions: [{ amount: '20.00', reference: inv.reference, acctSvcrRef: `T-${inv.id}` }],
    };
    const intraday = await post(camt054({ msgId: `INTRA-${inv.id}`, entries: [entry] }));
    const endOfDay = await post(
      camt054({ msgId: `EOD-${inv.id}`, entries: [entry, { amount: '5.00', creditDebit: 'DBIT', transactions: [] }] }),
    );
    expect(outcomes(intraday)).toEqual(['AMOUNT_DIFFERS']);
    expect(outcomes(endOfDay)).toEqual(['ALREADY_IMPORTED', 'NOT_A_PAYMENT']);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'OPEN', paidRappen: 2000 });
  });

  it('an identifier of an earlier line with another amount is a conflict: listed, never booked, and listed once', async () => {
    const inv = await createInvoice(db(), debtor);
    const uetr = crypto.randomUUID();
    await post(camt054({ entries: [{ amount: '50.00', reference: inv.reference, uetr }] }));
    const other = await createInvoice(db(), debtor);
    const clash = camt054({ entries: [{ amount: '49.00', reference: other.reference, uetr }] });
    const answer = await post(clash);
    expect(answer.body.data).toMatchObject({ conflicts: 1, matched: 0 });
    expect(answer.body.data.lines[0].note).toMatch(/früher eingelesenen Zeile mit anderem Betrag oder Datum/);
    expect(await invoiceRow(other.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
    const again = await post(clash);
    expect(outcomes(again)).toEqual(['ALREADY_IMPORTED']);
  });

  it('a pending entry without dates and an entry for information only are listed; the rest of the file is booked', async () => {
    const inv = await createInvoice(db(), debtor);
    const answer = await post(
      camt054({
        entries: [
          { amount: '10.00', status: 'PDNG', bookingDate: null, reference: inv.reference },
          { amount: '15.00', status: 'INFO', reference: inv.reference },
          { amount: '50.00', reference: inv.reference },
        ],
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.lines.map((l: Json) => [l.outcome, l.bookingDate])).toEqual([
      ['NOT_A_PAYMENT', null],
      ['NOT_A_PAYMENT', '2027-06-03'],
      ['MATCHED', '2027-06-03'],
    ]);
    expect(answer.body.data.lines[1].note).toMatch(/Nur zur Information/);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PAID', paidRappen: 5000 });
  });

  it('lists what it must not book: no currency, another currency, transactions not adding up, another account', async () => {
    const invs = await Promise.all([1, 2, 3, 4].map(() => createInvoice(db(), debtor)));
    const answer = await post(
      camt054({
        entries: [
          { amount: '50.00', currency: null, reference: invs[0]!.reference },
          { amount: '50.00', currency: 'EUR', reference: invs[1]!.reference },
          { amount: '0.01', transactions: [{ amount: '120.00', reference: invs[2]!.reference }] },
        ],
      }),
    );
    expect(outcomes(answer)).toEqual(['NOT_A_PAYMENT', 'NOT_A_PAYMENT', 'NOT_A_PAYMENT']);
    expect(answer.body.data.lines.map((l: Json) => l.note)).toEqual([
      expect.stringMatching(/Ohne Währung/),
      expect.stringMatching(/Zahlung in EUR/),
      expect.stringMatching(/ergeben CHF\u00a0120\.00/),
    ]);
    const foreign = await post(camt054({ iban: 'CH5604835012345678009', entries: [{ amount: '50.00', reference: invs[3]!.reference }] }));
    expect(foreign.body.data.lines[0]).toMatchObject({
      outcome: 'NOT_A_PAYMENT',
      note: expect.stringMatching(/CH5604835012345678009, nicht einem Konto des Vereins/),
    });
    for (const inv of invs) expect(await invoiceRow(inv.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
  });

  it('a camt.053 statement books its credits by reference like a notification', async () => {
    const inv = await createInvoice(db(), debtor);
    const answer = await post(camt054({ message: '053', version: '04', entries: [{ amount: '50.00', reference: inv.reference }] }));
    expect(answer.body.data).toMatchObject({ version: 'camt.053.001.04', matched: 1 });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PAID' });
  });

  it('sums beyond one million are answered, never capped: a large credit, a manual payment of the maximum, the overview', async () => {
    const inv = await createInvoice(db(), debtor, { totalRappen: 5000, reference: qrReference(`77${Date.now()}`) });
    const big = await post(camt054({ entries: [{ amount: '9999999.99', reference: inv.reference }] }));
    expect(big.status).toBe(200);
    expect(big.body.data).toMatchObject({ amountsDiffer: 1, bookedAmount: { currency: 'CHF', amount: 9999999.99 } });
    const partly = await createInvoice(db(), debtor, { totalRappen: 5000, paidRappen: 2000 });
    const manual = await board.call('POST', `/admin/invoices/${partly.id}/payments`, {
      amount: { currency: 'CHF', amount: 1_000_000 },
      paidAt: '2026-01-05',
    });
    expect(manual.status).toBe(201);
    expect(manual.body.data.paidAmount).toEqual({ currency: 'CHF', amount: 1_000_020 });
    const overview = await board.call('GET', '/admin/invoices?pageSize=200&status=PAID');
    expect(overview.status).toBe(200);
    expect(overview.body.totals.paidAmount.amount).toBeGreaterThan(11_000_000);
    const own = await board.call('GET', `/admin/invoices?q=${inv.number}&status=PAID`);
    expect(own.body.data[0].data.paidAmount).toEqual({ currency: 'CHF', amount: 9999999.99 });
  });

  it('a refused file writes nothing, whatever it contains', async () => {
    const inv = await createInvoice(db(), debtor);
    const before = await paymentRowCounts(db());
    const good = { amount: '50.00', reference: inv.reference };
    for (const bad of [{ amount: '10.005' }, { amount: '5.00', reference: 'R'.repeat(36) }]) {
      const answer = await post(camt054({ entries: [good, bad] }));
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toMatch(/Buchung 2/);
    }
    expect(await paymentRowCounts(db())).toEqual(before);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'OPEN', paidRappen: 0 });
  });

  it('a malformed optional identifier costs neither its line nor the file: left out with a note, the good lines booked', async () => {
    const inv = await createInvoice(db(), debtor);
    const answer = await post(
      camt054({
        entries: [
          { amount: '50.00', reference: inv.reference },
          { amount: '5.00', uetr: 'x' },
          { amount: '6.00', instrId: 'I'.repeat(36) },
        ],
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.lines.map((l: Json) => l.outcome)).toEqual(['MATCHED', 'UNKNOWN_REFERENCE', 'UNKNOWN_REFERENCE']);
    expect(answer.body.data.lines[1].note).toMatch(/Die UETR «x» ist keine gültige UUID und wurde nicht berücksichtigt/);
    expect(answer.body.data.lines[2].note).toMatch(/Die InstrId «I+…» ist länger als 35 Zeichen/);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PAID', paidRappen: 5000 });
    const stored = await db().payment.findUniqueOrThrow({ where: { id: answer.body.data.lines[1].paymentId } });
    expect(stored).toMatchObject({ needsDecision: true, note: expect.stringMatching(/UETR/) });
  });

  it('reads every published file as its bank meant it, without a 5xx; the statement after the notification books nothing twice', async () => {
    const dir = new URL('./fixtures/published/', import.meta.url);
    const N = 'NOT_A_PAYMENT';
    const U = 'UNKNOWN_REFERENCE';
    const A = 'ALREADY_IMPORTED';
    const C = 'CONFLICT';
    const M = 'MATCHED';
    // In this order: the notification of 27.05.2016 before the statement of May that repeats it.
    const expected: [string, string[] | 422][] = [
      ['dvbern-iso20022/camt.054-ES_P_CH0309000000250090342_38000000_0_2016052723011813.xml', Array(8).fill(U)],
      [
        'dvbern-iso20022/camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml',
        [...Array(6).fill(N), ...Array(10).fill(M), ...Array(8).fill(A), ...Array(6).fill(U), N, N],
      ],
      ['dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2009.xml', [M, M]],
      ['dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2019.xml', [A, A]],
      // PostFinance's test files reuse the bank references of the file above for other amounts and dates
      ['dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2019.xml', [C]],
      ['dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2009.xml', [A]],
      ['dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111119_0_2022030911011199_v2009.xml', [C]],
      ['dvbern-iso20022/200519_camt054-ESR-ASR_P_CH2909000000250094239_1110092704_0_2019042500372179_v2009.xml', [N]],
      // the SIX example files are for an account that is not the club's (and their IBAN has no valid check)
      ['dvbern-iso20022/camt_054_Beispiel_NoCrdtBookedNotReversed.xml', [N, N, N]],
      ['dvbern-iso20022/camt_054_Beispiel_SammelbuchungEs.xml', [N, N]],
      ['dvbern-iso20022/camt_054_Beispiel_ZA1_ESR_ZE.xml', [N]],
      ['dvbern-iso20022/camt_054_Beispiel_NotificationMissing.xml', 422],
      ['dvbern-iso20022/Business_Sample_camt.053.001.04.xml', [N, N, N]],
      ['genkgo-camt/camt053.v4.xml', [C]],
      ['genkgo-camt/camt053.v8.xml', [A]],
      ['genkgo-camt/camt054.v4.xml', [N, N, N]],
      ['genkgo-camt/camt054.v8.xml', [A, A, A]],
      ['genkgo-camt/camt054.v8-with-UETR.xml', [N]],
      ['genkgo-camt/camt054.v8-with-financial-institution.xml', [N]],
      ...readdirSync(new URL('genkgo-camt/', dir))
        .filter((f) => /\.v[23]\./.test(f))
        .map((f): [string, 422] => [`genkgo-camt/${f}`, 422]),
      // UBS: an account that is not the club's
      ['viafintech-camt_parser/053_valid_example_v8.xml', [N, N, N]],
      // PostFinance's notification of 10.04.2016, whose lines the April statement above carried
      ['viafintech-camt_parser/054_valid_example.xml', [A, A, A, A, A]],
      ['viafintech-camt_parser/053_valid_example.xml', 422],
      ['viafintech-camt_parser/053_valid_example_with_datetime.xml', 422],
      ['viafintech-camt_parser/053_valid_example_with_instdamt.xml', 422],
      ['subite-camt-to-coda/LT625883379695428516_CAMT_053_2024-03-07.xml', 422],
      ['subite-camt-to-coda/LT809872649478701594_CAMT_054_2024-05-02.xml', 422],
      ['subite-camt-to-coda/Other_account_statement.xml', 422],
    ];
    expect(expected).toHaveLength(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.xml')).length);
    // The club's invoices for the QR references of PostFinance's files: those credits are booked.
    for (const name of [expected[1]![0], expected[2]![0]]) {
      for (const line of parseCamt(readFileSync(new URL(name, dir), 'utf8')).lines.filter((l) => l.referenceType === 'QRR' && !l.listed)) {
        await createInvoice(db(), debtor, { reference: line.reference, totalRappen: line.amountRappen });
      }
    }
    const tally = { files: 0, read: 0, refused: 0, lines: 0, booked: 0, listed: 0, alreadyImported: 0, conflicts: 0, serverErrors: 0 };
    for (const [name, outcomesOfFile] of expected) {
      const answer = await post(readFileSync(new URL(name, dir), 'utf8'));
      tally.files += 1;
      if (answer.status >= 500) tally.serverErrors += 1;
      if (outcomesOfFile === 422) {
        expect(answer.status, name).toBe(422);
        tally.refused += 1;
        continue;
      }
      expect(answer.status, name).toBe(200);
      expect(outcomes(answer), name).toEqual(outcomesOfFile);
      tally.read += 1;
      for (const outcome of outcomesOfFile) {
        tally.lines += 1;
        if (outcome === A) tally.alreadyImported += 1;
        else if (outcome === C) tally.conflicts += 1;
        else if (outcome === U || outcome === N) tally.listed += 1;
        else tally.booked += 1;
      }
    }
    expect(tally).toMatchObject({ files: 38, read: 20, refused: 18, booked: 12, serverErrors: 0 });
    console.info(`published bank files: ${JSON.stringify(tally)}`);
  });
});
