/**
 * The shape both renderers of a table report read (xlsx-sheet.ts and pdf-table.ts): columns,
 * then sections (a worksheet, or a part of the PDF with its own heading and total), each of
 * blocks (a game, an event: a heading and a subtotal) whose rows arrive in batches, so that
 * neither renderer ever holds a whole report in memory.
 */

/**
 * A cell. Dates are wall-clock values built with `Date.UTC` (a business date as it is, a
 * timestamp as the clock in Zurich showed it): spreadsheets store them without a time zone.
 */
export type Cell = string | number | Date | null;

/** How a column's cells are shown: dd.mm.yyyy, HH:MM, CHF 1'234.50...; `number` is a plain number such as a member number (no grouping). */
export type CellKind = 'text' | 'number' | 'integer' | 'date' | 'time' | 'datetime' | 'money';

export interface TableColumn {
  header: string;
  kind: CellKind;
  /** In the PDF the columns share the page in this ratio; the spreadsheet measures its cells (this is its width only without rows to measure). */
  width: number;
  /** Totals and subtotals: the sum of the column, or the number of filled cells. */
  total?: 'sum' | 'count';
}

export interface TableBlock {
  /** e.g. the game: shown above its rows in the PDF, and as the label of its subtotal row. */
  heading?: string;
  /** Rows in batches (each row one cell per column). */
  rows: AsyncIterable<Iterable<Cell[]>>;
}

export interface TableSection {
  /** Worksheet name (no `/`, at most 31 characters: see sheet-name.ts). */
  name: string;
  /** Heading above the section in the PDF; defaults to the name. */
  heading?: string;
  /** true: every block ends with a subtotal row. */
  subtotals: boolean;
  blocks: AsyncIterable<TableBlock>;
}

export interface TableReport {
  /** "Mitgliederliste" */
  title: string;
  /** "Saison 2027/28" */
  subtitle: string;
  /** Author of the file: the club. */
  author: string;
  /** When it was made (the real instant; renderers show it in Zurich time). */
  createdAt: Date;
  columns: TableColumn[];
  /** The rows, read afresh on each call (the PDF reads them twice: to count pages, then to draw). */
  sections: () => AsyncIterable<TableSection>;
}

/** Sum of the `sum` columns and count of the `count` columns over some rows. */
export class Totals {
  readonly values: number[];
  rows = 0;
  constructor(private readonly columns: readonly TableColumn[]) {
    this.values = columns.map(() => 0);
  }
  add(row: readonly Cell[]): void {
    this.rows += 1;
    this.columns.forEach((column, i) => {
      const cell = row[i];
      if (column.total === 'sum' && typeof cell === 'number') this.values[i] = round2((this.values[i] ?? 0) + cell);
      if (column.total === 'count' && cell !== null && cell !== '') this.values[i] = (this.values[i] ?? 0) + 1;
    });
  }
  addTotals(other: Totals): void {
    this.rows += other.rows;
    other.values.forEach((v, i) => {
      this.values[i] = round2((this.values[i] ?? 0) + v);
    });
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** An async iterable of one value (tests, empty sections). */
export async function* once<T>(value: T): AsyncIterable<T> {
  yield value;
}
