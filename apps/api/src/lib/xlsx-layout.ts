import type * as ExcelJS from 'exceljs';

/**
 * How the club's spreadsheets print and how wide their columns are: every list the board
 * downloads prints on A4 landscape, one page wide (as many pages down as it needs), with the
 * header row repeated on each page; each column is as wide as its longest shown cell.
 */

/** A4 (paper size 9) landscape, fit to one page wide, row 1 on every page. Given to `addWorksheet`. */
export const printSetup: Partial<ExcelJS.PageSetup> = {
  paperSize: 9,
  orientation: 'landscape',
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  printTitlesRow: '1:1',
  margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
};

/** A column never gets narrower than this (a date) nor wider than this (a long remark overflows into print as it is cut). */
const MIN_WIDTH = 6;
const MAX_WIDTH = 50;

/**
 * The width (in Excel's characters) that shows a column's longest cell of `longest` characters
 * and its bold header with the filter button; wide letters (W, M, capitals) get a tenth more room.
 */
export function fitWidth(header: string, longest: number): number {
  const needed = Math.max(Math.ceil(header.length * 1.15) + 3, Math.ceil(longest * 1.1) + 2);
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, needed));
}

/** The length of a text as shown: its longest line. */
export function shownLength(text: string): number {
  let longest = 0;
  for (const line of text.split('\n')) longest = Math.max(longest, line.length);
  return longest;
}
