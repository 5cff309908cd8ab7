import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportTypes } from '@club/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/factories.ts';
import { loginAs } from '../../test/login.ts';
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

let server: TestServer;
let boardCookie: string;
let memberCookie: string;
let season: { id: number; name: string };
let emptySeason: { id: number; name: string };
const tmp = mkdtempSync(path.join(tmpdir(), 'reports-test-'));

interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function download(pathname: string, cookie?: string): Promise<Download> {
  const get = () => fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {} });
  // A kept-alive connection that the server closed after a long pause (seeding) resets once: the GET is repeated.
  const res = await get().catch(get);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
const reportUrl = (seasonId: number, type: string, format: string) => `/api/v1/admin/seasons/${seasonId}/${type}/.${format}`;

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

function pdfText(body: Buffer, pages?: [number, number]): string {
  const file = path.join(tmp, `r${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, body);
  const range = pages ? ['-f', String(pages[0]), '-l', String(pages[1])] : [];
  return execFileSync('pdftotext', ['-layout', ...range, file, '-'], { encoding: 'utf8' });
}

/** The values of a row as plain data (formulas as `{ formula, result }`). */
function rowValues(sheet: ExcelJS.Worksheet, n: number): unknown[] {
  const values = sheet.getRow(n).values as unknown[];
  return values.slice(1);
}

const utc = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));

let marjanovic: { id: number };
let mueller: { id: number };
let board: { id: number };

beforeAll(async () => {
  server = await startTestServer({ env: { CLUB_NAME: 'ZSC Fanclub Limmat' } });
  const db = server.database.prisma;
  season = await createSeason(db, 2027);
  emptySeason = await createSeason(db, 2028);
  const other = await createSeason(db, 2026);

  marjanovic = await seasonMember(db, season.id, { firstName: 'Dragana', lastName: 'Marjanović', parkingPermit: true });
  mueller = await seasonMember(db, season.id, {
    firstName: 'Hans-Peter Maximilian',
    lastName: 'Müller-Lüdenscheidt von Wartensee',
    parkingPermit: false,
  });
  board = await seasonMember(db, season.id, { firstName: 'Viktor', lastName: 'Vogel', board: true });
  const outsider = await seasonMember(db, other.id, { firstName: 'Otto', lastName: 'Anderswo' });

  const boardLogin = await createMember(db, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  boardCookie = (await loginAs(server.url, boardLogin.username, boardLogin.password)).cookie;
  const plain = await createMember(db);
  memberCookie = (await loginAs(server.url, plain.username, plain.password)).cookie;

  // Fee invoices: one paid, one open, one partly paid, one cancelled (left out), one of another season.
  await createFeeInvoice(db, {
    memberId: marjanovic.id,
    seasonId: season.id,
    kind: 'MEMBERSHIP_FEE',
    totalRappen: 5000,
    invoiceDate: '2027-05-03',
    status: 'PAID',
    paidAt: '2027-05-20',
    paidRappen: 5000,
  });
  await createFeeInvoice(db, {
    memberId: mueller.id,
    seasonId: season.id,
    kind: 'MEMBERSHIP_FEE',
    totalRappen: 5000,
    invoiceDate: '2027-05-03',
  });
  await createFeeInvoice(db, {
    memberId: board.id,
    seasonId: season.id,
    kind: 'MEMBERSHIP_FEE',
    totalRappen: 5050,
    invoiceDate: '2027-05-03',
    paidRappen: 2000,
  });
  await createFeeInvoice(db, {
    memberId: board.id,
    seasonId: season.id,
    kind: 'PARKING_FEE',
    totalRappen: 9900,
    invoiceDate: '2027-05-04',
    status: 'CANCELLED',
  });
  await createFeeInvoice(db, {
    memberId: marjanovic.id,
    seasonId: season.id,
    kind: 'PARKING_FEE',
    totalRappen: 12000,
    invoiceDate: '2027-05-04',
  });
  await createFeeInvoice(db, {
    memberId: outsider.id,
    seasonId: other.id,
    kind: 'MEMBERSHIP_FEE',
    totalRappen: 4000,
    invoiceDate: '2026-05-03',
  });

  // Games: 1 May 2027 00:30 in Zurich (still 30 April in UTC) belongs to 2027/28; 30 April 23:30 does not.
  const home = await createGroup(db, 'Heimspiele 2027/28', 3550);
  const away = await createGroup(db, 'Auswärts [Car]', 2000);
  const first = await createGame(db, home.id, '2027-04-30T22:30:00Z', 'SCB');
  const second = await createGame(db, home.id, '2027-10-12T17:45:00Z', 'HCD');
  const before = await createGame(db, home.id, '2027-04-30T21:30:00Z', 'EVZ');
  const trip = await createGame(db, away.id, '2028-01-20T18:00:00Z', 'HCL', false);
  await createReservation(db, { gameId: first, memberId: marjanovic.id, optionId: home.optionId, amount: 2, priceRappen: 3550 });
  await createReservation(db, { gameId: first, memberId: mueller.id, optionId: home.optionId, amount: 1, priceRappen: 3550 });
  await createReservation(db, { gameId: second, memberId: board.id, optionId: home.optionId, amount: 4, priceRappen: 3000 });
  await createReservation(db, { gameId: before, memberId: board.id, optionId: home.optionId, amount: 3, priceRappen: 3550 });
  await createReservation(db, { gameId: trip, memberId: mueller.id, optionId: away.optionId, amount: 1, priceRappen: 2000 });

  // Events: one in the season with confirmed and waiting places, one before it.
  const fondue = await createEvent(db, { title: 'Fondue-Abend', start: '2027-11-20T18:30:00Z', priceRappen: 2500 });
  const old = await createEvent(db, { title: 'Saisonabschluss', start: '2027-04-10T18:00:00Z', priceRappen: 1000 });
  await subscribe(db, { eventId: fondue, memberId: marjanovic.id, amount: 2, status: 'CONFIRMED', at: '2027-10-01T08:15:00Z' });
  await subscribe(db, { eventId: fondue, memberId: mueller.id, amount: 3, status: 'WAITING', at: '2027-10-02T09:00:00Z' });
  await subscribe(db, { eventId: fondue, memberId: board.id, amount: 1, status: 'CONFIRMED', at: '2027-10-03T10:00:00Z' });
  await subscribe(db, { eventId: old, memberId: board.id, amount: 1, status: 'CONFIRMED', at: '2027-04-01T10:00:00Z' });
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe('who may download reports', () => {
  for (const type of reportTypes) {
    for (const format of ['xlsx', 'pdf']) {
      it(`${type}.${format}: visitor 401, member 403, board 200`, async () => {
        const url = reportUrl(season.id, type, format);
        const visitor = await download(url);
        expect(visitor.status).toBe(401);
        expect(JSON.parse(visitor.body.toString()).error.code).toBe('NOT_LOGGED_IN');
        const member = await download(url, memberCookie);
        expect(member.status).toBe(403);
        expect(JSON.parse(member.body.toString()).error.code).toBe('FORBIDDEN');
        const ok = await download(url, boardCookie);
        expect(ok.status).toBe(200);
      });
    }
  }

  it('when the type, the format or the season is unknown, then 404 as JSON; a malformed id is 400', async () => {
    for (const url of [
      reportUrl(season.id, 'salaries', 'xlsx'),
      reportUrl(season.id, 'members', 'csv'),
      reportUrl(999999, 'members', 'xlsx'),
      reportUrl(999999, 'members', 'pdf'),
    ]) {
      const res = await download(url, boardCookie);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(JSON.parse(res.body.toString()).error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/gibt es nicht/) });
    }
    const bad = await download(reportUrl(0, 'members', 'xlsx').replace('/0/', '/abc/'), boardCookie);
    expect(bad.status).toBe(400);
  });
});

describe('file names', () => {
  it('are German with the season, as RFC 5987 filename* with an ASCII fallback (umlauts as "?")', async () => {
    const members = await download(reportUrl(season.id, 'members', 'xlsx'), boardCookie);
    expect(members.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(members.headers.get('content-disposition')).toBe(
      // plain ASCII: a token, no filename* needed
      'attachment; filename=Mitglieder-2027-28.xlsx',
    );
    const parking = await download(reportUrl(season.id, 'parkingfees', 'pdf'), boardCookie);
    expect(parking.headers.get('content-type')).toBe('application/pdf');
    expect(parking.headers.get('content-disposition')).toBe('attachment; filename=Parkkarten-2027-28.pdf');
    const fees = await download(reportUrl(season.id, 'membershipfees', 'pdf'), boardCookie);
    expect(fees.headers.get('content-type')).toBe('application/pdf');
    expect(fees.headers.get('content-disposition')).toBe(
      `attachment; filename="Mitgliederbeitr?ge-2027-28.pdf"; filename*=UTF-8''Mitgliederbeitr%C3%A4ge-2027-28.pdf`,
    );
  });
});

describe('members', () => {
  it('the workbook has a frozen bold header with autofilter, real dates, and a totals row of formulas', async () => {
    const res = await download(reportUrl(season.id, 'members', 'xlsx'), boardCookie);
    const workbook = await workbookOf(res.body);
    expect(workbook.creator).toBe('ZSC Fanclub Limmat');
    expect(workbook.title).toBe('Mitgliederliste Saison 2027/28');
    expect(workbook.created).toBeInstanceOf(Date);
    const sheet = workbook.worksheets[0]!;
    expect(workbook.worksheets).toHaveLength(1);
    expect(sheet.name).toBe('Mitglieder 2027-28');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:Q1');
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' });
    expect(rowValues(sheet, 1)).toEqual([
      'Nr.',
      'Name',
      'Vorname',
      'Strasse',
      'Nr. Haus',
      'Adresszusatz',
      'PLZ',
      'Ort',
      'Land',
      'E-Mail',
      'Festnetz',
      'Mobile',
      'Geburtsdatum',
      'Mitglied seit',
      'Kategorie',
      'Parkkarte',
      'Vorstand',
    ]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getColumn(10).width).toBeGreaterThanOrEqual(20);
    // By name: Marjanović, Müller-Lüdenscheidt, Vogel; the other season's member is not listed.
    expect([2, 3, 4].map((n) => sheet.getCell(`B${n}`).value)).toEqual(['Marjanović', 'Müller-Lüdenscheidt von Wartensee', 'Vogel']);
    const row = sheet.getRow(2);
    expect(typeof row.getCell(1).value).toBe('number');
    expect(row.getCell(8).value).toBe('Zürich');
    expect(row.getCell(12).value).toBe('+41 79 123 45 67');
    expect(row.getCell(13).value).toEqual(utc(1990, 3, 15));
    expect(row.getCell(13).numFmt).toBe('dd.mm.yyyy');
    expect(row.getCell(14).value).toEqual(utc(2027, 5, 1));
    expect(row.getCell(15).value).toBe('Mitglied');
    expect(row.getCell(16).value).toBe('Ja');
    expect(sheet.getCell('Q4').value).toBe('Ja');
    expect(sheet.getCell('A5').value).toEqual({ formula: 'SUBTOTAL(3,A2:A4)', result: 3 });
    expect(sheet.getCell('B5').value).toBe('Total');
    expect(sheet.getCell('P5').value).toEqual({ formula: 'SUBTOTAL(3,P2:P4)', result: 1 });
    expect(sheet.getCell('Q5').value).toEqual({ formula: 'SUBTOTAL(3,Q2:Q4)', result: 1 });
    expect(sheet.rowCount).toBe(5);
  });

  it('the PDF lists every member with names in any script, the header, the date made and "Seite x von y"', async () => {
    const res = await download(reportUrl(season.id, 'members', 'pdf'), boardCookie);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.body);
    expect(text).toContain('ZSC Fanclub Limmat');
    expect(text).toContain('Mitgliederliste – Saison 2027/28');
    expect(text).toMatch(/Erstellt am \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    expect(text).toContain('Marjanović');
    expect(text).toContain('Geburtsdatum');
    expect(text).toContain('15.03.1990');
    expect(text).toContain('Seite 1 von 1');
    expect(text).not.toContain('Anderswo');
    // The long name wraps within its column instead of running into the next.
    expect(text).toMatch(/Müller-\s*Lüdenscheidt|Müller-Lüdenscheidt\s/);
    // Set in the reports' own copy of Liberation Sans (lib/fonts.ts), both styles embedded.
    const file = path.join(tmp, 'members-fonts.pdf');
    writeFileSync(file, res.body);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts).toHaveLength(2);
    for (const line of fonts) expect(line).toMatch(/^[A-Z]{6}\+ClubReportSans(-Bold)?\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('a long list repeats the table header on every page and counts the pages', async () => {
    const db = server.database.prisma;
    const big = await createSeason(db, 2030);
    for (let i = 0; i < 70; i++)
      await seasonMember(db, big.id, { firstName: `Person${i}`, lastName: `Zeller${String(i).padStart(2, '0')}` });
    const res = await download(reportUrl(big.id, 'members', 'pdf'), boardCookie);
    const all = pdfText(res.body);
    const pages = Number(/Seite 1 von (\d+)/.exec(all)?.[1]);
    expect(pages).toBeGreaterThan(1);
    const second = pdfText(res.body, [2, 2]);
    expect(second).toContain('Geburtsdatum');
    expect(second).toContain('Mitgliederliste – Saison 2030/31');
    expect(second).toContain(`Seite 2 von ${pages}`);
    expect(pdfText(res.body, [pages, pages])).toMatch(/70 Total/);
  }, 60_000);

  it('rows whose names wrap over several lines fill exactly the pages the footer counts', async () => {
    const db = server.database.prisma;
    const wrapped = await createSeason(db, 2031);
    // Names longer than their column: a long word is cut inside it, words wrap at spaces and hyphens.
    for (let i = 0; i < 45; i++)
      await seasonMember(db, wrapped.id, {
        firstName: `Anna-Maria Luisa Ottilie ${i}`,
        lastName: `Zwahlen${String(i).padStart(2, '0')}-Oberholzer-Wartensee Kesselringhausenmattenbach`,
      });
    const res = await download(reportUrl(wrapped.id, 'members', 'pdf'), boardCookie);
    const file = path.join(tmp, 'wrapped.pdf');
    writeFileSync(file, res.body);
    const filePages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    expect(filePages).toBeGreaterThan(1);
    for (let page = 1; page <= filePages; page++) {
      const text = pdfText(res.body, [page, page]);
      expect(text).toContain(`Seite ${page} von ${filePages}`);
      expect(text).toContain('Geburtsdatum');
    }
    const all = pdfText(res.body);
    expect(all).toMatch(/Zwahlen44-\s*Oberholzer-/);
    expect(pdfText(res.body, [filePages, filePages])).toMatch(/45 Total/);
  }, 60_000);
});

describe('membership categories in the reports', () => {
  it('members and membership fees: one block per category with its subtotal, the category in a column, the grand total over all', async () => {
    const db = server.database.prisma;
    const split = await createSeason(db, 2033);
    const junior = await db.membershipCategory.create({ data: { seasonId: split.id, name: 'Junior', feeRappen: 2500, maxAge: 17 } });
    await db.membershipCategory.create({ data: { seasonId: split.id, name: 'Ehrenmitglied', feeRappen: 0 } });
    const adult = await seasonMember(db, split.id, { firstName: 'Anna', lastName: 'Aebi' });
    const kid = await seasonMember(db, split.id, { firstName: 'Kai', lastName: 'Keller' });
    await db.membership.updateMany({ where: { memberId: kid.id, seasonId: split.id }, data: { categoryId: junior.id } });
    await createFeeInvoice(db, {
      memberId: adult.id,
      seasonId: split.id,
      kind: 'MEMBERSHIP_FEE',
      totalRappen: 5000,
      invoiceDate: '2033-05-03',
    });
    await createFeeInvoice(db, {
      memberId: kid.id,
      seasonId: split.id,
      kind: 'MEMBERSHIP_FEE',
      totalRappen: 2500,
      invoiceDate: '2033-05-03',
    });

    const members = (await workbookOf((await download(reportUrl(split.id, 'members', 'xlsx'), boardCookie)).body)).worksheets[0]!;
    // Aebi (default category), its subtotal, Keller (Junior), its subtotal, the total; the empty honorary category is left out.
    expect(
      [2, 3, 4, 5, 6].map((n) => [members.getCell(`A${n}`).value, members.getCell(`B${n}`).value, members.getCell(`O${n}`).value]),
    ).toEqual([
      [expect.any(Number), 'Aebi', 'Mitglied'],
      [{ formula: 'SUBTOTAL(3,A2:A2)', result: 1 }, 'Total Kategorie Mitglied (CHF\u00a050.00)', null],
      [expect.any(Number), 'Keller', 'Junior'],
      [{ formula: 'SUBTOTAL(3,A4:A4)', result: 1 }, 'Total Kategorie Junior (CHF\u00a025.00)', null],
      [{ formula: 'SUBTOTAL(3,A2:A5)', result: 2 }, 'Total', null],
    ]);

    const fees = (await workbookOf((await download(reportUrl(split.id, 'membershipfees', 'xlsx'), boardCookie)).body)).worksheets[0]!;
    // The fee list has no count in its first column: the totals' label stands there.
    const feeRow = (n: number) => [
      fees.getCell(`A${n}`).value,
      fees.getCell(`B${n}`).value,
      fees.getCell(`D${n}`).value,
      fees.getCell(`H${n}`).value,
    ];
    expect([2, 3, 4, 5, 6].map(feeRow)).toEqual([
      [expect.any(Number), 'Aebi', 'Mitglied', 50],
      ['Total Kategorie Mitglied (CHF\u00a050.00)', null, null, { formula: 'SUBTOTAL(9,H2:H2)', result: 50 }],
      [expect.any(Number), 'Keller', 'Junior', 25],
      ['Total Kategorie Junior (CHF\u00a025.00)', null, null, { formula: 'SUBTOTAL(9,H4:H4)', result: 25 }],
      ['Total', null, null, { formula: 'SUBTOTAL(9,H2:H5)', result: 75 }],
    ]);

    const pdf = pdfText((await download(reportUrl(split.id, 'membershipfees', 'pdf'), boardCookie)).body);
    expect(pdf).toContain('Kategorie Junior (CHF 25.00)');
    expect(pdf).toMatch(/Total Kategorie Junior/);
  });
});

describe('fee invoices', () => {
  it('membership fees: money as numbers in CHF, cancelled left out, sums as formulas with their values', async () => {
    const res = await download(reportUrl(season.id, 'membershipfees', 'xlsx'), boardCookie);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''Mitgliederbeitr%C3%A4ge-2027-28.xlsx`);
    const sheet = (await workbookOf(res.body)).worksheets[0]!;
    expect(rowValues(sheet, 1)).toEqual([
      'Nr.',
      'Name',
      'Vorname',
      'Kategorie',
      'Rechnung',
      'Datum',
      'Fällig',
      'Betrag',
      'Status',
      'Bezahlt am',
      'Bezahlt',
      'Offen',
    ]);
    expect(sheet.rowCount).toBe(5);
    const paid = sheet.getRow(2);
    expect(paid.getCell(2).value).toBe('Marjanović');
    expect(paid.getCell(4).value).toBe('Mitglied');
    expect(paid.getCell(6).value).toEqual(utc(2027, 5, 3));
    expect(paid.getCell(7).value).toEqual(utc(2027, 6, 2));
    expect(paid.getCell(8).value).toBe(50);
    expect(paid.getCell(8).numFmt).toBe('"CHF" #,##0.00');
    expect(paid.getCell(9).value).toBe('Bezahlt');
    expect(paid.getCell(10).value).toEqual(utc(2027, 5, 20));
    expect(paid.getCell(12).value).toBe(0);
    const partly = sheet.getRow(4);
    expect(partly.getCell(2).value).toBe('Vogel');
    expect([partly.getCell(8).value, partly.getCell(11).value, partly.getCell(12).value]).toEqual([50.5, 20, 30.5]);
    expect(sheet.getCell('H5').value).toEqual({ formula: 'SUBTOTAL(9,H2:H4)', result: 150.5 });
    expect(sheet.getCell('K5').value).toEqual({ formula: 'SUBTOTAL(9,K2:K4)', result: 70 });
    expect(sheet.getCell('L5').value).toEqual({ formula: 'SUBTOTAL(9,L2:L4)', result: 80.5 });
    expect(sheet.getCell('E5').value).toEqual({ formula: 'SUBTOTAL(3,E2:E4)', result: 3 });
  });

  it('parking fees as PDF: rows and totals', async () => {
    const res = await download(reportUrl(season.id, 'parkingfees', 'pdf'), boardCookie);
    const text = pdfText(res.body);
    expect(text).toContain('Parkkarten – Saison 2027/28');
    expect(text).toMatch(/Marjanović.*04\.05\.2027.*03\.06\.2027.*120\.00.*Offen/);
    expect(text).not.toContain('99.00');
    expect(text).toMatch(/Total.*120\.00/);
  });
});

