import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import request from 'supertest';

/**
 * Member lists as clubs bring them, made in the tests: a CSV as Excel in Switzerland saves it
 * («CSV (Trennzeichen-getrennt)»: `;`, Windows-1252, CRLF), a CSV in UTF-8 with BOM, an XLSX with
 * real date cells and text cells, and a zip whose part unpacks to far more than it says.
 */

function csvText(rows: readonly (readonly string[])[], delimiter: string): string {
  const cell = (v: string) => (v.includes(delimiter) || v.includes('"') ? `"${v.replace(/"/g, '""')}"` : v);
  return rows.map((r) => r.map(cell).join(delimiter)).join('\r\n') + '\r\n';
}

export function excelCsv(rows: readonly (readonly string[])[]): Buffer {
  return iconv.encode(csvText(rows, ';'), 'win1252');
}

export function utf8BomCsv(rows: readonly (readonly string[])[], delimiter = ','): Buffer {
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(rows, delimiter), 'utf8')]);
}

/** A workbook whose first sheet holds the rows; Date values become date cells (dd.mm.yyyy). */
export async function xlsxOf(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Mitglieder');
  for (const r of rows) {
    const row = sheet.addRow([...r]);
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd.mm.yyyy';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip of one deflated part: `bytes` zeros (packed into a few hundred kilobytes; its header claims 1,000). */
export async function zipBomb(bytes: number, name = 'xl/worksheets/sheet1.xml'): Promise<Buffer> {
  const deflate = createDeflateRaw();
  const packed: Buffer[] = [];
  deflate.on('data', (d: Buffer) => packed.push(d));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let n = 0; n < bytes; n += zeros.length) if (!deflate.write(zeros)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const data = Buffer.concat(packed);
  const fileName = Buffer.from(name);
  const crc = crc32(Buffer.alloc(0));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1000, 22); // the header lies about the unpacked size
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

export function uploadFile(baseUrl: string, cookie: string | undefined, content: Buffer, fileName: string) {
  const req = request(baseUrl).post('/api/v1/admin/members/imports');
  if (cookie) req.set('Cookie', cookie);
  return req.attach('file', content, { filename: fileName, contentType: 'application/octet-stream' });
}

// --- a realistic club list --------------------------------------------------------------------

/** The headings of the list the generator writes (as a club's Excel list names them). */
export const CLUB_LIST_HEADINGS = [
  'Mitglied-Nr.',
  'Vorname',
  'Name',
  'E-Mail',
  'Geburtsdatum',
  'Strasse',
  'Nr.',
  'PLZ',
  'Ort',
  'Natel',
  'Telefon',
  'Eintritt',
  'Kategorie',
  'Bemerkungen',
];

const FIRST = ['Anna', 'Reto', 'Zoë', 'Jürg', 'Käthi', 'René', 'Lea', 'Noah', 'Sämi', 'Bea', 'Urs', 'Chantal', 'Marco', 'Ursula', 'Luca'];
const LAST = ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Brändli', 'Frêne', 'Bühler', 'Gerber', 'Rossi'];
const STREETS = ['Bahnhofstrasse', 'Hardturmstrasse', 'Seestrasse', 'Dorfstrasse', 'Rue du Lac', 'Langstrasse'];
const PLACES: [string, string][] = [
  ['8001', 'Zürich'],
  ['8004', 'Zürich'],
  ['8400', 'Winterthur'],
  ['8600', 'Dübendorf'],
  ['8953', 'Dietikon'],
  ['1003', 'Lausanne'],
];

function clubPhone(i: number): string {
  const n = String(1000000 + ((i * 7919) % 8999999)).padStart(7, '0');
  const forms = [`079 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`, `+41 78${n}`, `0041 76 ${n}`, `076${n}`];
  return forms[i % forms.length]!;
}

/**
 * Member `i` of the list: umlauts and accents, double names, two- and four-digit years, phones in
 * every usual form, entry dates, «Junior» on every tenth row. Every 100 members, five rows carry a
 * mistake a club's list has: a 31 February, a phone «12», an e-mail without @, a postal code of
 * three digits, a category the season does not have.
 */
function clubMember(i: number): string[] {
  const first = FIRST[i % FIRST.length]!;
  const last = `${LAST[(i * 7) % LAST.length]!}${i % 3 === 0 ? '-' + LAST[(i * 11) % LAST.length]! : ''}`;
  const [plz, city] = PLACES[i % PLACES.length]!;
  // A different day for each of up to 23,725 members (1940 to 2004): name and birth date tell them apart.
  const [year, month, day] = new Date(Date.UTC(1940, 0, 1 + ((i * 37) % 23_725))).toISOString().slice(0, 10).split('-');
  const birth = i % 4 === 0 ? `${day}.${month}.${year!.slice(2)}` : `${day}.${month}.${year}`;
  const mistake = i % 100;
  return [
    String(1000 + i),
    first,
    last,
    mistake === 23 ? `mitglied${i}.example.ch` : `mitglied${i}@example.ch`,
    mistake === 7 ? '31.02.1980' : birth,
    STREETS[i % STREETS.length]!,
    String(1 + (i % 120)),
    mistake === 41 ? plz.slice(0, 3) : plz,
    city,
    mistake === 57 ? '12' : clubPhone(i),
    i % 5 === 0 ? `044 ${String(200 + (i % 700))} ${String(10 + (i % 89))} ${String(10 + (i % 89))}` : '',
    `01.0${1 + (i % 9)}.${1990 + (i % 35)}`,
    mistake === 89 ? 'Ehrenmitglied' : i % 10 === 0 ? 'Junior' : '',
    i % 40 === 0 ? 'Gründungsmitglied' : '',
  ];
}

/**
 * A club's member list of `members` people (headings first) with what real lists have: after
 * every 100th member the same row again, and after every 250th the member two rows up once more
 * without a number, under another e-mail and with the name typed without accents in capitals.
 * Expected: `clubListCounts(members)`.
 */
export function clubList(members: number): string[][] {
  const rows = [CLUB_LIST_HEADINGS];
  for (let i = 1; i <= members; i++) {
    rows.push(clubMember(i));
    if (i % 100 === 0) rows.push(clubMember(i - 1));
    if (i % 250 === 0) {
      const again = clubMember(i - 2);
      again[0] = '';
      again[1] = foldForTyping(again[1]!);
      again[2] = foldForTyping(again[2]!);
      again[3] = `privat${i - 2}@example.ch`;
      rows.push(again);
    }
  }
  return rows;
}

const foldForTyping = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/** What the preview of `clubList(members)` counts when none of them is a member yet. */
export function clubListCounts(members: number) {
  let error = 0;
  for (let i = 1; i <= members; i++) if ([7, 23, 41, 57, 89].includes(i % 100)) error++;
  const duplicate = Math.floor(members / 100) + Math.floor(members / 250);
  return { new: members - error, update: 0, duplicate, error };
}

/** The list as a workbook: real birth dates written in full become date cells, the rest text (a 31 February too). */
export function clubListWorkbook(list: readonly (readonly string[])[]): Promise<Buffer> {
  const birth = CLUB_LIST_HEADINGS.indexOf('Geburtsdatum');
  return xlsxOf(
    list.map((row, i) =>
      row.map((cell, j) => {
        const m = i > 0 && j === birth ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(cell) : null;
        const date = m ? new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))) : null;
        return date && date.getUTCDate() === Number(m![1]) ? date : cell;
      }),
    ),
  );
}
