/** Pure rule of newsletters: what counts as a PDF. */

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
