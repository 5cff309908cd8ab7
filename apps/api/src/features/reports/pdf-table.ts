import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type PDFKitModule from 'pdfkit';
import { formatAmount, francsToRappen } from '@club/contract';
import { onFirstUse } from '../../lib/on-first-use.ts';

const pdfkit = onFirstUse<typeof PDFKitModule>('pdfkit');
import { registerReportFont } from '../../lib/fonts.ts';
import { Totals, type Cell, type CellKind, type TableColumn, type TableReport } from './report-model.ts';
import { formatWallDate, formatWallTime, formatZurichDateTime } from './report-dates.ts';

/**
 * Table reports as A4 landscape PDFs: the club's name, title and subtitle and the time
 * made on every page, the table header repeated on every page, long text wrapped inside its
 * column, subtotals per block and totals per section, "Seite x von y" in the footer (a first
 * pass counts the pages, see writePdfReport). Club Report Sans (`lib/fonts.ts`): Liberation Sans, the
 * invoices' typeface, without its OpenType layout tables, which carries every name of Latin script (Marjanović)
 * and lays out the thousands of distinct words of a large list about 9× faster.
 */

/** The document's two fonts, registered under these names. */
type FontName = 'regular' | 'bold';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = { left: 28, right: 28, top: 26, bottom: 34 };
const BODY_SIZE = 7.5;
const PAD = 2.5;
const INNER = PAGE.width - MARGIN.left - MARGIN.right;
const LINE = '#c8ccd0';
const HEAD_FILL = '#e9ecef';
const BLOCK_FILL = '#f4f5f7';

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right';
/** A cell drawn over its neighbours (the label of a totals row). */
interface Span {
  column: number;
  width: number;
}

interface Layout {
  x: number[];
  widths: number[];
  align: Align[];
}

const integerFormat = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 0 });
/** A cell as text in the PDF: dates dd.mm.yyyy, times HH:MM, money 1'234.50 (the column's header says CHF). */
export function formatCell(cell: Cell, kind: CellKind): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    if (kind === 'time') return formatWallTime(cell);
    return kind === 'datetime' ? `${formatWallDate(cell)} ${formatWallTime(cell)}` : formatWallDate(cell);
  }
  if (typeof cell === 'number')
    return kind === 'money' ? formatAmount(francsToRappen(cell)) : kind === 'number' ? String(cell) : integerFormat.format(cell);
  return cell;
}

function layoutOf(columns: readonly TableColumn[]): Layout {
  const weight = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (INNER * c.width) / weight);
  const x: number[] = [];
  let at = MARGIN.left;
  for (const w of widths) {
    x.push(at);
    at += w;
  }
  return { x, widths, align: columns.map((c) => (c.kind === 'number' || c.kind === 'integer' || c.kind === 'money' ? 'right' : 'left')) };
}

/**
 * Writes the report as a PDF into `out`, ends it, and resolves when everything is written.
 *
 * Two passes over the rows: the first only measures them to count the pages, the second
 * draws them with "Seite x von y" on each page as it goes. pdfkit's buffered pages
 * (`bufferPages`) would let the footer be written at the end, but they keep every page's
 * drawing operations in memory: about 300 MB for 10,000 members. Streamed page by page,
 * memory stays flat. Both passes measure with the same document, so each word is laid out
 * by pdfkit once (its layout cache lives as long as the document).
 */
