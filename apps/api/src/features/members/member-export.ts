import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '@club/contract';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { fitWidth, printSetup, shownLength } from '../../lib/xlsx-layout.ts';
import { deChDate, protectCell } from './member-import.values.ts';

const exceljs = onFirstUse<typeof ExcelJS>('exceljs');

/**
 * The board's member export with exactly the import's columns, so export → import is a round
 * trip. CSV: UTF-8 with BOM and `;` (Excel in Switzerland opens it as it is), dates as 31.12.1985,
 * a cell that a spreadsheet would run as a formula behind an apostrophe (the import takes it off).
 * XLSX: real date cells, the member number as a number, everything else as text cells, which no
 * spreadsheet runs; columns as wide as their content, printed on A4 landscape one page wide with
 * the header on every page (the rows are read twice: once to measure, once to write). Pure: rows
 * in, stream out.
 */

/** One member as exported: every field as text, dates ISO (`YYYY-MM-DD`). */
export type ExportLine = Record<ImportField, string>;

const DATE_FIELDS = new Set<ImportField>(['dateOfBirth', 'memberSince']);

function csvCell(value: string): string {
  const safe = protectCell(value);
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(';')}\r\n`;
}

async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

export async function writeMembersCsv(out: Writable, batches: AsyncIterable<ExportLine[]>): Promise<void> {
  await write(out, `\uFEFF${csvLine(IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]))}`);
  for await (const batch of batches) {
    const text = batch
      .map((line) => csvLine(IMPORT_FIELDS.map((f) => (DATE_FIELDS.has(f) && line[f] ? deChDate(line[f]) : line[f]))))
      .join('');
    await write(out, text);
  }
  out.end();
}

/** Each field's longest text (a date as dd.mm.yyyy). */
async function longestValues(batches: AsyncIterable<ExportLine[]>): Promise<Map<ImportField, number>> {
  const longest = new Map<ImportField, number>();
  for await (const batch of batches) {
    for (const line of batch) {
      for (const f of IMPORT_FIELDS) {
        const length = DATE_FIELDS.has(f) && line[f] ? 10 : shownLength(line[f]);
        if (length > (longest.get(f) ?? 0)) longest.set(f, length);
      }
    }
  }
  return longest;
}

export async function writeMembersXlsx(out: Writable, readBatches: () => AsyncIterable<ExportLine[]>, createdAt: Date): Promise<void> {
  const longest = await longestValues(readBatches());
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = createdAt;
  workbook.modified = createdAt;
  const sheet = workbook.addWorksheet('Mitglieder', { views: [{ state: 'frozen', ySplit: 1 }], pageSetup: printSetup });
  sheet.columns = IMPORT_FIELDS.map((f) => ({
    header: IMPORT_FIELD_LABELS[f],
    key: f,
    width: fitWidth(IMPORT_FIELD_LABELS[f], longest.get(f) ?? 0),
    ...(DATE_FIELDS.has(f) ? { style: { numFmt: 'dd.mm.yyyy' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of readBatches()) {
    for (const line of batch) {
      const values = IMPORT_FIELDS.map((f) => {
        const v = line[f];
        if (v === '') return null;
        if (DATE_FIELDS.has(f)) return new Date(`${v}T00:00:00.000Z`);
        if (f === 'memberNumber') return Number(v);
        return v;
      });
      sheet.addRow(values).commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