describe('ticket reservations', () => {
  it('one sheet per game group, games of the season only, a subtotal per game and a total', async () => {
    const res = await download(reportUrl(season.id, 'ticketreservations', 'xlsx'), boardCookie);
    const workbook = await workbookOf(res.body);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Auswärts -Car-', 'Heimspiele 2027-28']);
    const sheet = workbook.getWorksheet('Heimspiele 2027-28')!;
    expect(rowValues(sheet, 1)).toEqual([
      'Datum',
      'Zeit',
      'Gegner',
      'Heim/Auswärts',
      'Spielort',
      'Nr.',
      'Name',
      'Vorname',
      'Plätze',
      'Zustellung',
      'Zustelladresse',
      'Preis',
      'Gebühr',
      'Betrag',
    ]);
    // 1 May 00:30 in Zurich: a date cell and a time cell.
    expect(sheet.getCell('A2').value).toEqual(utc(2027, 5, 1));
    expect(sheet.getCell('A2').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('B2').value).toEqual(new Date(Date.UTC(1899, 11, 30, 0, 30)));
    expect(sheet.getCell('B2').numFmt).toBe('hh:mm');
    expect(sheet.getCell('C2').value).toBe('SCB');
    expect(sheet.getCell('D2').value).toBe('Heim');
    expect(sheet.getCell('G2').value).toBe('Marjanović');
    expect(sheet.getCell('K2').value).toBe('Hardturmstrasse 5, 8005 Zürich');
    expect(sheet.getCell('L2').value).toBe(35.5);
    expect(sheet.getCell('N2').value).toBe(71);
    // Subtotal of the first game, then the second game, then the total (the EVZ game of 30 April is not in it).
    expect(sheet.getCell('A4').value).toMatch(/^Total 01\.05\.2027 00:30 SCB/);
    expect(sheet.getCell('I4').value).toEqual({ formula: 'SUBTOTAL(9,I2:I3)', result: 3 });
    expect(sheet.getCell('N4').value).toEqual({ formula: 'SUBTOTAL(9,N2:N3)', result: 106.5 });
    expect(sheet.getCell('B5').value).toEqual(new Date(Date.UTC(1899, 11, 30, 19, 45)));
    expect(sheet.getCell('N6').value).toEqual({ formula: 'SUBTOTAL(9,N5:N5)', result: 120 });
    expect(sheet.getCell('A7').value).toBe('Total');
    expect(sheet.getCell('N7').value).toEqual({ formula: 'SUBTOTAL(9,N2:N6)', result: 226.5 });
    expect(sheet.getCell('I7').value).toEqual({ formula: 'SUBTOTAL(9,I2:I6)', result: 7 });
    expect(sheet.rowCount).toBe(7);
    expect(workbook.getWorksheet('Auswärts -Car-')!.getCell('D2').value).toBe('Auswärts');
  });

  it('the PDF groups by game group and game, with subtotals and a grand total', async () => {
    const text = pdfText((await download(reportUrl(season.id, 'ticketreservations', 'pdf'), boardCookie)).body);
    expect(text).toContain('Spielegruppe Heimspiele 2027/28');
    expect(text).toContain('01.05.2027 00:30 SCB (Heim, Swiss Life Arena)');
    expect(text).toContain('12.10.2027 19:45 HCD');
    expect(text).not.toContain('EVZ');
    expect(text).toMatch(/Total 01\.05\.2027 00:30 SCB[\s\S]*106\.50/);
    expect(text).toMatch(/Gesamttotal\s+8\s+246\.50/);
  });
});

