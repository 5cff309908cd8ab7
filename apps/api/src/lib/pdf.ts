import { invalid } from './app-error.ts';

// PDFs the board uploads (newsletters, documents): what counts as one, and a small one for demo data.

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_EOF = Buffer.from('%%EOF', 'latin1');
/** Readers accept a little junk before the header and after the end marker; so do we. */
const HEADER_WINDOW = 1024;
const TRAILER_WINDOW = 2048;

/** True when the bytes look like a whole PDF: `%PDF-` at the start and `%%EOF` at the end. */
export function isPdf(content: Uint8Array): boolean {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const header = bytes.subarray(0, HEADER_WINDOW).indexOf(PDF_HEADER);
  if (header < 0) return false;
  const tail = bytes.subarray(Math.max(header + PDF_HEADER.length, bytes.length - TRAILER_WINDOW));
  return tail.indexOf(PDF_EOF) >= 0;
}

/** Refuses an upload without a file (422) or whose content is not a whole PDF (422), with the form field's message. */
export function checkPdfUpload(content: Buffer | undefined): asserts content is Buffer {
  if (!content || content.byteLength === 0) {
    throw invalid('Bitte wählen Sie eine PDF-Datei.', { file: 'Datei: Bitte eine PDF-Datei wählen.' });
  }
  if (!isPdf(content)) {
    throw invalid('Die Datei ist kein PDF.', { file: 'Datei: Der Inhalt ist kein vollständiges PDF. Bitte eine PDF-Datei wählen.' });
  }
}

/** Text in a PDF string: WinAnsi bytes (umlauts), with ( ) \ escaped. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A one-page PDF with a heading and some lines, written directly (no PDF library is loaded at
 * start for two demo files): Helvetica, WinAnsi encoding, a correct cross-reference table.
 */
export function simplePdf(heading: string, lines: string[]): Buffer {
  const content = [
    'BT /F1 22 Tf 56 760 Td',
    `${pdfString(heading)} Tj`,
    '/F1 12 Tf 0 -36 Td 16 TL',
    ...lines.map((line) => `${pdfString(line)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
