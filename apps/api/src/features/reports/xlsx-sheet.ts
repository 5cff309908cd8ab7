import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import { formatMoney } from '@club/contract';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { fitWidth, printSetup, shownLength } from '../../lib/xlsx-layout.ts';

const exceljs = onFirstUse<typeof ExcelJS>('exceljs');
import { Totals, type Cell, type CellKind, type TableColumn, type TableReport, type TableSection } from './report-model.ts';
import { sheetName } from './sheet-name.ts';

/**
 * Table reports as spreadsheets a treasurer accepts, written with exceljs's streaming writer
 * straight into a stream: bold frozen header with an autofilter, real dates and numbers,
 * totals as formulas (with their values), columns as wide as their content, printable on A4
 * landscape one page wide with the header on every page (lib/xlsx-layout.ts).
 *
 * The streaming writer's rules: number formats need `useStyles`; frozen panes and page setup
 * go to addWorksheet; columns before the first committed row; `workbook.commit()` ends the
 * output stream. Dates (`Date.UTC` wall-clock values) are written as serial numbers of our own
 * (see excelSerial) with a date or time format.
 */

const numberFormats: Record<CellKind, string | undefined> = {
  text: undefined,
  number: '0',
  integer: '#,##0',
  date: 'dd.mm.yyyy',
  time: 'hh:mm',
  datetime: 'dd.mm.yyyy hh:mm',
  money: '"CHF" #,##0.00',
};

/** Column letters of a 1-based index: 1 → A, 27 → AA. */
export function columnLetter(index: number): string {
  let n = index;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

type Workbook = ExcelJS.stream.xlsx.WorkbookWriter;
type Worksheet = ExcelJS.Worksheet;

/** Writes the whole report as a workbook into `out` and ends it (one sheet per section). */
export async function writeXlsxReport(out: Writable, report: TableReport): Promise<void> {
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = report.author;
  workbook.lastModifiedBy = report.author;
  workbook.created = report.createdAt;
  workbook.modified = report.createdAt;
  // Read by the core properties writer, missing from the writer's types.
  Object.assign(workbook, { title: `${report.title} ${report.subtitle}`, company: report.author });
  // The streaming writer needs the widths before the first row: a first read measures them.
  const widths = await measureWidths(report);
  const used = new Set<string>();
  let n = 0;
  for await (const section of report.sections()) {
    await writeSection(workbook, out, report, section, sheetName(section.name, used), widths[n]);
    n += 1;
  }
  await workbook.commit();
}

/**
 * One worksheet: header, the rows of each block (with a subtotal row per block when the
 * section asks for it) and a totals row. Exported for other table exports.
 */
export async function writeSection(
  workbook: Workbook,
  out: Writable,
  report: TableReport,
  section: TableSection,
  name: string,
  widths?: readonly number[],
): Promise<void> {
  const { columns } = report;
  const lastColumn = columnLetter(columns.length);
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    pageSetup: printSetup,
    headerFooter: {
      oddHeader: `&L${escapeHeader(report.author)}&C&B${escapeHeader(report.title)}&R${escapeHeader(report.subtitle)}`,
      oddFooter: '&LStand &D &T&RSeite &P von &N',
    },
  });
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, width: widths?.[i] ?? fitWidth(c.header, c.width) }));
  sheet.autoFilter = `A1:${lastColumn}1`;

  const header = sheet.addRow(columns.map((c) => c.header));
  header.eachCell((cell, col) => {
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
    cell.border = { bottom: { style: 'thin' } };
    cell.alignment = { vertical: 'middle', horizontal: isNumeric(columns[col - 1]?.kind) ? 'right' : 'left' };
  });
  header.commit();

  const cellStyles: Partial<ExcelJS.Style>[] = columns.map((c) => {
    const numFmt = numberFormats[c.kind];
    return numFmt ? { numFmt } : {};
  });
  const labelColumn = Math.max(
    0,
    columns.findIndex((c) => !c.total),
  );
  const sectionTotals = new Totals(columns);
  let rowNumber = 1;
  for await (const block of section.blocks) {
    const blockTotals = new Totals(columns);
    const firstRow = rowNumber + 1;
    for await (const batch of block.rows) {
      for (const values of batch) {
        const row = sheet.addRow(values.map(toExcel));
        // One style object per column, shared by its cells: the style writer knows a style
        // object it has seen (a fresh object per cell costs a style lookup each).
        values.forEach((_, i) => {
          row.getCell(i + 1).style = cellStyles[i] ?? {};
        });
        row.commit();
        rowNumber += 1;
        blockTotals.add(values);
      }
      // Let the zip catch up with the database: memory stays flat however long the list.
      if (out.writableNeedDrain) await once(out, 'drain');
      if (out.destroyed) throw new Error('the receiver went away');
    }
    if (section.subtotals) {
      rowNumber += 1;
      totalRow(sheet, columns, blockTotals, firstRow, rowNumber - 1, `Total ${block.heading ?? ''}`.trim(), labelColumn, false);
    }
    sectionTotals.addTotals(blockTotals);
  }
  // SUBTOTAL leaves out other SUBTOTAL cells: the grand total over everything does not count the subtotals twice.
  // An empty list stays one: its header and nothing else.
  if (sectionTotals.rows > 0) totalRow(sheet, columns, sectionTotals, 2, rowNumber, 'Total', labelColumn, true);
  await sheet.commit();
}

