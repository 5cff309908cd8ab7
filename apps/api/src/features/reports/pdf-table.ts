import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { Totals, type Cell, type CellKind, type TableColumn, type TableReport } from './report-model.ts';
import { formatWallDate, formatWallTime, formatZurich } from './report-dates.ts';

/**
 * Table reports as A4 landscape PDFs: the club's name, title and subtitle and the time
 * made on every page, the table header repeated on every page, long text wrapped inside its
 * column, subtotals per block and totals per section, "Seite x von y" in the footer (pages
 * are buffered so that the footer knows y). Noto Sans carries every name (Marjanović).
 */

export const PDF_TYPE = 'application/pdf';

// Resolved like a package import: from the sources and from the bundled dist/server.mjs alike.
const require = createRequire(import.meta.url);
export const fontFiles = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

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
const moneyFormat = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A cell as text in the PDF: dates dd.mm.yyyy, times HH:MM, money 1’234.50. */
export function formatCell(cell: Cell, kind: CellKind): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    if (kind === 'time') return formatWallTime(cell);
    return kind === 'datetime' ? `${formatWallDate(cell)} ${formatWallTime(cell)}` : formatWallDate(cell);
  }
  if (typeof cell === 'number') return kind === 'money' ? moneyFormat.format(cell) : integerFormat.format(cell);
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
  return { x, widths, align: columns.map((c) => (c.kind === 'integer' || c.kind === 'money' ? 'right' : 'left')) };
}

/** Writes the report as a PDF into `out`, ends it, and resolves when everything is written. */
export async function writePdfReport(out: Writable, report: TableReport): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    font: fontFiles.regular,
    info: { Title: `${report.title} ${report.subtitle}`, Author: report.author, Creator: report.author, CreationDate: report.createdAt },
  });
  doc.registerFont('body', fontFiles.regular);
  doc.registerFont('bold', fontFiles.bold);
  doc.pipe(out);
  const done = finished(out);
  const table = new TableWriter(doc, report);
  try {
    await table.write();
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
  table.footers();
  doc.end();
  await done;
}

class TableWriter {
  private readonly layout: Layout;
  private readonly madeAt: string;
  private y = 0;
  private bottom = PAGE.height - MARGIN.bottom;

  constructor(
    private readonly doc: Doc,
    private readonly report: TableReport,
  ) {
    this.layout = layoutOf(report.columns);
    this.madeAt = formatZurich(report.createdAt);
  }

