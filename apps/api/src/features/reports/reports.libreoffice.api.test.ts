import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportTypes, type ReportType } from '@club/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/factories.ts';
import { libreOfficeMissing, readWithLibreOffice, readXlsxWithLibreOffice, type ShownSheet } from '../../test/libreoffice.ts';
import { loginAs } from '../../test/login.ts';
import { formatCell } from './pdf-table.ts';
import type { CellKind } from './report-model.ts';
import { reportDefinitions } from './reports.definitions.ts';
import {
  createEvent,
  createFeeInvoice,
  createGame,
  createGroup,
  createReservation,
  createSeason,
  seasonMember,
  subscribe,
} from './reports.test-data.ts';

/**
 * Every report's spreadsheet as an independent consumer shows it: LibreOffice Calc opens the
 * downloaded .xlsx (Swiss German locale, formulas recalculated on loading) and saves each sheet as
 * the text of its cells. Sheet names, header, rows, totals, money, dates and times must read as
 * the board expects them, and as exceljs (which wrote the file) and the PDF see them.
 */

const missing = libreOfficeMissing();

if (missing !== null && process.env.CI === 'true') {
  describe('the reports read by LibreOffice', () => {
    it('need LibreOffice, which .ci/run installs', () => {
      throw new Error(`LibreOffice is missing on this CI machine: ${missing}`);
    });
  });
} else if (missing !== null) {
  describe('the reports read by LibreOffice', () => {
    it.skip(`cannot be tried here: ${missing}; install it with apt-get install libreoffice-calc-nogui`, () => {});
  });
}

/** LibreOffice 7.4 groups thousands with «'» in de-CH, Intl (the PDF) with «’»: the same mark for the eye. */
const sameMark = (text: string) => text.replaceAll('’', "'");

/**
 * How the report's number format shows a cell of a column in LibreOffice, from the PDF's
 * formatting; a formula by the result stored in the file (read from the cell's model: exceljs's
 * `value` leaves out a stored result of 0).
 */
function shown(cell: ExcelJS.Cell, kind: CellKind): string {
  const plain = cell.type === ExcelJS.ValueType.Formula ? (cell.model as { result?: unknown }).result : cell.value;
  if (plain === null || plain === undefined) return '';
  if (plain instanceof Date) return formatCell(plain, kind);
  if (typeof plain === 'number') {
    if (kind === 'money') return sameMark(`CHF ${formatCell(plain, 'money')}`);
    if (kind === 'integer') return sameMark(formatCell(plain, 'integer'));
    return String(plain);
  }
  return String(plain);
}