describe('event subscriptions', () => {
  it('events of the season with status, sign-up time and the amount due for confirmed places', async () => {
    const res = await download(reportUrl(season.id, 'eventsubscriptions', 'xlsx'), boardCookie);
    const sheet = (await workbookOf(res.body)).worksheets[0]!;
    expect(rowValues(sheet, 1)).toEqual([
      'Veranstaltung',
      'Datum',
      'Nr.',
      'Name',
      'Vorname',
      'Plätze',
      'Warteliste',
      'Status',
      'Angemeldet am',
      'Preis',
      'Betrag',
    ]);
    // Confirmed first, in sign-up order, then the waiting list.
    expect([2, 3, 4].map((n) => sheet.getCell(`D${n}`).value)).toEqual(['Marjanović', 'Vogel', 'Müller-Lüdenscheidt von Wartensee']);
    expect(sheet.getCell('A2').value).toBe('Fondue-Abend');
    expect(sheet.getCell('B2').value).toEqual(utc(2027, 11, 20, 19, 30));
    expect(sheet.getCell('B2').numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(sheet.getCell('H2').value).toBe('Bestätigt');
    expect(sheet.getCell('I2').value).toEqual(utc(2027, 10, 1, 10, 15));
    expect(sheet.getCell('K2').value).toBe(50);
    expect(sheet.getCell('H4').value).toBe('Warteliste');
    expect(sheet.getCell('G4').value).toBe(3);
    expect(sheet.getCell('K4').value).toBe(0);
    expect(sheet.getCell('K5').value).toEqual({ formula: 'SUBTOTAL(9,K2:K4)', result: 75 });
    expect(sheet.getCell('F5').value).toEqual({ formula: 'SUBTOTAL(9,F2:F4)', result: 3 });
    expect(sheet.getCell('G5').value).toEqual({ formula: 'SUBTOTAL(9,G2:G4)', result: 3 });
    expect(sheet.getCell('K6').value).toEqual({ formula: 'SUBTOTAL(9,K2:K5)', result: 75 });
    expect(sheet.rowCount).toBe(6);
  });

  it('the PDF shows each event with its subscribers and totals', async () => {
    const text = pdfText((await download(reportUrl(season.id, 'eventsubscriptions', 'pdf'), boardCookie)).body);
    expect(text).toContain('Fondue-Abend – 20.11.2027 19:30');
    expect(text).toMatch(/Marjanović.*Bestätigt.*01\.10\.2027 10:15.*25\.00.*50\.00/);
    expect(text).not.toContain('Saisonabschluss');
    expect(text).toMatch(/Total Fondue-Abend[\s\S]*75\.00/);
  });
});

describe('downloads at the same time', () => {
  it('five identical downloads at once each get the whole, valid file', async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => download(reportUrl(season.id, 'members', 'xlsx'), boardCookie)));
    for (const res of all) {
      expect(res.status).toBe(200);
      const sheet = (await workbookOf(res.body)).worksheets[0]!;
      expect(sheet.getCell('A5').value).toEqual({ formula: 'SUBTOTAL(3,A2:A4)', result: 3 });
    }
    const pdfs = await Promise.all(Array.from({ length: 3 }, () => download(reportUrl(season.id, 'members', 'pdf'), boardCookie)));
    for (const res of pdfs) expect(pdfText(res.body)).toContain('Seite 1 von 1');
  });
});

