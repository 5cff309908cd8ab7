import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonDates, seasonYearOf, zurichToday } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { libreOfficeMissing, saveWithLibreOffice } from '../../test/libreoffice.ts';
import { loginAs } from '../../test/login.ts';
import { uploadFile } from './member-import.test-support.ts';

/**
 * Member lists as LibreOffice Calc saves them (Swiss German profile): the test writes a club's
 * list as a UTF-8 text file, LibreOffice opens it (birth and entry dates read as dates, postal
 * code and mobile number as text, as a careful board member sets the columns) and saves it as an
 * .xlsx with real date cells; that workbook saved again as a CSV in Windows-1252 with `;`. Both
 * files import with the same values.
 */

const missing = libreOfficeMissing();

if (missing !== null && process.env.CI === 'true') {
  describe('member lists saved by LibreOffice', () => {
    it('need LibreOffice, which .ci/run installs', () => {
      throw new Error(`LibreOffice is missing on this CI machine: ${missing}`);
    });
  });
} else if (missing !== null) {
  describe('member lists saved by LibreOffice', () => {
    it.skip(`cannot be tried here: ${missing}; install it with apt-get install libreoffice-calc-nogui`, () => {});
  });
}

const LIST = [
  ['Mitglied-Nr.', 'Vorname', 'Name', 'E-Mail', 'Geburtsdatum', 'Strasse', 'PLZ', 'Ort', 'Land', 'Natel', 'Eintritt', 'Kategorie'],
  [
    '701',
    'Zoë',
    'Müller-Kälin',
    'zoe.lo@example.ch',
    '31.12.1985',
    'Bahnhofstrasse 1',
    '8001',
    'Zürich',
    'Schweiz',
    '+41 79 123 45 67',
    '01.05.2001',
    'Junior',
  ],
  [
    '702',
    'René',
    'Frêne',
    'rene.lo@example.ch',
    '04.03.1979',
    'Hauptstrasse 5',
    '01067',
    'Dresden',
    'Deutschland',
    '079 765 43 21',
    '15.08.2010',
    '',
  ],
  [
    '703',
    'Jürg',
    'Bühler',
    'juerg.lo@example.ch',
    '29.02.1996',
    'Seeweg 3',
    '8640',
    'Rapperswil',
    'Schweiz',
    '0041 76 111 22 33',
    '01.01.2020',
    '',
  ],
];

/**
 * LibreOffice's CSV import options: `;`, `"`, UTF-8 (76), from line 1; columns 5 and 11 (dates)
 * as DD/MM/YY (4), 7 (postal code) and 10 (mobile) as text (2); language de-CH (2055).
 */
const CSV_IN = 'CSV:59,34,76,1,5/4/7/2/10/2/11/4,2055';
/** Saving a CSV as Excel does in Switzerland: `;`, `"`, Windows-1252 (LibreOffice's encoding 1). */
const CSV_OUT_1252 = 'csv:Text - txt - csv (StarCalc):59,34,1';
/** One LibreOffice start takes seconds on its own and minutes on a machine shared with other test runs. */
const LIBREOFFICE_MS = 400_000;

describe.skipIf(missing !== null)('member lists saved by LibreOffice', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.prisma;
    const board = await createMember(db, { firstName: 'Vera', lastName: 'Vorstand', roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    cookie = (await loginAs(server.url, board.username, board.password)).cookie;
    const season = await db.season.create({ data: { ...seasonDates(seasonYearOf(zurichToday(new Date()))), membershipFeeRappen: 5000 } });
    await db.membershipCategory.create({ data: { seasonId: season.id, name: 'Junior', feeRappen: 2000 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer is inspected field by field
  const valuesOf = (body: any) => body.data.preview.map((r: { values: Record<string, string> }) => r.values);

  it('an .xlsx with date cells and a Windows-1252 CSV with «;», both saved by LibreOffice, import with the same values', async () => {
    const text = Buffer.from(LIST.map((r) => r.join(';')).join('\n') + '\n', 'utf8');
    const xlsx = await saveWithLibreOffice({ name: 'Mitglieder.csv', content: text, inFilter: CSV_IN }, 'xlsx', LIBREOFFICE_MS);
    const csv = await saveWithLibreOffice({ name: 'Mitglieder.xlsx', content: xlsx }, CSV_OUT_1252, LIBREOFFICE_MS);

    // What LibreOffice wrote: date cells in the workbook, Windows-1252 bytes and `;` in the CSV.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('E2').value).toEqual(new Date(Date.UTC(1985, 11, 31)));
    expect(sheet.getCell('G3').value).toBe('01067');
    expect(csv.includes(Buffer.from('M\xfcller-K\xe4lin', 'latin1'))).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(csv)).toThrow();
    expect(csv.toString('latin1').split(/\r?\n/)[0]).toBe(LIST[0]!.join(';'));

    const fromXlsx = await uploadFile(server.url, cookie, xlsx, 'Mitglieder.xlsx');
    expect(fromXlsx.status).toBe(201);
    expect(fromXlsx.body.data.counts).toEqual({ new: 3, update: 0, duplicate: 0, error: 0 });
    expect(valuesOf(fromXlsx.body)[0]).toMatchObject({
      memberNumber: '701',
      firstName: 'Zoë',
      lastName: 'Müller-Kälin',
      dateOfBirth: '1985-12-31',
      postalCode: '8001',
      country: 'CH',
      mobile: '+41 79 123 45 67',
      memberSince: '2001-05-01',
      category: 'Junior',
    });
    expect(valuesOf(fromXlsx.body)[1]).toMatchObject({ postalCode: '01067', country: 'DE', mobile: '+41 79 765 43 21' });
    expect(valuesOf(fromXlsx.body)[2]).toMatchObject({ dateOfBirth: '1996-02-29', mobile: '+41 76 111 22 33' });

    const fromCsv = await uploadFile(server.url, cookie, csv, 'Mitglieder.csv');
    expect(fromCsv.status).toBe(201);
    expect(fromCsv.body.data.counts).toEqual({ new: 3, update: 0, duplicate: 0, error: 0 });
    expect(valuesOf(fromCsv.body)).toEqual(valuesOf(fromXlsx.body));

    // The workbook committed, the CSV is the same list: nothing new, nothing to change.
    const commit = await request(server.url).post(`/api/v1/admin/members/imports/${fromXlsx.body.data.id}/commit`).set('Cookie', cookie);
    expect(commit.body.data).toEqual({ created: 3, updated: 0, skipped: 0, invited: 0 });
    const again = await request(server.url).get(`/api/v1/admin/members/imports/${fromCsv.body.data.id}`).set('Cookie', cookie);
    expect(again.body.data.counts).toEqual({ new: 0, update: 0, duplicate: 3, error: 0 });
    expect(again.body.data.preview[0].note).toMatch(/^Unverändert/);
  }, 900_000);
});
