import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { CamtFormatError, parseCamt, type CamtLine } from './camt.parser.ts';
import { keysOfFile } from './payments.rules.ts';
import { createInvoice, loggedIn, paymentRowCounts, postCamt, type Json } from './payments.test-support.ts';

/**
 * Every published bank file (fixtures/published, sources in its README) adapted to the club: the
 * account is the club's and every credit the file would let pay an invoice carries the QR reference
 * of an open invoice of its amount; nothing else of the bank's XML changes. Each such credit must be
 * booked once (a repeated bank transaction is recognised by its bank identifiers), every other line
 * is listed, and importing the adapted file again books nothing.
 */

const CLUB = 'CH9300762011623852957';
const dir = new URL('./fixtures/published/', import.meta.url);
const published = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.xml'))
  .sort();

function qrRemittance(reference: string): string {
  return `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf>`;
}

/** The line's XML with the reference in place of its remittance information. */
function withReference(raw: string, reference: string): string {
  if (/<RmtInf>[\s\S]*?<\/RmtInf>/.test(raw)) return raw.replace(/<RmtInf>[\s\S]*?<\/RmtInf>/, qrRemittance(reference));
  if (raw.startsWith('<TxDtls')) return raw.replace(/<\/TxDtls>$/, `${qrRemittance(reference)}</TxDtls>`);
  // an entry without transaction details: one without an amount of its own takes the entry's
  return raw.replace(/<\/Ntry>$/, `<NtryDtls><TxDtls>${qrRemittance(reference)}</TxDtls></NtryDtls></Ntry>`);
}

/** Rewrites the credits' references (in file order, each line's XML where it stands) and the accounts. */
function adapt(xml: string, accounts: string[], references: Map<CamtLine, string>): string {
  let out = '';
  let rest = xml;
  for (const [line, reference] of references) {
    const at = rest.indexOf(line.rawXml);
    expect(at, `the XML of line ${line.entryIndex + 1}.${line.txIndex + 1}`).toBeGreaterThanOrEqual(0);
    out += rest.slice(0, at) + withReference(line.rawXml, reference);
    rest = rest.slice(at + line.rawXml.length);
  }
  return accounts.reduce((text, account) => text.split(`>${account}<`).join(`>${CLUB}<`), out + rest);
}

interface Did {
  booked: number;
  listed: number;
  alreadyImported: number;
  conflicts: number;
}

/**
 * What each file did, adapted, imported in this order (by name) into one database. Files refused
 * as they are (versions .02, .03, .10, a file without namespace, entries without status) stay
 * refused with a 422.
 */