export async function writePdfReport(out: Writable, report: TableReport): Promise<void> {
  const doc = new (pdfkit())({
    size: 'A4',
    layout: 'landscape',
    margins: MARGIN,
    autoFirstPage: false,
    info: { Title: `${report.title} ${report.subtitle}`, Author: report.author, Creator: report.author, CreationDate: report.createdAt },
  });
  registerReportFont(doc, { regular: 'regular', bold: 'bold' });
  const counter = new TableWriter(doc, report, out, null);
  await counter.write();

  // Settled (never rejected) at once: a client that leaves early must not become an unhandled rejection.
  const done = finished(out).then(
    () => null,
    (error: unknown) => error,
  );
  doc.pipe(out);
  try {
    await new TableWriter(doc, report, out, counter.pages).write();
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
  doc.end();
  const error = await done;
  if (error) throw error;
}

/**
 * A cell's text as it is placed: its lines (the cell's own, at line breaks in the text) when
 * each fits its column, with their widths; `lines` null: pdfkit wraps the text in the column.
 */
interface PlacedCell {
  text: string;
  x: number;
  columnWidth: number;
  align: Align;
  lines: { text: string; width: number }[] | null;
}

class TableWriter {
  private readonly layout: Layout;
  private readonly madeAt: string;
  private y = 0;
  private bottom = PAGE.height - MARGIN.bottom;
  /** Pages begun so far. */
  pages = 0;

  /** `totalPages` null: only lay out and count the pages, draw nothing. */
  constructor(
    private readonly doc: Doc,
    private readonly report: TableReport,
    private readonly out: Writable,
    private readonly totalPages: number | null,
  ) {
    this.layout = layoutOf(report.columns);
    this.madeAt = formatZurichDateTime(report.createdAt);
  }

  private get drawing(): boolean {
    return this.totalPages !== null;
  }

  async write(): Promise<void> {
    const { columns } = this.report;
    const grand = new Totals(columns);
    let sections = 0;
    this.newPage();
    for await (const section of this.report.sections()) {
      sections += 1;
      const sectionTotals = new Totals(columns);
      this.heading(section.heading ?? section.name, 10, 0);
      for await (const block of section.blocks) {
        const blockTotals = new Totals(columns);
        if (block.heading) this.heading(block.heading, BODY_SIZE + 0.5, 1);
        for await (const batch of block.rows) {
          for (const row of batch) {
            this.row(
              row.map((cell, i) => formatCell(cell, columns[i]?.kind ?? 'text')),
              'regular',
            );
            blockTotals.add(row);
          }
          if (this.out.destroyed) throw new Error('the receiver went away');
          // Finished pages go out as they are done; wait while the receiver is behind.
          if (this.drawing && this.out.writableNeedDrain) await once(this.out, 'drain');
        }
        if (section.subtotals && blockTotals.rows > 0) this.totalRow(`Total ${block.heading ?? ''}`.trim(), blockTotals, false);
        sectionTotals.addTotals(blockTotals);
      }
      if (sectionTotals.rows === 0) this.note('Keine Einträge.');
      else this.totalRow(section.subtotals ? `Total ${section.heading ?? section.name}` : 'Total', sectionTotals, true);
      grand.addTotals(sectionTotals);
    }
    if (sections > 1 && grand.rows > 0) this.totalRow('Gesamttotal', grand, true);
  }

  /** The report's name and "Seite x von y" at the foot of the current page. */
  private footer(): void {
    const { doc } = this;
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN.bottom + 12;
    this.font('regular').fontSize(7).fillColor('#555555');
    doc.text(`${this.report.author} · ${this.report.title} ${this.report.subtitle}`, MARGIN.left, y, { lineBreak: false });
    doc.text(`Seite ${this.pages} von ${Math.max(this.totalPages ?? 0, this.pages)}`, MARGIN.left, y, {
      width: INNER,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = keep;
    doc.fillColor('black');
  }

  private newPage(): void {
    const { doc, report } = this;
    this.pages += 1;
    let y = MARGIN.top + 12;
    y += 22;
    this.y = y;
    if (this.drawing) {
      doc.addPage();
      this.footer();
      y = MARGIN.top;
      this.font('bold').fillColor('black').fontSize(8).text(report.author, MARGIN.left, y, { lineBreak: false });
      this.font('regular')
        .fontSize(8)
        .text(`Erstellt am ${this.madeAt}`, MARGIN.left, y, { width: INNER, align: 'right', lineBreak: false });
      y += 12;
      this.font('bold').fontSize(14).text(`${report.title} – ${report.subtitle}`, MARGIN.left, y, { width: INNER, lineBreak: false });
      y += 22;
      if (report.columns.some((c) => c.kind === 'money')) {
        this.font('regular')
          .fontSize(7)
          .fillColor('#555555')
          .text('Beträge in CHF', MARGIN.left, y - 12, { width: INNER, align: 'right', lineBreak: false });
        doc.fillColor('black');
      }
    }
    this.headerRow();
  }

  private headerRow(): void {
    const { cells, height } = this.place(
      this.report.columns.map((c) => c.header),
      'bold',
    );
    if (this.drawing) this.doc.rect(MARGIN.left, this.y, INNER, height).fill(HEAD_FILL);
    this.cells(cells, 'bold');
    this.rule(this.y + height, 0.8, '#888888');
    this.y += height;
  }

  private ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  private heading(text: string, size: number, level: 0 | 1): void {
    const { doc } = this;
    const options = { width: INNER - 2 * PAD, height: Infinity };
    const top = PAD + (level === 0 ? 4 : 0);
    const height = this.font('bold').fontSize(size).heightOfString(text, options) + top + PAD;
    // A heading never stands alone at the foot of a page.
    this.ensure(height + 3 * (BODY_SIZE * 1.4 + 2 * PAD));
    if (this.drawing) {
      if (level === 1) doc.rect(MARGIN.left, this.y, INNER, height).fill(BLOCK_FILL);
      doc.fillColor('black').text(text, MARGIN.left + PAD, this.y + top, options);
    }
    this.y += height;
  }

  private note(text: string): void {
    this.ensure(20);
    if (this.drawing) {
      this.font('regular')
        .fontSize(BODY_SIZE)
        .fillColor('#555555')
        .text(text, MARGIN.left + PAD, this.y + 4, { lineBreak: false });
      this.doc.fillColor('black');
    }
    this.y += 18;
  }

  private row(texts: string[], font: FontName): void {
    const { cells, height } = this.place(texts, font);
    this.ensure(height);
    this.cells(cells, font);
    this.rule(this.y + height, 0.3, LINE);
    this.y += height;
  }

  private totalRow(label: string, totals: Totals, grand: boolean): void {
    const { columns } = this.report;
    const labelColumn = Math.max(
      0,
      columns.findIndex((c) => !c.total),
    );
    const texts = columns.map((c, i) => (c.total ? formatCell(totals.values[i] ?? 0, c.kind === 'money' ? 'money' : 'integer') : ''));
    texts[labelColumn] = label;
    // The label reaches over the empty cells up to the next column with a total.
    let end = columns.findIndex((c, i) => i > labelColumn && c.total);
    if (end < 0) end = columns.length;
    const span: Span = { column: labelColumn, width: this.layout.widths.slice(labelColumn, end).reduce((a, b) => a + b, 0) };
    const { cells, height } = this.place(texts, 'bold', span);
    this.ensure(height);
    this.rule(this.y, grand ? 0.8 : 0.4, '#555555');
    this.cells(cells, 'bold');
    if (grand) {
      this.rule(this.y + height, 0.5, '#555555');
      this.rule(this.y + height + 1.5, 0.5, '#555555');
    }
    this.y += height + (grand ? 6 : 2);
  }

  /**
   * Each cell's text measured in its column (or across its span): a text whose lines fit is
   * measured once per line, pdfkit's line wrapper takes only one that does not fit; the row
   * is as high as its tallest cell (at least one line) and the padding. Both passes place a
   * row alike, so they agree on every page break.
   */
  private place(texts: readonly string[], font: FontName, span?: Span): { cells: PlacedCell[]; height: number } {
    const { doc, layout } = this;
    this.font(font).fontSize(BODY_SIZE);
    const lineHeight = doc.currentLineHeight(true);
    const cells: PlacedCell[] = [];
    let height = lineHeight;
    texts.forEach((text, i) => {
      if (!text) return;
      const spanned = span?.column === i;
      const columnWidth = (spanned ? span.width : (layout.widths[i] ?? 0)) - 2 * PAD;
      const align = spanned ? 'left' : (layout.align[i] ?? 'left');
      const x = (layout.x[i] ?? 0) + PAD;
      const lines = text.split('\n').map((line) => ({ text: line, width: doc.widthOfString(line) }));
      if (lines.every((line) => line.width <= columnWidth)) {
        cells.push({ text, x, columnWidth, align, lines });
        height = Math.max(height, lines.length * lineHeight);
      } else {
        cells.push({ text, x, columnWidth, align, lines: null });
        height = Math.max(height, doc.heightOfString(text, { width: columnWidth, height: Infinity }));
      }
    });
    return { cells, height: height + 2 * PAD };
  }

  /** Draws a row's cells (see place) at the current y, top-aligned. */
  private cells(cells: readonly PlacedCell[], font: FontName): void {
    if (!this.drawing) return;
    const { doc } = this;
    this.font(font).fontSize(BODY_SIZE).fillColor('black');
    const lineHeight = doc.currentLineHeight(true);
    const top = this.y + PAD;
    for (const { text, x, columnWidth, align, lines } of cells) {
      if (lines === null) {
        // `height` unbounded: the wrapper never starts a page of its own (the row is known to fit).
        doc.text(text, x, top, { width: columnWidth, height: Infinity, align });
        continue;
      }
      lines.forEach((line, n) => {
        doc.text(line.text, align === 'right' ? x + columnWidth - line.width : x, top + n * lineHeight, { lineBreak: false });
      });
    }
  }

  private font(name: FontName): Doc {
    return this.doc.font(name);
  }

  private rule(y: number, width: number, color: string): void {
    if (!this.drawing) return;
    this.doc
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + INNER, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }
}
