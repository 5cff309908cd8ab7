import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type * as ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { IMPORT_MAX_ROWS } from '@club/contract';
import { AppError } from '../../lib/app-error.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

const exceljs = onFirstUse<typeof ExcelJS>('exceljs');

/**
 * Reads a member list as a club brings it: a CSV as Excel, LibreOffice or another club system
 * writes it (separator `;`, `,` or tab; UTF-8 with or without BOM, UTF-16 or Windows-1252), or
 * an XLSX workbook (its first sheet). The answer is text only: the headings (made unique) and each
 * row's cells, dates of date cells as `YYYY-MM-DD`, numbers as written (postal codes, phones).
 */
export interface SheetText {
  columns: string[];
  rows: string[][];
}

/** An XLSX's parts together may unpack to at most this much (a 20,000-row list is some 30 MB). */
export const XLSX_MAX_UNPACKED_BYTES = 150 * 1024 * 1024;
const XLSX_MAX_PARTS = 2000;

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message, { file: message });
const unreadable = (message: string) => new AppError('VALIDATION_FAILED', message, { file: message });

const tooManyRows = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `Die Datei hat mehr als ${IMPORT_MAX_ROWS.toLocaleString('de-CH')} Zeilen. Bitte teilen Sie die Liste auf.`,
    { file: `Datei: Höchstens ${IMPORT_MAX_ROWS.toLocaleString('de-CH')} Zeilen.` },
  );

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const isOle = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

/** The file's text and columns; refuses what is neither a CSV nor an XLSX with a German 4xx. */
export async function readMemberFile(content: Buffer): Promise<SheetText> {
  if (content.length === 0) throw unreadable('Die Datei ist leer.');
  if (isOle(content)) {
    throw unsupported('Das alte Excel-Format (.xls) wird nicht gelesen. Bitte speichern Sie die Liste als .xlsx oder als CSV.');
  }
  const sheet = isZip(content) ? await readXlsx(content) : readCsv(decodeText(content));
  return withHeadings(sheet);
}

// --- CSV ------------------------------------------------------------------------------------

/** UTF-8 (BOM or none), UTF-16 with BOM, else Windows-1252 (Excel's «CSV (Trennzeichen-getrennt)» in Switzerland). */
export function decodeText(content: Buffer): string {
  let text: string;
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) text = content.subarray(3).toString('utf8');
  else if (content[0] === 0xff && content[1] === 0xfe) text = iconv.decode(content.subarray(2), 'utf16le');
  else if (content[0] === 0xfe && content[1] === 0xff) text = iconv.decode(content.subarray(2), 'utf16be');
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      text = iconv.decode(content, 'win1252');
    }
  }
  // A text file has no control characters but tab and line breaks: a binary file renamed to .csv has many.
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    throw unsupported(
      'Die Datei ist weder eine CSV-Datei noch eine Excel-Datei (.xlsx). Bitte speichern Sie die Liste in einem dieser Formate.',
    );
  }
  return text;
}

/** The separator that occurs most often in the heading line (outside quotes): `;`, `,` or tab. */
export function detectDelimiter(text: string): string {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0] && counts[0].n > 0 ? counts[0].d : ';';
}

function readCsv(text: string): string[][] {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // One more than allowed (and the heading): enough to know the file is too long.
      to: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch {
    throw unreadable('Die CSV-Datei lässt sich nicht lesen (Anführungszeichen oder Zeilen stimmen nicht). Bitte speichern Sie sie erneut.');
  }
  return records;
}

// --- XLSX -----------------------------------------------------------------------------------

/**
 * Unpacks every part of the zip with a bound on the bytes it may produce (zlib's `maxOutputLength`):
 * a zip bomb is refused after reading at most the bound, whatever sizes its headers claim.
 */
export function checkZipSize(content: Buffer, maxBytes = XLSX_MAX_UNPACKED_BYTES): void {
  const eocd = content.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > content.length) throw unreadable('Die Excel-Datei ist beschädigt. Bitte speichern Sie sie erneut.');
  const entries = content.readUInt16LE(eocd + 10);
  if (entries > XLSX_MAX_PARTS) throw unreadable('Die Excel-Datei hat zu viele Teile.');
  let offset = content.readUInt32LE(eocd + 16);
  let budget = maxBytes;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > content.length || content.readUInt32LE(offset) !== 0x02014b50) {
      throw unreadable('Die Excel-Datei ist beschädigt. Bitte speichern Sie sie erneut.');
    }
    const method = content.readUInt16LE(offset + 10);
    const compressed = content.readUInt32LE(offset + 20);
    const nameLength = content.readUInt16LE(offset + 28);
    const extraLength = content.readUInt16LE(offset + 30);
    const commentLength = content.readUInt16LE(offset + 32);
    const local = content.readUInt32LE(offset + 42);
    offset += 46 + nameLength + extraLength + commentLength;
    if (local + 30 > content.length) throw unreadable('Die Excel-Datei ist beschädigt. Bitte speichern Sie sie erneut.');
    const dataStart = local + 30 + content.readUInt16LE(local + 26) + content.readUInt16LE(local + 28);
    const data = content.subarray(dataStart, dataStart + compressed);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw zipTooLarge();
        throw unreadable('Die Excel-Datei ist beschädigt. Bitte speichern Sie sie erneut.');
      }
    } else throw unreadable('Die Excel-Datei ist auf eine unbekannte Art gepackt. Bitte speichern Sie sie erneut.');
    budget -= size;
    if (budget < 0) throw zipTooLarge();
  }
}

const zipTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'Die Excel-Datei entpackt sich zu einer viel zu grossen Datenmenge und wird nicht gelesen.', {
    file: 'Datei: Entpackt zu gross.',
  });

/** A cell's value as text: a date cell as `YYYY-MM-DD`, a formula by its result, a link by its text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  return '';
}

async function readXlsx(content: Buffer): Promise<string[][]> {
  checkZipSize(content);
  const workbook = new (exceljs().Workbook)();
  try {
    // exceljs' types predate Node's generic Buffer.
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw unsupported('Die Datei ist keine lesbare Excel-Datei (.xlsx). Bitte speichern Sie die Liste als .xlsx oder als CSV.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('Die Excel-Datei hat kein Tabellenblatt.');
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw tooManyRows();
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
    if (cells.some((v) => v !== '')) rows.push(cells);
  });
  return rows;
}

// --- both -----------------------------------------------------------------------------------

/** The first row as headings (blank ones named «Spalte 3», repeated ones numbered), the rest as rows. */
function withHeadings(records: string[][]): SheetText {
  const [head, ...rows] = records;
  if (!head || rows.length === 0) throw unreadable('Die Datei enthält keine Mitglieder: nach der Titelzeile folgt keine Zeile.');
  if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
  const width = Math.max(head.length, ...rows.map((r) => r.length));
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, i) => {
    const name = (head[i] ?? '').trim() || `Spalte ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
  return { columns, rows: rows.map((r) => Array.from({ length: width }, (_, i) => (r[i] ?? '').trim())) };
}