const expected: Record<string, Did | 'refused'> = {
  'dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2009.xml': {
    booked: 2,
    listed: 0,
    alreadyImported: 0,
    conflicts: 0,
  },
  // the .08 copy of the notification above: the same bank references
  'dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2019.xml': {
    booked: 0,
    listed: 0,
    alreadyImported: 2,
    conflicts: 0,
  },
  'dvbern-iso20022/200519_camt054-ESR-ASR_P_CH2909000000250094239_1110092704_0_2019042500372179_v2009.xml': {
    booked: 0,
    listed: 1,
    alreadyImported: 0,
    conflicts: 0,
  },
  'dvbern-iso20022/Business_Sample_camt.053.001.04.xml': { booked: 0, listed: 3, alreadyImported: 0, conflicts: 0 },
  'dvbern-iso20022/camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml': {
    booked: 24,
    listed: 8,
    alreadyImported: 0,
    conflicts: 0,
  },
  // the notification of 27.05.2016 that the statement above repeats
  'dvbern-iso20022/camt.054-ES_P_CH0309000000250090342_38000000_0_2016052723011813.xml': {
    booked: 0,
    listed: 0,
    alreadyImported: 8,
    conflicts: 0,
  },
  // PostFinance's test files reuse the bank references of the 2020 notification for other amounts
  'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2009.xml': {
    booked: 0,
    listed: 0,
    alreadyImported: 0,
    conflicts: 1,
  },
  'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2019.xml': {
    booked: 0,
    listed: 0,
    alreadyImported: 1,
    conflicts: 0,
  },
  'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111119_0_2022030911011199_v2009.xml': {
    booked: 0,
    listed: 0,
    alreadyImported: 0,
    conflicts: 1,
  },
  'dvbern-iso20022/camt_054_Beispiel_NoCrdtBookedNotReversed.xml': { booked: 0, listed: 3, alreadyImported: 0, conflicts: 0 },
  'dvbern-iso20022/camt_054_Beispiel_NotificationMissing.xml': 'refused',
  'dvbern-iso20022/camt_054_Beispiel_SammelbuchungEs.xml': { booked: 2, listed: 0, alreadyImported: 0, conflicts: 0 },
  'dvbern-iso20022/camt_054_Beispiel_ZA1_ESR_ZE.xml': { booked: 1, listed: 0, alreadyImported: 0, conflicts: 0 },
  // versions .02 and .03
  'genkgo-camt/camt053.v2.all-balance-types.xml': 'refused',
  'genkgo-camt/camt053.v2.five.decimals.xml': 'refused',
  'genkgo-camt/camt053.v2.minimal.ultimate.xml': 'refused',
  'genkgo-camt/camt053.v2.minimal.xml': 'refused',
  'genkgo-camt/camt053.v2.multi.statement.xml': 'refused',
  'genkgo-camt/camt053.v2.with-account-name.xml': 'refused',
  'genkgo-camt/camt053.v2.with-party-ids.xml': 'refused',
  'genkgo-camt/camt053.v2.wrong.xml': 'refused',
  'genkgo-camt/camt053.v3.xml': 'refused',
  // the ISO business sample's booking again (dvbern's Business_Sample above) with another amount: a conflict, listed
  'genkgo-camt/camt053.v4.xml': { booked: 0, listed: 0, alreadyImported: 0, conflicts: 1 },
  'genkgo-camt/camt053.v8.xml': { booked: 0, listed: 0, alreadyImported: 1, conflicts: 0 },
  'genkgo-camt/camt054.v2.with-account-name.xml': 'refused',
  'genkgo-camt/camt054.v2.xml': 'refused',
  'genkgo-camt/camt054.v4.xml': { booked: 0, listed: 3, alreadyImported: 0, conflicts: 0 },
  'genkgo-camt/camt054.v8-with-UETR.xml': { booked: 0, listed: 1, alreadyImported: 0, conflicts: 0 },
  'genkgo-camt/camt054.v8-with-financial-institution.xml': { booked: 0, listed: 1, alreadyImported: 0, conflicts: 0 },
  'genkgo-camt/camt054.v8.xml': { booked: 0, listed: 0, alreadyImported: 3, conflicts: 0 },
  // a Lithuanian statement (.08) whose entries lack their status (Sts)
  'subite-camt-to-coda/LT625883379695428516_CAMT_053_2024-03-07.xml': 'refused',
  // version .10
  'subite-camt-to-coda/LT809872649478701594_CAMT_054_2024-05-02.xml': 'refused',
  // a Belgian statement, version .02
  'subite-camt-to-coda/Other_account_statement.xml': 'refused',
  // versions .02 and .10
  'viafintech-camt_parser/053_valid_example.xml': 'refused',
  // UBS (SPS 2.0): a credit without reference and one with an RF reference, both booked; a debit in EUR listed
  'viafintech-camt_parser/053_valid_example_v8.xml': { booked: 2, listed: 1, alreadyImported: 0, conflicts: 0 },
  'viafintech-camt_parser/053_valid_example_with_datetime.xml': 'refused',
  'viafintech-camt_parser/053_valid_example_with_instdamt.xml': 'refused',
  // PostFinance's notification of 10.04.2016: its two credits of a batch, a single credit and two reversals were all in the April statement above, booked there
  'viafintech-camt_parser/054_valid_example.xml': { booked: 0, listed: 0, alreadyImported: 5, conflicts: 0 },
};

