import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CamtFormatError, parseCamt, type CamtFile } from './camt.parser.ts';
import { keysOfFile } from './payments.rules.ts';

/**
 * Bank files published by others (fixtures/published, sources and licences in its README): each
 * is read as its bank meant it. Credits are the booked CHF credits that may pay an invoice;
 * everything else is listed with its reason; versions other than .04 and .08 are refused.
 */

const read = (name: string) => readFileSync(new URL(`./fixtures/published/${name}`, import.meta.url), 'utf8');

interface Expected {
  version: string;
  accounts: string[];
  entries: number;
  lines: number;
  credits: number;
  creditRappen: number;
  qrr: number;
  listed: Record<string, number>;
}

const files: [string, Expected | RegExp][] = [
  [
    'dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2009.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH2909000000250094239'],
      entries: 1,
      lines: 2,
      credits: 2,
      creditRappen: 169222,
      qrr: 2,
      listed: {},
    },
  ],
  [
    'dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2019.xml',
    {
      version: 'camt.054.001.08',
      accounts: ['CH2909000000250094239'],
      entries: 1,
      lines: 2,
      credits: 2,
      creditRappen: 169222,
      qrr: 2,
      listed: {},
    },
  ],
  [
    'dvbern-iso20022/200519_camt054-ESR-ASR_P_CH2909000000250094239_1110092704_0_2019042500372179_v2009.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH2909000000250094239'],
      entries: 1,
      lines: 1,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { DEBIT: 1 },
    },
  ],
  [
    'dvbern-iso20022/Business_Sample_camt.053.001.04.xml',
    {
      version: 'camt.053.001.04',
      accounts: ['50000000054910000003'],
      entries: 3,
      lines: 3,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { FOREIGN_CURRENCY: 2, DEBIT: 1 },
    },
  ],
  [
    'dvbern-iso20022/camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml',
    {
      version: 'camt.053.001.04',
      accounts: ['CH0309000000250090342'],
      entries: 13,
      lines: 32,
      credits: 24,
      creditRappen: 181056,
      qrr: 10,
      listed: { DEBIT: 6, REVERSAL: 2 },
    },
  ],
  [
    'dvbern-iso20022/camt.054-ES_P_CH0309000000250090342_38000000_0_2016052723011813.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH0309000000250090342'],
      entries: 1,
      lines: 8,
      credits: 8,
      creditRappen: 62000,
      qrr: 0,
      listed: {},
    },
  ],
  [
    'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2009.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH2909000000250094239'],
      entries: 1,
      lines: 1,
      credits: 1,
      creditRappen: 52210,
      qrr: 0,
      listed: {},
    },
  ],
  [
    'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111112_0_2022031011011199_v2019.xml',
    {
      version: 'camt.054.001.08',
      accounts: ['CH2909000000250094239'],
      entries: 1,
      lines: 1,
      credits: 1,
      creditRappen: 52210,
      qrr: 0,
      listed: {},
    },
  ],
  [
    'dvbern-iso20022/camt.054_P_CH2909000000250094239_1111111119_0_2022030911011199_v2009.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH2909000000250094239'],
      entries: 1,
      lines: 1,
      credits: 1,
      creditRappen: 50105,
      qrr: 0,
      listed: {},
    },
  ],
  [
    'dvbern-iso20022/camt_054_Beispiel_NoCrdtBookedNotReversed.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH160077401231234567'],
      entries: 3,
      lines: 3,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { REVERSAL: 1, NOT_BOOKED: 1, DEBIT: 1 },
    },
  ],
  ['dvbern-iso20022/camt_054_Beispiel_NotificationMissing.xml', /nennt keinen ISO-20022-Namensraum/],
  [
    'dvbern-iso20022/camt_054_Beispiel_SammelbuchungEs.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH160077401231234567'],
      entries: 1,
      lines: 2,
      credits: 2,
      creditRappen: 11300,
      qrr: 0,
      listed: {},
    },
  ],
  [
    'dvbern-iso20022/camt_054_Beispiel_ZA1_ESR_ZE.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH160077401231234567'],
      entries: 1,
      lines: 1,
      credits: 1,
      creditRappen: 394975,
      qrr: 1,
      listed: {},
    },
  ],
  ['genkgo-camt/camt053.v2.all-balance-types.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v2.five.decimals.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v2.minimal.ultimate.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v2.minimal.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v2.multi.statement.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v2.with-account-name.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v2.with-party-ids.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v2.wrong.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt053.v3.xml', /Version camt\.053\.001\.03 wird nicht gelesen/],
  [
    'genkgo-camt/camt053.v4.xml',
    {
      version: 'camt.053.001.04',
      accounts: ['NL26VAYB8060476890'],
      entries: 1,
      lines: 1,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { FOREIGN_CURRENCY: 1 },
    },
  ],
  [
    'genkgo-camt/camt053.v8.xml',
    {
      version: 'camt.053.001.08',
      accounts: ['NL26VAYB8060476890'],
      entries: 1,
      lines: 1,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { FOREIGN_CURRENCY: 1 },
    },
  ],
  ['genkgo-camt/camt054.v2.with-account-name.xml', /Version camt\.054\.001\.02 wird nicht gelesen/],
  ['genkgo-camt/camt054.v2.xml', /Version camt\.054\.001\.02 wird nicht gelesen/],
  [
    'genkgo-camt/camt054.v4.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH2801234000123456789'],
      entries: 1,
      lines: 3,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { DEBIT: 3 },
    },
  ],
  [
    'genkgo-camt/camt054.v8-with-UETR.xml',
    {
      version: 'camt.054.001.08',
      accounts: ['CH2801234000123456789'],
      entries: 1,
      lines: 1,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { DEBIT: 1 },
    },
  ],
  [
    'genkgo-camt/camt054.v8-with-financial-institution.xml',
    {
      version: 'camt.054.001.08',
      accounts: ['CH2801234000123456789'],
      entries: 1,
      lines: 1,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { DEBIT: 1 },
    },
  ],
  [
    'genkgo-camt/camt054.v8.xml',
    {
      version: 'camt.054.001.08',
      accounts: ['CH2801234000123456789'],
      entries: 1,
      lines: 3,
      credits: 0,
      creditRappen: 0,
      qrr: 0,
      listed: { DEBIT: 3 },
    },
  ],
  ['subite-camt-to-coda/LT625883379695428516_CAMT_053_2024-03-07.xml', /Buchung 1: Der Status \(Sts\) fehlt/],
  ['subite-camt-to-coda/LT809872649478701594_CAMT_054_2024-05-02.xml', /Version camt\.054\.001\.10 wird nicht gelesen/],
  ['subite-camt-to-coda/Other_account_statement.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  ['viafintech-camt_parser/053_valid_example.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  [
    'viafintech-camt_parser/053_valid_example_v8.xml',
    {
      version: 'camt.053.001.08',
      accounts: ['CH1111111111111111111'],
      entries: 3,
      lines: 3,
      credits: 2,
      creditRappen: 56325,
      qrr: 0,
      listed: { DEBIT: 1 },
    },
  ],
  ['viafintech-camt_parser/053_valid_example_with_datetime.xml', /Version camt\.053\.001\.10 wird nicht gelesen/],
  ['viafintech-camt_parser/053_valid_example_with_instdamt.xml', /Version camt\.053\.001\.02 wird nicht gelesen/],
  [
    'viafintech-camt_parser/054_valid_example.xml',
    {
      version: 'camt.054.001.04',
      accounts: ['CH0309000000250090342'],
      entries: 4,
      lines: 5,
      credits: 3,
      creditRappen: 8056,
      qrr: 0,
      listed: { REVERSAL: 2 },
    },
  ],
];