function totalRow(
  sheet: Worksheet,
  columns: readonly TableColumn[],
  totals: Totals,
  from: number,
  to: number,
  label: string,
  labelColumn: number,
  grand: boolean,
): void {
  const values: ExcelJS.CellValue[] = columns.map(() => null);
  values[labelColumn] = label;
  const row = sheet.addRow(values);
  columns.forEach((c, i) => {
    if (!c.total) return;
    const cell = row.getCell(i + 1);
    const letter = columnLetter(i + 1);
    // An empty range (no rows) would refer to the header or the row itself: plain zero then.
    const result = totals.values[i] ?? 0;
    cell.value = to >= from ? { formula: `SUBTOTAL(${c.total === 'sum' ? 9 : 3},${letter}${from}:${letter}${to})`, result } : result;
    const format = numberFormats[c.kind];
    if (format) cell.numFmt = format;
  });
  row.eachCell((cell) => {
    cell.font = { bold: true };
    cell.border = grand ? { top: { style: 'thin' }, bottom: { style: 'double' } } : { top: { style: 'hair' } };
  });
  row.commit();
}

/**
 * Each section's column widths, in section order: the longest cell as its number format shows
 * it (totals included), read through the rows once without keeping them.
 */
async function measureWidths(report: TableReport): Promise<number[][]> {
  const { columns } = report;
  const all: number[][] = [];
  for await (const section of report.sections()) {
    const longest = columns.map(() => 0);
    const totals = new Totals(columns);
    for await (const block of section.blocks) {
      for await (const batch of block.rows) {
        for (const values of batch) {
          values.forEach((value, i) => {
            longest[i] = Math.max(longest[i] ?? 0, cellLength(value, columns[i]!.kind));
          });
          totals.add(values);
        }
      }
    }
    // An empty list gets no total row (see writeSection): nothing of it to measure.
    if (totals.rows > 0) {
      totals.values.forEach((value, i) => {
        if (columns[i]?.total) longest[i] = Math.max(longest[i] ?? 0, cellLength(value, columns[i].kind));
      });
    }
    all.push(columns.map((c, i) => fitWidth(c.header, longest[i] ?? 0)));
  }
  return all;
}

const grouped = new Intl.NumberFormat('de-CH', { useGrouping: true, maximumFractionDigits: 0 });
const DATE_LENGTHS: Partial<Record<CellKind, number>> = { date: 10, time: 5, datetime: 16 };

/** How many characters the cell shows with its column's number format. */
function cellLength(cell: Cell, kind: CellKind): number {
  if (cell === null || cell === '') return 0;
  if (cell instanceof Date) return DATE_LENGTHS[kind] ?? 16;
  if (typeof cell === 'number') {
    if (kind === 'money') return formatMoney(cell).length;
    if (kind === 'integer') return grouped.format(cell).length;
    return String(cell).length;
  }
  return shownLength(cell);
}

function toExcel(cell: Cell): ExcelJS.CellValue {
  if (cell instanceof Date) return excelSerial(cell);
  return cell === '' ? null : cell;
}

const DAY_MS = 86_400_000;
/** Days from Excel's day zero (30.12.1899) to 1.1.1970. */
const EPOCH_DAYS = 25_569;

/**
 * A wall-clock value as Excel's serial number: whole days, plus the time as a fraction of a day
 * computed on its own. exceljs divides the whole instant by a day's milliseconds, which leaves
 * the time a hair below the minute (00:30 is 0.0208333333321 instead of 0.0208333333333):
 * Excel rounds that away, but LibreOffice shows 00:29. The cell's number format makes it a date.
 */
export function excelSerial(date: Date): number {
  const ms = date.getTime();
  const days = Math.floor(ms / DAY_MS);
  return days + EPOCH_DAYS + (ms - days * DAY_MS) / DAY_MS;
}

function isNumeric(kind: CellKind | undefined): boolean {
  return kind === 'number' || kind === 'integer' || kind === 'money';
}

/** `&` starts a code in Excel's header and footer text. */
function escapeHeader(text: string): string {
  return text.replaceAll('&', '&&');
}