describe('an empty season', () => {
  for (const type of reportTypes) {
    it(`${type}: a valid workbook with the header row and no rows, and a PDF saying so`, async () => {
      const xlsx = await download(reportUrl(emptySeason.id, type, 'xlsx'), boardCookie);
      expect(xlsx.status).toBe(200);
      const workbook = await workbookOf(xlsx.body);
      expect(workbook.worksheets).toHaveLength(1);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(1);
      expect(sheet.getCell('A1').font?.bold).toBe(true);
      const pdf = await download(reportUrl(emptySeason.id, type, 'pdf'), boardCookie);
      const text = pdfText(pdf.body);
      expect(text).toContain('Saison 2028/29');
      expect(text).toContain('Keine Einträge.');
      expect(text).toContain('Seite 1 von 1');
    });
  }
});

describe('payments', () => {
  it('every payment booked on the season’s invoices by date: from a bank file or by hand with method and note; with its sum', async () => {
    const db = server.database.prisma;
    const [first, second] = await db.invoice.findMany({
      where: { seasonId: season.id, status: { not: 'CANCELLED' } },
      orderBy: { id: 'asc' },
      take: 2,
    });
    const elsewhere = await db.invoice.findFirstOrThrow({ where: { seasonId: { not: season.id } } });
    const payment = (data: {
      invoiceId: number | null;
      source: 'BANK_FILE' | 'MANUAL';
      outcome: 'MATCHED' | 'AMOUNT_DIFFERS' | 'ALREADY_PAID' | 'UNKNOWN_REFERENCE';
      amountRappen: number;
      bookingDate: string;
      method?: 'BANK' | 'CASH' | 'TWINT' | 'CARD';
      note?: string;
    }) => db.payment.create({ data: { ...data, bookingDate: new Date(`${data.bookingDate}T00:00:00Z`) } });
    await payment({ invoiceId: first!.id, source: 'BANK_FILE', outcome: 'MATCHED', amountRappen: 5000, bookingDate: '2027-06-01' });
    await payment({
      invoiceId: second!.id,
      source: 'MANUAL',
      outcome: 'AMOUNT_DIFFERS',
      amountRappen: 2000,
      bookingDate: '2027-06-03',
      method: 'CASH',
      note: 'Bar an der GV',
    });
    await payment({
      invoiceId: second!.id,
      source: 'MANUAL',
      outcome: 'MATCHED',
      amountRappen: 1550,
      bookingDate: '2027-05-20',
      method: 'TWINT',
    });
    // not payments of the season's invoices: a line listed without invoice, one for a paid invoice, another season's
    await payment({ invoiceId: null, source: 'BANK_FILE', outcome: 'UNKNOWN_REFERENCE', amountRappen: 999, bookingDate: '2027-06-02' });
    await payment({ invoiceId: first!.id, source: 'BANK_FILE', outcome: 'ALREADY_PAID', amountRappen: 998, bookingDate: '2027-06-02' });
    await payment({
      invoiceId: elsewhere.id,
      source: 'MANUAL',
      outcome: 'MATCHED',
      amountRappen: 997,
      bookingDate: '2027-06-02',
      method: 'CARD',
    });

    const res = await download(reportUrl(season.id, 'payments', 'xlsx'), boardCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename=Zahlungen-2027-28.xlsx');
    const sheet = (await workbookOf(res.body)).worksheets[0]!;
    expect(rowValues(sheet, 1)).toEqual(['Datum', 'Rechnung', 'Nr.', 'Name', 'Vorname', 'Zahlungsart', 'Betrag', 'Bemerkung']);
    expect(sheet.rowCount).toBe(5);
    const row = (n: number) => [sheet.getCell(n, 2).value, sheet.getCell(n, 6).value, sheet.getCell(n, 7).value, sheet.getCell(n, 8).value];
    expect([row(2), row(3), row(4)]).toEqual([
      [second!.number, 'Von Hand: TWINT', 15.5, null],
      [first!.number, 'Bankdatei', 50, null],
      [second!.number, 'Von Hand: Bar', 20, 'Bar an der GV'],
    ]);
    expect(sheet.getCell('G5').value).toEqual({ formula: 'SUBTOTAL(9,G2:G4)', result: 85.5 });

    const pdf = pdfText((await download(reportUrl(season.id, 'payments', 'pdf'), boardCookie)).body);
    expect(pdf).toContain('Zahlungen – Saison 2027/28');
    expect(pdf).toMatch(/20\.05\.2027.*Von Hand: TWINT.*15\.50/);
    expect(pdf).toMatch(/03\.06\.2027.*Von Hand: Bar.*20\.00.*Bar an der GV/);
    expect(pdf).toMatch(/Total.*85\.50/);
    expect(pdf).not.toContain('9.99');
  });
});
