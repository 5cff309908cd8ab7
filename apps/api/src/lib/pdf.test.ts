import { describe, expect, it } from 'vitest';
import { makePdf } from '../test/pdf.ts';
import { isPdf, simplePdf } from './pdf.ts';

describe('isPdf', () => {
  it('takes a real PDF, also with a little junk before the header and whitespace after the end marker', async () => {
    const pdf = await makePdf();
    expect(isPdf(pdf)).toBe(true);
    expect(isPdf(Buffer.concat([Buffer.from('\r\n'), pdf, Buffer.from('\n\n')]))).toBe(true);
  });

  it('refuses what only looks like one: no header, header too late, no end marker, empty', async () => {
    const pdf = await makePdf();
    expect(isPdf(Buffer.from('Hallo %%EOF'))).toBe(false);
    expect(isPdf(Buffer.concat([Buffer.alloc(2000, 0x20), pdf]))).toBe(false);
    expect(isPdf(pdf.subarray(0, pdf.length - 50))).toBe(false);
    expect(isPdf(Buffer.from('%PDF-%%EOF').subarray(0, 5))).toBe(false);
    expect(isPdf(new Uint8Array(0))).toBe(false);
  });
});

describe('the demo PDF', () => {
  it('is a PDF by our check, with a cross-reference table pointing at its objects', () => {
    const pdf = simplePdf('Newsletter Derby-Spezial', ['Grüsse aus Zürich (Fanlokal)']);
    expect(isPdf(pdf)).toBe(true);
    const text = pdf.toString('latin1');
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
  });
});
