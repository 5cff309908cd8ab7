import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportTypes } from '@club/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/factories.ts';
import { libreOfficeMissing, printWithLibreOffice } from '../../test/libreoffice.ts';
import { loginAs } from '../../test/login.ts';
import { createEvent, createFeeInvoice, createSeason, seasonMember, subscribe } from './reports.test-data.ts';

/**
 * Every Excel list the board downloads prints: A4 landscape, one page wide, the header row on
 * each page, columns as wide as their content, phone numbers as +41 79 123 45 67. The page
 * setup is read back with exceljs, and each list is printed by LibreOffice to a PDF whose pages
 * are checked with pdfinfo and pdftotext (`PRINTS_DIR=…` keeps the PDFs to look at).
 */

const missing = libreOfficeMissing();
const tmp = mkdtempSync(path.join(tmpdir(), 'club-prints-'));

let server: TestServer;
let cookie: string;
/** Name → the downloaded workbook. */
const files = new Map<string, Buffer>();
const PHONE = /^\+\d{2} \d{2} \d{3} \d{2} \d{2}$/;

beforeAll(async () => {
  server = await startTestServer({ env: { CLUB_NAME: 'ZSC Fanclub Limmat' } });
  const db = server.database.prisma;
  const season = await createSeason(db, 2027);
  // Enough members for several printed pages of the member list.
  const members = [];
  for (let i = 0; i < 90; i++) {
    members.push(await seasonMember(db, season.id, { firstName: `Vorname${i}`, lastName: `Nachname ${String(i).padStart(3, '0')}` }));
  }
  const [first, second] = members as [(typeof members)[0], (typeof members)[0]];
  // Phones as members type them: the lists show one form.
  await db.phone.updateMany({ where: { memberId: first.id, type: 'MOBILE' }, data: { number: '079 987 65 43' } });
  await db.phone.create({ data: { memberId: first.id, type: 'LANDLINE', number: '0041441234567' } });
  await db.address.updateMany({ where: { memberId: second.id }, data: { street: 'Hohlstrasse beim Bahnhof Altstetten Nord' } });
  await createFeeInvoice(db, {
    memberId: first.id,
    seasonId: season.id,
    kind: 'MEMBERSHIP_FEE',
    totalRappen: 5000,
    invoiceDate: '2027-05-03',
  });
  await createFeeInvoice(db, {
    memberId: second.id,
    seasonId: season.id,
    kind: 'PARKING_FEE',
    totalRappen: 123_450,
    invoiceDate: '2027-05-04',
  });
  const event = await createEvent(db, { title: 'Chlausabend im Clublokal', start: '2027-12-06T18:00:00Z', priceRappen: 2500 });
  await subscribe(db, { eventId: event, memberId: first.id, amount: 2, status: 'CONFIRMED', at: '2027-11-01T08:15:00Z' });

  const board = await createMember(db, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  cookie = (await loginAs(server.url, board.username, board.password)).cookie;
  const download = async (name: string, pathname: string) => {
    const get = () => fetch(`${server.url}/api/v1${pathname}`, { headers: { cookie } });
    const res = await get().catch(get);
    expect(res.status, name).toBe(200);
    files.set(name, Buffer.from(await res.arrayBuffer()));
  };
  for (const type of reportTypes) await download(type, `/admin/seasons/${season.id}/${type}/.xlsx`);
  await download('member export', '/admin/members/export.xlsx');
  await download('event subscribers', `/admin/events/${event}/subscribers.xlsx`);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** How many characters a cell shows (dates as dd.mm.yyyy hh:mm at most, numbers with their grouping). */
function shownLength(cell: ExcelJS.Cell): number {
  const value = cell.value;
  if (value === null || value === undefined) return 0;
  if (value instanceof Date) {
    const format = cell.numFmt ?? '';
    return format.includes('yyyy') ? (format.includes('hh') ? 16 : 10) : 5;
  }
  if (typeof value === 'number') return cell.numFmt?.includes('CHF') ? 4 + value.toFixed(2).length + 1 : String(value).length;
  if (typeof value === 'string') return Math.max(...value.split('\n').map((l) => l.length));
  return 0;
}

describe('every Excel list', () => {
  it('is set up for A4 landscape, one page wide, the header row on every page', async () => {
    expect([...files.keys()]).toHaveLength(reportTypes.length + 2);
    for (const [name, body] of files) {
      const workbook = await workbookOf(body);
      for (const sheet of workbook.worksheets) {
        expect(sheet.pageSetup, `${name}: ${sheet.name}`).toMatchObject({
          orientation: 'landscape',
          paperSize: 9,
          fitToPage: true,
          fitToWidth: 1,
          fitToHeight: 0,
          printTitlesRow: '1:1',
        });
      }
    }
  });

  it('has columns as wide as their longest cell and its header, and not much wider', async () => {
    for (const [name, body] of files) {
      const workbook = await workbookOf(body);
      for (const sheet of workbook.worksheets) {
        for (let i = 0; i < sheet.getRow(1).cellCount; i++) {
          const column = sheet.getColumn(i + 1);
          let longest = 0;
          let header = 0;
          sheet.getColumn(i + 1).eachCell((cell, row) => {
            // Total rows' labels run over into the empty cells beside them.
            if (row === 1) header = shownLength(cell);
            else if (!(typeof cell.value === 'string' && cell.value.startsWith('Total'))) longest = Math.max(longest, shownLength(cell));
          });
          const at = `${name}: ${sheet.name}, column ${i + 1}`;
          // A width of 9, Excel's default, is not written to the file.
          const width = column.width ?? 9;
          expect(width, at).toBeGreaterThanOrEqual(Math.min(50, Math.max(longest, header) + 1));
          expect(width, at).toBeLessThanOrEqual(Math.max(longest * 1.1, header * 1.15) + 5);
        }
      }
    }
  });

  it('shows phone numbers in one form (+41 79 123 45 67)', async () => {
    const members = (await workbookOf(files.get('members')!)).worksheets[0]!;
    const header = members.getRow(1).values as unknown[];
    const landLine = header.indexOf('Festnetz');
    const mobile = header.indexOf('Mobile');
    const phones: unknown[] = [];
    members.eachRow((row, n) => {
      if (n > 1 && row.getCell(mobile).value !== null) phones.push(row.getCell(mobile).value, row.getCell(landLine).value);
    });
    expect(phones).toContain('+41 79 987 65 43');
    expect(phones).toContain('+41 44 123 45 67');
    for (const phone of phones.filter((p) => p !== null)) expect(phone).toMatch(PHONE);

    const exported = (await workbookOf(files.get('member export')!)).worksheets[0]!;
    const exportHeader = exported.getRow(1).values as unknown[];
    const cells: unknown[] = [];
    exported.eachRow((row, n) => {
      if (n > 1) cells.push(row.getCell(exportHeader.indexOf('Natel')).value, row.getCell(exportHeader.indexOf('Telefon')).value);
    });
    expect(cells).toContain('+41 79 987 65 43');
    expect(cells).toContain('+41 44 123 45 67');
    for (const phone of cells.filter((p) => p !== null)) expect(phone).toMatch(PHONE);
  });
});

describe.skipIf(missing !== null)('every Excel list printed by LibreOffice', () => {
  const pdfs = new Map<string, string>();

  beforeAll(async () => {
    const names = [...files.keys()];
    const printed = await printWithLibreOffice(names.map((n) => files.get(n)!));
    const keep = process.env.PRINTS_DIR;
    if (keep) mkdirSync(keep, { recursive: true });
    names.forEach((name, i) => {
      const file = path.join(keep ?? tmp, `${name.replaceAll(' ', '-')}.pdf`);
      writeFileSync(file, printed[i]!);
      pdfs.set(name, file);
    });
  }, 240_000);

  /** Each page's size in points (width, height). */
  const pageSizes = (file: string): [number, number][] => {
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
    return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [Number(m[1]), Number(m[2])]);
  };
  const pageText = (file: string, page: number) =>
    execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });

  it('prints on A4 landscape pages, each one page wide with the whole header row', async () => {
    for (const [name, file] of pdfs) {
      const sizes = pageSizes(file);
      expect(sizes.length, name).toBeGreaterThan(0);
      for (const [width, height] of sizes) {
        expect(Math.round(width), name).toBe(842);
        expect(Math.round(height), name).toBe(595);
      }
      const headers = ((await workbookOf(files.get(name)!)).worksheets[0]!.getRow(1).values as unknown[]).filter(
        (v): v is string => typeof v === 'string',
      );
      // One page wide: every page shows the first and the last column's header (repeated on each page).
      for (let page = 1; page <= sizes.length; page++) {
        const text = pageText(file, page);
        expect(text, `${name}, page ${page}`).toContain(headers[0]);
        expect(text, `${name}, page ${page}`).toContain(headers.at(-1));
      }
    }
  });

  it('the member list of 90 members runs over several pages, each with the header', () => {
    const file = pdfs.get('members')!;
    const pages = pageSizes(file).length;
    expect(pages).toBeGreaterThan(1);
    expect(pageText(file, pages)).toContain('Mitglied seit');
    expect(pageText(file, pages)).toContain('Nachname 089');
  });
});