describe.skipIf(missing !== null)('the reports read by LibreOffice', () => {
  let server: TestServer;
  let cookie: string;
  const books = new Map<ReportType, { exceljs: ExcelJS.Workbook; shown: ShownSheet[] }>();
  const emptyBooks = new Map<ReportType, ShownSheet[]>();
  let conversionMs = 0;

  async function download(seasonId: number, type: string): Promise<Buffer> {
    const get = () => fetch(`${server.url}/api/v1/admin/seasons/${seasonId}/${type}/.xlsx`, { headers: { cookie } });
    const res = await get().catch(get);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { CLUB_NAME: 'ZSC Fanclub Zürich & Umgebung' } });
    const db = server.database.prisma;
    const season = await createSeason(db, 2027);
    const empty = await createSeason(db, 2028);
    const junior = await db.membershipCategory.create({ data: { seasonId: season.id, name: 'Junior', feeRappen: 2500, maxAge: 17 } });

    const marjanovic = await seasonMember(db, season.id, { firstName: 'Dragana', lastName: 'Marjanović', parkingPermit: true });
    const mueller = await seasonMember(db, season.id, { firstName: 'Hans-Peter', lastName: 'Müller-Lüdenscheidt von Wartensee' });
    const vogel = await seasonMember(db, season.id, { firstName: 'Viktor', lastName: 'Vogel', board: true });
    const kid = await seasonMember(db, season.id, { firstName: 'Zoë', lastName: 'Ängstli' });
    await db.membership.updateMany({ where: { memberId: kid.id, seasonId: season.id }, data: { categoryId: junior.id } });

    const login = await createMember(db, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    cookie = (await loginAs(server.url, login.username, login.password)).cookie;

    const fee = { seasonId: season.id, invoiceDate: '2027-05-03' };
    await createFeeInvoice(db, {
      ...fee,
      memberId: marjanovic.id,
      kind: 'MEMBERSHIP_FEE',
      totalRappen: 5000,
      status: 'PAID',
      paidAt: '2027-05-20',
      paidRappen: 5000,
    });
    await createFeeInvoice(db, { ...fee, memberId: mueller.id, kind: 'MEMBERSHIP_FEE', totalRappen: 5000 });
    await createFeeInvoice(db, { ...fee, memberId: vogel.id, kind: 'MEMBERSHIP_FEE', totalRappen: 5050, paidRappen: 2000 });
    await createFeeInvoice(db, { ...fee, memberId: kid.id, kind: 'MEMBERSHIP_FEE', totalRappen: 2500 });
    // Ticket and event billing (made as parking fees first: the helper writes fee invoices).
    for (const [memberId, totalRappen, paidRappen] of [
      [mueller.id, 4550, 0],
      [vogel.id, 150_000, 150_000],
      [vogel.id, 7100, 0],
    ] as const) {
      const invoice = await createFeeInvoice(db, {
        ...fee,
        memberId,
        kind: 'PARKING_FEE',
        totalRappen,
        paidRappen,
        invoiceDate: '2027-11-01',
      });
      await db.invoice.update({ where: { id: invoice.id }, data: { kind: 'TICKETS', ...(paidRappen > 0 ? { status: 'PAID' } : {}) } });
    }

    // Parking: a four-digit amount (thousands grouped), and a cancelled invoice that is left out.
    await createFeeInvoice(db, { ...fee, memberId: marjanovic.id, kind: 'PARKING_FEE', totalRappen: 123_450, invoiceDate: '2027-05-04' });
    await createFeeInvoice(db, { ...fee, memberId: vogel.id, kind: 'PARKING_FEE', totalRappen: 9900, status: 'CANCELLED' });
    // Games: 00:30 in Zurich on 1 May (30 April in UTC), 19:45 on 12 October, an away trip.
    const home = await createGroup(db, 'Heimspiele 2027/28', 3550);
    const away = await createGroup(db, 'Auswärts [Car]', 2000);
    const first = await createGame(db, home.id, '2027-04-30T22:30:00Z', 'SCB');
    const second = await createGame(db, home.id, '2027-10-12T17:45:00Z', 'HCD');
    const trip = await createGame(db, away.id, '2028-01-20T18:00:00Z', 'HCL', false);
    await createReservation(db, { gameId: first, memberId: marjanovic.id, optionId: home.optionId, amount: 2, priceRappen: 3550 });
    await createReservation(db, { gameId: first, memberId: mueller.id, optionId: home.optionId, amount: 1, priceRappen: 3550 });
    await createReservation(db, { gameId: second, memberId: vogel.id, optionId: home.optionId, amount: 40, priceRappen: 3000 });
    await createReservation(db, { gameId: trip, memberId: mueller.id, optionId: away.optionId, amount: 1, priceRappen: 2000 });

    const fondue = await createEvent(db, { title: 'Fondue-Abend «Käse & Wein»', start: '2027-11-20T18:30:00Z', priceRappen: 2500 });
    await subscribe(db, { eventId: fondue, memberId: marjanovic.id, amount: 2, status: 'CONFIRMED', at: '2027-10-01T08:15:00Z' });
    await subscribe(db, { eventId: fondue, memberId: mueller.id, amount: 3, status: 'WAITING', at: '2027-10-02T09:00:00Z' });
    await subscribe(db, { eventId: fondue, memberId: vogel.id, amount: 1, status: 'CONFIRMED', at: '2027-10-03T10:00:00Z' });

    const files = await Promise.all(reportTypes.map((type) => download(season.id, type)));
    const emptyFiles = await Promise.all(reportTypes.map((type) => download(empty.id, type)));
    // One start of LibreOffice for all twelve files.
    const started = Date.now();
    const read = await readWithLibreOffice([...files, ...emptyFiles]);
    conversionMs = Date.now() - started;
    for (const [i, type] of reportTypes.entries()) {
      const exceljs = new ExcelJS.Workbook();
      await exceljs.xlsx.load(files[i] as unknown as ArrayBuffer);
      books.set(type, { exceljs, shown: read[i]! });
      emptyBooks.set(type, read[reportTypes.length + i]!);
    }
  }, 240_000);

  afterAll(async () => {
    await server?.close();
  });

  const book = (type: ReportType) => books.get(type)!;
  /** The sheet's rows as LibreOffice shows them. */
  const rowsOf = (type: ReportType, sheet = 0) => book(type).shown[sheet]!.rows;
  /** The row whose cells include `text`. */
  const rowWith = (type: ReportType, text: string, sheet = 0) => {
    const row = rowsOf(type, sheet).find((r) => r.includes(text));
    expect(row, `${type}: a row with ${text}`).toBeDefined();
    return row!;
  };
  const cell = (row: string[], type: ReportType, header: string) => row[reportDefinitions[type].xlsx.findIndex((c) => c.header === header)];

  it('opens all twelve workbooks (in one start of LibreOffice)', () => {
    expect(books.size).toBe(reportTypes.length);
    expect(conversionMs).toBeGreaterThan(0);
  });

  describe.each(reportTypes)('%s', (type) => {
    it('has the sheets exceljs wrote, in the same order, each with the header and every row', () => {
      const { exceljs, shown: sheets } = book(type);
      const columns = reportDefinitions[type].xlsx;
      expect(sheets.map((s) => s.name)).toEqual(exceljs.worksheets.map((s) => s.name));
      for (const [n, sheet] of sheets.entries()) {
        const written = exceljs.worksheets[n]!;
        expect(sheet.rows[0], sheet.name).toEqual(columns.map((c) => c.header));
        expect(sheet.rows, sheet.name).toHaveLength(written.rowCount);
        for (const row of sheet.rows) expect(row, sheet.name).toHaveLength(columns.length);
      }
    });

    it('shows every cell as its number format says: money, dates, times and the recalculated totals as exceljs stored them', () => {
      const { exceljs, shown: sheets } = book(type);
      const columns = reportDefinitions[type].xlsx;
      for (const [n, sheet] of sheets.entries()) {
        const written = exceljs.worksheets[n]!;
        for (let r = 2; r <= written.rowCount; r++) {
          const expected = columns.map((c, i) => shown(written.getRow(r).getCell(i + 1), c.kind));
          expect(sheet.rows[r - 1], `${sheet.name}, row ${r}`).toEqual(expected);
        }
      }
    });

    it('an empty season: one sheet with the header and nothing else', () => {
      const sheets = emptyBooks.get(type)!;
      expect(sheets).toHaveLength(1);
      expect(sheets[0]!.rows).toEqual([reportDefinitions[type].xlsx.map((c) => c.header)]);
    });
  });

  it('members: names with umlauts and other scripts, dates as dd.mm.yyyy, a subtotal per category and the counts', () => {
    expect(book('members').shown.map((s) => s.name)).toEqual(['Mitglieder 2027-28']);
    const rows = rowsOf('members');
    // header, 3 members and their subtotal, 1 junior and its subtotal, the total
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => /^\d+$/.test(r[0]!) && r[1] !== '' && !r[1]!.startsWith('Total'))).toHaveLength(4);
    const marjanovic = rowWith('members', 'Marjanović');
    expect(cell(marjanovic, 'members', 'Ort')).toBe('Zürich');
    expect(cell(marjanovic, 'members', 'Geburtsdatum')).toBe('15.03.1990');
    expect(cell(marjanovic, 'members', 'Mitglied seit')).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(cell(marjanovic, 'members', 'Parkkarte')).toBe('Ja');
    expect(rowWith('members', 'Müller-Lüdenscheidt von Wartensee')).toContain('Hans-Peter');
    expect(rowWith('members', 'Ängstli')).toContain('Zoë');
    const total = rowWith('members', 'Total');
    expect([cell(total, 'members', 'Nr.'), cell(total, 'members', 'Parkkarte'), cell(total, 'members', 'Vorstand')]).toEqual([
      '4',
      '1',
      '1',
    ]);
    expect(rows.filter((r) => r[1]!.startsWith('Total Kategorie')).map((r) => [r[1], r[0]])).toEqual(
      expect.arrayContaining([
        ['Total Kategorie Junior (CHF\u00a025.00)', '1'],
        ['Total Kategorie Mitglied (CHF\u00a050.00)', '3'],
      ]),
    );
  });

  it('membership fees: money as CHF with two decimals, dates, the subtotals and the total recalculated', () => {
    expect(book('membershipfees').shown.map((s) => s.name)).toEqual(['Mitgliederbeiträge 2027-28']);
    const paid = rowWith('membershipfees', 'Marjanović');
    const at = (row: string[], header: string) => cell(row, 'membershipfees', header);
    expect([at(paid, 'Datum'), at(paid, 'Fällig'), at(paid, 'Betrag'), at(paid, 'Status'), at(paid, 'Bezahlt am')]).toEqual([
      '03.05.2027',
      '02.06.2027',
      'CHF 50.00',
      'Bezahlt',
      '20.05.2027',
    ]);
    const partly = rowWith('membershipfees', 'Vogel');
    expect([at(partly, 'Betrag'), at(partly, 'Bezahlt'), at(partly, 'Offen')]).toEqual(['CHF 50.50', 'CHF 20.00', 'CHF 30.50']);
    const total = rowWith('membershipfees', 'Total');
    expect([at(total, 'Rechnung'), at(total, 'Betrag'), at(total, 'Bezahlt'), at(total, 'Offen')]).toEqual([
      '4',
      'CHF 175.50',
      'CHF 70.00',
      'CHF 105.50',
    ]);
    expect(at(rowWith('membershipfees', 'Total Kategorie Junior (CHF\u00a025.00)'), 'Betrag')).toBe('CHF 25.00');
  });

  it("parking fees: thousands grouped as the Swiss locale shows them (CHF 1'234.50), the cancelled invoice left out", () => {
    const rows = rowsOf('parkingfees');
    expect(rows).toHaveLength(3);
    const row = rowWith('parkingfees', 'Marjanović');
    expect([cell(row, 'parkingfees', 'Betrag'), cell(row, 'parkingfees', 'Status')]).toEqual(["CHF 1'234.50", 'Offen']);
    expect(cell(rows[2]!, 'parkingfees', 'Nr.')).toBe('Total');
    expect(cell(rows[2]!, 'parkingfees', 'Offen')).toBe("CHF 1'234.50");
    // The PDF shows the same amount with the same apostrophe (the one money format of the contract).
    expect(`CHF ${formatCell(1234.5, 'money')}`).toBe("CHF 1'234.50");
  });

  it('ticket reservations: a sheet per game group with a valid name, times to the minute, subtotals per game', () => {
    expect(book('ticketreservations').shown.map((s) => s.name)).toEqual(['Auswärts -Car-', 'Heimspiele 2027-28']);
    const home = rowsOf('ticketreservations', 1);
    const at = (row: string[], header: string) => cell(row, 'ticketreservations', header);
    const first = rowWith('ticketreservations', 'Marjanović', 1);
    // 00:30 in Zurich, not 00:29: the time cell is exactly half an hour.
    expect([at(first, 'Datum'), at(first, 'Zeit'), at(first, 'Heim/Auswärts'), at(first, 'Zustelladresse')]).toEqual([
      '01.05.2027',
      '00:30',
      'Heim',
      'Hardturmstrasse 5, 8005 Zürich',
    ]);
    expect([at(first, 'Plätze'), at(first, 'Preis'), at(first, 'Betrag')]).toEqual(['2', 'CHF 35.50', 'CHF 71.00']);
    expect(at(rowWith('ticketreservations', 'Vogel', 1), 'Zeit')).toBe('19:45');
    const subtotal = home.find((r) => r[0]!.startsWith('Total 01.05.2027 00:30 SCB'))!;
    expect([at(subtotal, 'Plätze'), at(subtotal, 'Betrag')]).toEqual(['3', 'CHF 106.50']);
    const total = home.at(-1)!;
    expect([total[0], at(total, 'Plätze'), at(total, 'Betrag')]).toEqual(['Total', '43', "CHF 1'306.50"]);
    // header, 2 + 1 reservations with a subtotal each, the total
    expect(home).toHaveLength(7);
    expect(rowsOf('ticketreservations', 0).map((r) => at(r, 'Heim/Auswärts'))).toEqual(['Heim/Auswärts', 'Auswärts', '', '']);
  });

  it('event subscriptions: date and time of the event and of the sign-up, places and waiting list summed', () => {
    const rows = rowsOf('eventsubscriptions');
    const at = (row: string[], header: string) => cell(row, 'eventsubscriptions', header);
    const first = rowWith('eventsubscriptions', 'Marjanović');
    expect([at(first, 'Veranstaltung'), at(first, 'Datum'), at(first, 'Angemeldet am'), at(first, 'Status'), at(first, 'Betrag')]).toEqual([
      'Fondue-Abend «Käse & Wein»',
      '20.11.2027 19:30',
      '01.10.2027 10:15',
      'Bestätigt',
      'CHF 50.00',
    ]);
    const waiting = rowWith('eventsubscriptions', 'Müller-Lüdenscheidt von Wartensee');
    expect([at(waiting, 'Plätze'), at(waiting, 'Warteliste'), at(waiting, 'Betrag')]).toEqual(['', '3', 'CHF 0.00']);
    const total = rows.at(-1)!;
    expect([total[0], at(total, 'Plätze'), at(total, 'Warteliste'), at(total, 'Betrag')]).toEqual(['Total', '3', '3', 'CHF 75.00']);
    expect(rows).toHaveLength(6);
  });

  it('ticket and event billing: billed, paid and open per member and in total', () => {
    const rows = rowsOf('ticketfees');
    const at = (row: string[], header: string) => cell(row, 'ticketfees', header);
    const vogel = rowWith('ticketfees', 'Vogel');
    expect([at(vogel, 'Verrechnet'), at(vogel, 'Bezahlt'), at(vogel, 'Offen')]).toEqual(["CHF 1'571.00", "CHF 1'500.00", 'CHF 71.00']);
    const total = rows.at(-1)!;
    expect([at(total, 'Nr.'), at(total, 'Verrechnet'), at(total, 'Bezahlt'), at(total, 'Offen')]).toEqual([
      '2',
      "CHF 1'616.50",
      "CHF 1'500.00",
      'CHF 116.50',
    ]);
  });

  it('recalculates formulas itself instead of showing the results stored in the file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Probe');
    sheet.addRow([2]);
    sheet.addRow([3]);
    sheet.addRow([{ formula: 'SUBTOTAL(9,A1:A2)', result: 99 }]);
    const [probe] = await readXlsxWithLibreOffice(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(probe!.rows).toEqual([['2'], ['3'], ['5']]);
  });
});
