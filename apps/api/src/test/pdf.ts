import PDFDocument from 'pdfkit';

/** A small real PDF with the given text (pdfkit), as the board would upload it (a newsletter, a document). */
export function makePdf(text = 'Newsletter des Fanclubs'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Title: text } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(text);
    doc.end();
  });
}

/**
 * A PDF of exactly `size` bytes: a real one with a comment of padding before its end marker.
 * Readers skip comments, so it stays a valid PDF.
 */
export async function pdfOfSize(size: number): Promise<Buffer> {
  const pdf = await makePdf('Gross');
  const end = pdf.lastIndexOf('%%EOF');
  const head = pdf.subarray(0, end);
  const tail = pdf.subarray(end);
  const padding = size - pdf.length - 2;
  if (padding < 0) throw new Error('size too small');
  return Buffer.concat([head, Buffer.from('%'), Buffer.alloc(padding, 0x20), Buffer.from('\n'), tail]);
}