describe('published bank files adapted to open invoices', () => {
  let server: TestServer;
  let board: { id: number; cookie: string };
  let debtor: number;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLUB_IBAN: CLUB } });
    board = await loggedIn(server.url, server.database.prisma, true);
    debtor = (await createMember(server.database.prisma, { firstName: 'Martina', lastName: 'Muster' })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.prisma;
  const post = (xml: string) => postCamt(server.url, board.cookie, xml);

  it('book every credit once, list the rest, and book nothing on the second import', async () => {
    const invoiceOf = new Map<string, { id: number; reference: string; totalRappen: number }>();
    const did: Record<string, Did | 'refused'> = {};
    for (const name of published) {
      const xml = readFileSync(new URL(name, dir), 'utf8');
      let file;
      try {
        file = parseCamt(xml);
      } catch (error) {
        expect(error, name).toBeInstanceOf(CamtFormatError);
        const answer = await post(xml);
        expect(answer.status, name).toBe(422);
        did[name] = 'refused';
        continue;
      }
      // the same bank transaction (by its bank identifiers) pays the same invoice in every file
      const keys = keysOfFile(file.lines);
      const references = new Map<CamtLine, string>();
      for (const [i, line] of file.lines.entries()) {
        if (line.listed) continue;
        const known = keys[i]!.map((k) => invoiceOf.get(k)).find(Boolean);
        const invoice = known ?? (await createInvoice(db(), debtor, { totalRappen: line.amountRappen }));
        for (const k of keys[i]!) if (!invoiceOf.has(k)) invoiceOf.set(k, invoice);
        references.set(line, invoice.reference);
      }
      const adapted = adapt(xml, file.accounts, references);
      const reread = parseCamt(adapted);
      expect(
        reread.lines.filter((l) => !l.listed).map((l) => [l.reference, l.referenceType, l.amountRappen]),
        name,
      ).toEqual([...references].map(([line, reference]) => [reference, 'QRR', line.amountRappen]));

      const before = await paymentRowCounts(db());
      const answer = await post(adapted);
      expect(answer.status, name).toBe(200);
      const lines: Json[] = answer.body.data.lines;
      const count = (...outcomes: string[]) => lines.filter((l) => outcomes.includes(l.outcome)).length;
      did[name] = {
        booked: count('MATCHED'),
        listed: count('NOT_A_PAYMENT', 'UNKNOWN_REFERENCE'),
        alreadyImported: count('ALREADY_IMPORTED'),
        conflicts: count('CONFLICT'),
      };
      // a booked credit pays the invoice of its reference in full; nothing else changes a sum
      const bookedRappen = lines.filter((l) => l.outcome === 'MATCHED').reduce((sum, l) => sum + Math.round(l.amount.amount * 100), 0);
      expect((await paymentRowCounts(db())).paidRappen - before.paidRappen, name).toBe(bookedRappen);
      for (const l of lines.filter((l) => l.outcome === 'MATCHED')) {
        expect(await db().invoice.findUniqueOrThrow({ where: { id: l.invoice.id } }), name).toMatchObject({ status: 'PAID' });
      }
      expect(count('UNKNOWN_REFERENCE', 'AMOUNT_DIFFERS', 'ALREADY_PAID'), `${name}: every credit found its invoice`).toBe(0);

      const again = await post(adapted);
      expect(again.status, name).toBe(200);
      expect(again.body.data.matched, name).toBe(0);
      expect(again.body.data.bookedAmount.amount, name).toBe(0);
    }
    expect(did).toEqual(expected);
    console.info(`published bank files, adapted: ${JSON.stringify(did)}`);
  });
});
