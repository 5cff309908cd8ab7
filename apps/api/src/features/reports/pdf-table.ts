import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { Totals, type Cell, type CellKind, type TableColumn, type TableReport } from './report-model.ts';
import { drawTexts, usePlainLayout, type PlacedText } from './pdf-glyphs.ts';
import { formatWallDate, formatWallTime, formatZurich } from './report-dates.ts';

/**
 * Table reports as A4 landscape PDFs: the club's name, title and subtitle and the time
 * made on every page, the table header repeated on every page, long text wrapped inside its
 * column, subtotals per block and totals per section, "Seite x von y" in the footer (a first
 * pass counts the pages, see writePdfReport). Noto Sans carries every name (Marjanović).
 */

export const PDF_TYPE = 'application/pdf';

// Resolved like a package import: from the sources and from the bundled dist/server.mjs alike.
// The measuring document selects fonts by these paths, a report by one registered name per
// file (its parsed font, see writePdfReport), never two names for one file: pdfkit caches a
// font under the key it was first opened with, and a second name for the same file opens it
// again on every switch (twice per table row).
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
  if (typeof cell === 'number')
    return kind === 'money' ? moneyFormat.format(cell) : kind === 'number' ? String(cell) : integerFormat.format(cell);
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
 * Two passes over the rows: the first only lays them out to count the pages, the second
 * draws them with "Seite x von y" on each page as it goes. pdfkit's buffered pages
 * (`bufferPages`) would let the footer be written at the end, but they keep every page's
 * drawing operations in memory: about 300 MB for 10,000 members. Streamed page by page,
 * memory stays flat; reading the rows twice costs less than a tenth of the time.
 */
export async function writePdfReport(out: Writable, report: TableReport): Promise<void> {
  // Counting draws nothing: the measuring document stands in.
  const counter = new TableWriter(measure.doc(), report, out, null);
  await counter.write();

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGIN,
    autoFirstPage: false,
    // No font opened up front (pdfkit would parse Helvetica or a file): the report's are registered below.
    font: null as unknown as string,
    info: { Title: `${report.title} ${report.subtitle}`, Author: report.author, Creator: report.author, CreationDate: report.createdAt },
  });
  // Fonts parsed once for all reports (parsing Noto Sans costs about 80 ms per document):
  // pdfkit's font factory takes a parsed fontkit font as well as a file (not in its types).
  for (const name of ['regular', 'bold'] as const) doc.registerFont(name, measure.parsed(name) as Buffer);
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

type FontName = keyof typeof fontFiles;

/**
 * Text widths and line breaks without pdfkit's shaping: the advance widths of single
 * characters (kept across reports), summed. Kerning is left out; the lines are broken a
 * little short of the column so that the drawn text, kerned, still fits.
 */
class TextMeasure {
  private readonly advance = new Map<string, number>();
  private scratch: Doc | null = null;
  private readonly heights = new Map<string, number>();

  /** A document that is never drawn on or written: fonts and sizes to measure with. */
  doc(): Doc {
    this.scratch ??= new PDFDocument({ size: 'A4', layout: 'landscape', margins: MARGIN, font: fontFiles.regular });
    return this.scratch;
  }

  /** Width of the text in points at the given size. */
  width(text: string, font: FontName, size: number): number {
    let total = 0;
    for (const ch of text) {
      const key = font === 'bold' ? `b${ch}` : ch;
      let w = this.advance.get(key);
      if (w === undefined) {
        w = this.doc().font(fontFiles[font]).fontSize(1000).widthOfString(ch) / 1000;
        this.advance.set(key, w);
      }
      total += w;
    }
    return total * size;
  }

  /** The parsed (fontkit) font of the measuring document. */
  parsed(font: FontName): unknown {
    return (this.doc().font(fontFiles[font]) as unknown as { _font: { font: unknown } })._font.font;
  }

  lineHeight(font: FontName, size: number): number {
    const key = `${font}${size}`;
    let h = this.heights.get(key);
    if (h === undefined) {
      h = this.doc().font(fontFiles[font]).fontSize(size).currentLineHeight(true);
      this.heights.set(key, h);
    }
    return h;
  }

