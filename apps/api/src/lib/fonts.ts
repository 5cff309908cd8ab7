import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as fontkit from 'fontkit';
import { onFirstUse } from './on-first-use.ts';

const fontkitPackage = onFirstUse<typeof fontkit>('fontkit');
import { repoRoot } from '../paths.ts';

/**
 * The site's PDF fonts, from the repository (`apps/api/assets/fonts`, SIL Open Font License; see the
 * README there), each parsed once with fontkit (pdfkit's own font engine) on first use: pdfkit's
 * `registerFont` takes a parsed font as well as a file (its font factory uses any object with
 * `layout`), and parsing and laying out anew for every document tripled the time of an invoice
 * (71 → 240 ms median).
 *
 * - Liberation Sans, regular and bold: the invoices (the QR-bill's style guide names it).
 * - Club Report Sans: the season reports. The same glyphs, metrics and kerning (its `kern` table), without the
 *   OpenType layout tables (GSUB, GPOS, GDEF), renamed as the licence requires for a modified copy
 *   (`scripts/make-report-font.py`). fontkit lays out a word about 9× faster without them, and a report
 *   lays out every distinct word of its rows (docs/decisions.md, Report font).
 */
interface Family {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

const parseFont = (name: string) =>
  fontkitPackage().create(readFileSync(path.join(repoRoot, 'apps/api/assets/fonts', name))) as fontkit.Font;

function family(prefix: string): () => Family {
  let parsed: Family | undefined;
  return () => (parsed ??= { regular: parseFont(`${prefix}-Regular.ttf`), bold: parseFont(`${prefix}-Bold.ttf`) });
}

const liberationSans = family('LiberationSans');
const clubReportSans = family('ClubReportSans');

/** Registers both styles of `fonts` in `pdf` under the two names given; select them with `pdf.font(name)`. */
function register(pdf: PDFKit.PDFDocument, fonts: Family, names: { regular: string; bold: string }): void {
  // pdfkit's types list only a file or buffer; its font factory takes a parsed fontkit font too.
  pdf.registerFont(names.regular, fonts.regular as unknown as Buffer);
  pdf.registerFont(names.bold, fonts.bold as unknown as Buffer);
}

/** Registers Liberation Sans (the invoices' font) in `pdf` under the two names given. */
export function registerLiberationSans(pdf: PDFKit.PDFDocument, names: { regular: string; bold: string }): void {
  register(pdf, liberationSans(), names);
}

/** Registers Club Report Sans (the season reports' font) in `pdf` under the two names given. */
export function registerReportFont(pdf: PDFKit.PDFDocument, names: { regular: string; bold: string }): void {
  register(pdf, clubReportSans(), names);
}