function summary(file: CamtFile): Expected {
  const credits = file.lines.filter((l) => !l.listed);
  const listed: Record<string, number> = {};
  for (const l of file.lines) if (l.listed) listed[l.listed.reason] = (listed[l.listed.reason] ?? 0) + 1;
  return {
    version: file.version,
    accounts: file.accounts,
    entries: file.entries,
    lines: file.lines.length,
    credits: credits.length,
    creditRappen: credits.reduce((sum, l) => sum + l.amountRappen, 0),
    qrr: credits.filter((l) => l.referenceType === 'QRR').length,
    listed,
  };
}

describe('published bank files', () => {
  it('are at least ten camt.053/054 files of several banks in both versions', () => {
    const read = files.filter(([, e]) => !(e instanceof RegExp)).map(([, e]) => e as Expected);
    expect(read.length).toBeGreaterThanOrEqual(10);
    expect(new Set(read.map((e) => e.version))).toEqual(
      new Set(['camt.053.001.04', 'camt.053.001.08', 'camt.054.001.04', 'camt.054.001.08']),
    );
    expect(new Set(read.flatMap((e) => e.accounts)).size).toBeGreaterThanOrEqual(5);
  });

  for (const [name, expected] of files) {
    it(`${name}: ${expected instanceof RegExp ? 'refused' : 'read'}`, () => {
      if (expected instanceof RegExp) {
        expect(() => parseCamt(read(name))).toThrow(CamtFormatError);
        expect(() => parseCamt(read(name))).toThrow(expected);
      } else {
        expect(summary(parseCamt(read(name)))).toEqual(expected);
      }
    });
  }

  it('PostFinance sends one booking as .04 and .08: the same lines, the .08 with the UETR, and one identity', () => {
    const v04 = parseCamt(read('dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2009.xml'));
    const v08 = parseCamt(read('dvbern-iso20022/200519_camt.054_P_CH2909000000250094239_1111091335_0_2020061900081727_v2019.xml'));
    const plain = (f: CamtFile) => f.lines.map((l) => [l.amountRappen, l.reference, l.bookingDate, l.debtorName, l.ids.txRef]);
    expect(plain(v08)).toEqual(plain(v04));
    expect(v04.lines[0]!.ids.uetr).toBeNull();
    expect(v08.lines[0]!.ids.uetr).toBe('b009c997-97b3-4a9c-803c-d645a7276bf0');
    const k04 = keysOfFile(v04.lines);
    const k08 = keysOfFile(v08.lines);
    k04.forEach((keys, i) => expect(keys.some((k) => k08[i]!.includes(k))).toBe(true));
  });

  it('the statement (camt.053) repeats the notification (camt.054) of the same credits: they share their bank references', () => {
    const notification = parseCamt(read('dvbern-iso20022/camt.054-ES_P_CH0309000000250090342_38000000_0_2016052723011813.xml'));
    const statement = parseCamt(read('dvbern-iso20022/camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml'));
    const statementKeys = new Set(keysOfFile(statement.lines).flat());
    for (const keys of keysOfFile(notification.lines)) expect(keys.some((k) => statementKeys.has(k))).toBe(true);
  });

  it('a debit whose transaction says CRDT (the Swiss test file named for it) is a debit; the pending entry has no date; the reversal of a debit is no payment', () => {
    const file = parseCamt(read('dvbern-iso20022/camt_054_Beispiel_NoCrdtBookedNotReversed.xml'));
    expect(file.lines.map((l) => [l.direction, l.reversal, l.status, l.bookingDate, l.listed?.reason])).toEqual([
      ['CRDT', true, 'BOOK', '2017-07-26', 'REVERSAL'],
      ['CRDT', false, 'PDNG', null, 'NOT_BOOKED'],
      ['DBIT', false, 'BOOK', '2017-07-26', 'DEBIT'],
    ]);
  });

  it("carries the guidelines' example QR reference as a valid QRR", () => {
    const [line] = parseCamt(read('dvbern-iso20022/camt_054_Beispiel_ZA1_ESR_ZE.xml')).lines;
    expect(line).toMatchObject({
      reference: '210000000003139471430009017',
      referenceType: 'QRR',
      amountRappen: 394975,
      debtorName: 'Pia Rutschmann',
    });
  });
});