  /** The text broken into lines of at most `width` points: at spaces and after hyphens, else inside a word. */
  lines(text: string, font: FontName, size: number, width: number): string[] {
    const limit = width - 0.5;
    const out: string[] = [];
    // Most cells: one line that fits.
    if (!text.includes('\n') && this.width(text, font, size) <= limit) return [text];
    for (const paragraph of text.split('\n')) {
      if (this.width(paragraph, font, size) <= limit) {
        out.push(paragraph);
        continue;
      }
      let line = '';
      for (const word of paragraph.split(/(?<=[ -])/)) {
        if (this.width(line + word, font, size) <= limit || line === '') {
          line += word;
        } else {
          out.push(line.trimEnd());
          line = word;
        }
        // A word longer than the column is cut where it has to be.
        while (this.width(line.trimEnd(), font, size) > limit && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), font, size) > limit) cut--;
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      if (line.trim()) out.push(line.trimEnd());
    }
    return out;
  }
}

const measure = new TextMeasure();

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
    this.madeAt = formatZurich(report.createdAt);
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
    const texts = this.report.columns.map((c) => c.header);
    const lines = this.linesOf(texts, 'bold');
    const height = this.heightOf(lines, 'bold');
    if (this.drawing) this.doc.rect(MARGIN.left, this.y, INNER, height).fill(HEAD_FILL);
    this.cells(lines, 'bold');
    this.rule(this.y + height, 0.8, '#888888');
    this.y += height;
  }

  private ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  private heading(text: string, size: number, level: 0 | 1): void {
    const lines = measure.lines(text, 'bold', size, INNER - 2 * PAD);
    const lineHeight = measure.lineHeight('bold', size);
    const top = PAD + (level === 0 ? 4 : 0);
    const height = lines.length * lineHeight + top + PAD;
    // A heading never stands alone at the foot of a page.
    this.ensure(height + 3 * (BODY_SIZE * 1.4 + 2 * PAD));
    if (this.drawing) {
      const { doc } = this;
      if (level === 1) doc.rect(MARGIN.left, this.y, INNER, height).fill(BLOCK_FILL);
      this.font('bold').fillColor('black').fontSize(size);
      lines.forEach((line, i) => doc.text(line, MARGIN.left + PAD, this.y + top + i * lineHeight, { lineBreak: false }));
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
    const lines = this.linesOf(texts, font);
    const height = this.heightOf(lines, font);
    this.ensure(height);
    this.cells(lines, font);
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
    const lines = this.linesOf(texts, 'bold', span);
    const height = this.heightOf(lines, 'bold');
    this.ensure(height);
    this.rule(this.y, grand ? 0.8 : 0.4, '#555555');
    this.cells(lines, 'bold', span);
    if (grand) {
      this.rule(this.y + height, 0.5, '#555555');
      this.rule(this.y + height + 1.5, 0.5, '#555555');
    }
    this.y += height + (grand ? 6 : 2);
  }

  /** Each cell's text in the lines it takes in its column (or across its span). */
  private linesOf(texts: readonly string[], font: FontName, span?: Span): string[][] {
    return texts.map((text, i) => {
      if (!text) return [];
      const width = (span?.column === i ? span.width : (this.layout.widths[i] ?? 0)) - 2 * PAD;
      return measure.lines(text, font, BODY_SIZE, width);
    });
  }

  /** Height of a row from its cells' lines (linesOf): one line, or as many as its most wrapped cell. */
  private heightOf(cells: readonly string[][], font: FontName): number {
    let lines = 1;
    for (const cell of cells) lines = Math.max(lines, cell.length);
    return lines * measure.lineHeight(font, BODY_SIZE) + 2 * PAD;
  }

  /**
   * Draws a row's cells. The lines are broken here, not by pdfkit, so that the first pass
   * (counting pages) and the drawing agree to the line, and pdfkit's costly line wrapper
   * is never needed; a row's lines go out as one block of text operators (drawTexts).
   */
  private cells(cells: readonly string[][], font: FontName, span?: Span): void {
    if (!this.drawing) return;
    const { doc, layout } = this;
    this.font(font).fontSize(BODY_SIZE).fillColor('black');
    const lineHeight = measure.lineHeight(font, BODY_SIZE);
    const placed: PlacedText[] = [];
    cells.forEach((lines, i) => {
      const spanned = span?.column === i;
      const width = (spanned ? span.width : (layout.widths[i] ?? 0)) - 2 * PAD;
      const right = !spanned && layout.align[i] === 'right';
      const x = (layout.x[i] ?? 0) + PAD;
      lines.forEach((line, n) => {
        placed.push({ text: line, x: right ? x + width - measure.width(line, font, BODY_SIZE) : x, y: this.y + PAD + n * lineHeight });
      });
    });
    drawTexts(doc, placed);
  }

  /** Switches the font (registered by its name in writePdfReport), with the plain layout of pdf-glyphs.ts. */
  private font(name: FontName): Doc {
    this.doc.font(name);
    usePlainLayout(this.doc, fontFiles[name]);
    return this.doc;
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