  async write(): Promise<void> {
    const { columns } = this.report;
    const grand = new Totals(columns);
    let sections = 0;
    this.newPage();
    for await (const section of this.report.sections) {
      sections += 1;
      const sectionTotals = new Totals(columns);
      this.heading(section.heading ?? section.name, 10, 0);
      for await (const block of section.blocks) {
        const blockTotals = new Totals(columns);
        if (block.heading) this.heading(block.heading, BODY_SIZE + 0.5, 1);
        for await (const batch of block.rows) {
          for (const row of batch) {
            this.row(row.map((cell, i) => formatCell(cell, columns[i]?.kind ?? 'text')), 'body');
            blockTotals.add(row);
          }
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

  /** "Seite x von y" and the report's name at the foot of every page. */
  footers(): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const keep = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = PAGE.height - MARGIN.bottom + 12;
      doc.font('body').fontSize(7).fillColor('#555555');
      doc.text(`${this.report.author} · ${this.report.title} ${this.report.subtitle}`, MARGIN.left, y, { lineBreak: false });
      doc.text(`Seite ${i - range.start + 1} von ${range.count}`, MARGIN.left, y, { width: INNER, align: 'right', lineBreak: false });
      doc.page.margins.bottom = keep;
    }
    doc.fillColor('black');
  }

  private newPage(): void {
    const { doc, report } = this;
    doc.addPage();
    let y = MARGIN.top;
    doc.fillColor('black').font('bold').fontSize(8).text(report.author, MARGIN.left, y, { lineBreak: false });
    doc.font('body').fontSize(8).text(`Erstellt am ${this.madeAt}`, MARGIN.left, y, { width: INNER, align: 'right', lineBreak: false });
    y += 12;
    doc.font('bold').fontSize(14).text(`${report.title} – ${report.subtitle}`, MARGIN.left, y, { width: INNER, lineBreak: false });
    y += 22;
    if (report.columns.some((c) => c.kind === 'money')) {
      doc.font('body').fontSize(7).fillColor('#555555').text('Beträge in CHF', MARGIN.left, y - 12, { width: INNER, align: 'right', lineBreak: false });
      doc.fillColor('black');
    }
    this.y = y;
    this.headerRow();
  }

  private headerRow(): void {
    const texts = this.report.columns.map((c) => c.header);
    const height = this.heightOf(texts, 'bold');
    this.doc.rect(MARGIN.left, this.y, INNER, height).fill(HEAD_FILL);
    this.cells(texts, 'bold');
    this.rule(this.y + height, 0.8, '#888888');
    this.y += height;
  }

  private ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  private heading(text: string, size: number, level: 0 | 1): void {
    const { doc } = this;
    doc.font('bold').fontSize(size);
    const height = doc.heightOfString(text, { width: INNER - 2 * PAD }) + 2 * PAD + (level === 0 ? 4 : 0);
    // A heading never stands alone at the foot of a page.
    this.ensure(height + 3 * (BODY_SIZE * 1.4 + 2 * PAD));
    if (level === 1) doc.rect(MARGIN.left, this.y, INNER, height).fill(BLOCK_FILL);
    doc.fillColor('black').text(text, MARGIN.left + PAD, this.y + PAD + (level === 0 ? 4 : 0), { width: INNER - 2 * PAD });
    this.y += height;
  }

  private note(text: string): void {
    this.ensure(20);
    this.doc.font('body').fontSize(BODY_SIZE).fillColor('#555555').text(text, MARGIN.left + PAD, this.y + 4, { width: INNER, lineBreak: false });
    this.doc.fillColor('black');
    this.y += 18;
  }

  private row(texts: string[], font: 'body' | 'bold'): void {
    const height = this.heightOf(texts, font);
    this.ensure(height);
    this.cells(texts, font);
    this.rule(this.y + height, 0.3, LINE);
    this.y += height;
  }

  private totalRow(label: string, totals: Totals, grand: boolean): void {
    const { columns } = this.report;
    const labelColumn = Math.max(0, columns.findIndex((c) => !c.total));
    const texts = columns.map((c, i) => (c.total ? formatCell(totals.values[i] ?? 0, c.kind === 'money' ? 'money' : 'integer') : ''));
    texts[labelColumn] = label;
    // The label reaches over the empty cells up to the next column with a total.
    let end = columns.findIndex((c, i) => i > labelColumn && c.total);
    if (end < 0) end = columns.length;
    const span: Span = { column: labelColumn, width: this.layout.widths.slice(labelColumn, end).reduce((a, b) => a + b, 0) };
    const height = this.heightOf(texts, 'bold', span);
    this.ensure(height);
    this.rule(this.y, grand ? 0.8 : 0.4, '#555555');
    this.cells(texts, 'bold', span);
    if (grand) {
      this.rule(this.y + height, 0.5, '#555555');
      this.rule(this.y + height + 1.5, 0.5, '#555555');
    }
    this.y += height + (grand ? 6 : 2);
  }

  /** Height of a row: one line, or the tallest wrapped cell. */
  private heightOf(texts: readonly string[], font: 'body' | 'bold', span?: Span): number {
    const { doc, layout } = this;
    doc.font(font).fontSize(BODY_SIZE);
    const line = doc.currentLineHeight(true);
    let height = line;
    texts.forEach((text, i) => {
      const width = (span?.column === i ? span.width : (layout.widths[i] ?? 0)) - 2 * PAD;
      if (!text || (!text.includes('\n') && doc.widthOfString(text) <= width)) return;
      height = Math.max(height, doc.heightOfString(text, { width }));
    });
    return height + 2 * PAD;
  }

  private cells(texts: readonly string[], font: 'body' | 'bold', span?: Span): void {
    const { doc, layout } = this;
    doc.font(font).fontSize(BODY_SIZE).fillColor('black');
    texts.forEach((text, i) => {
      if (!text) return;
      const spanned = span?.column === i;
      const width = (spanned ? span.width : (layout.widths[i] ?? 0)) - 2 * PAD;
      const align = spanned ? 'left' : (layout.align[i] ?? 'left');
      const x = (layout.x[i] ?? 0) + PAD;
      const textWidth = text.includes('\n') ? Infinity : doc.widthOfString(text);
      if (textWidth <= width) {
        // One line: placed directly, without pdfkit's line wrapper (the bulk of a long list).
        doc.text(text, align === 'right' ? x + width - textWidth : x, this.y + PAD, { lineBreak: false });
      } else {
        doc.text(text, x, this.y + PAD, { width, align });
      }
    });
  }

  private rule(y: number, width: number, color: string): void {
    this.doc.moveTo(MARGIN.left, y).lineTo(MARGIN.left + INNER, y).lineWidth(width).strokeColor(color).stroke();
  }
}
