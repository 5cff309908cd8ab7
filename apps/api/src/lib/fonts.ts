import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { repoRoot } from './paths.ts';

/**
 * Liberation Sans, regular and bold, from the repository (`apps/api/assets/fonts`, SIL Open Font
 * License), the one typeface of the site's PDFs (invoices and season reports). Parsed once with
 * fontkit (pdfkit's own font engine): pdfkit's `registerFont` takes a parsed font as well as a
 * file (its font factory uses any object with `layout`), and parsing and laying out anew for every
 * document tripled the time of an invoice (71 → 240 ms median).
 */
const parseFont = (name: string) => fontkit.create(readFileSync(path.join(repoRoot, 'apps/api/assets/fonts', name))) as fontkit.Font;
const liberationSans = { regular: parseFont('LiberationSans-Regular.ttf'), bold: parseFont('LiberationSans-Bold.ttf') };

/** Registers Liberation Sans in `pdf` under the two names given; select them with `pdf.font(name)`. */
export function registerLiberationSans(pdf: PDFKit.PDFDocument, names: { regular: string; bold: string }): void {
  // pdfkit's types list only a file or buffer; its font factory takes a parsed fontkit font too.
  pdf.registerFont(names.regular, liberationSans.regular as unknown as Buffer);
  pdf.registerFont(names.bold, liberationSans.bold as unknown as Buffer);
}
