import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { calculateQRReferenceChecksum, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { amountDue, renderInvoicePdf, type InvoiceDocument } from './invoice.pdf.ts';
import { paymentReference } from './invoices.rules.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QR_IBAN = 'CH4431999123000889012';
const PLAIN_IBAN = 'CH9300762011623852957';

function invoice(iban: string, over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const number = '2027-00012';
  return {
    creditor: {
      name: 'ZSC Fanclub Limmat',
      street: 'Hardturmstrasse',
      houseNumber: '120',
      postalCode: '8005',
      city: 'Zürich',
      country: 'CH',
      iban,
      contactLine: 'fanclub.example',
    },
    debtor: {
      name: 'Ana Marjanović',
      street: 'Limmatstrasse',
      houseNumber: '12a',
      addressLine2: '',
      postalCode: '8005',
      city: 'Zürich',
      country: 'CH',
      memberNumber: 42,
    },
    number,
    title: 'Mitgliederbeitrag 2027/28',
    invoiceDate: '2027-05-03',
    dueDate: '2027-06-02',
    lines: [{ text: 'Mitgliederbeitrag Saison 2027/28', amountRappen: 123_450 }],
    totalRappen: 123_450,
    reference: paymentReference(iban, number, 42),
    message: 'Mitgliederbeitrag 2027/28, Rechnung 2027-00012',
    ...over,
  };
}

const QR_DPI = 300;
const zxingWasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({
  overrides: { wasmBinary: zxingWasm.buffer.slice(zxingWasm.byteOffset, zxingWasm.byteOffset + zxingWasm.byteLength) as ArrayBuffer },
});

/** What each decoder reads from the page (null: no QR code found). */
interface Decoded {
  jsqr: string | null;
  zxing: string | null;
  zbar: string | null;
}

/** Renders, rasterises the payment part (the page's lowest 105 mm) at 300 dpi with poppler and decodes it with jsQR, zxing-cpp (wasm) and zbar. */
async function decode(doc: InvoiceDocument, name: string): Promise<{ decoded: Decoded; pdf: string; pages: number }> {
  const pdf = path.join(dir, `${name}.pdf`);
  writeFileSync(pdf, await renderInvoicePdf(doc));
  const px = (mm: number) => Math.round((mm / 25.4) * QR_DPI);
  const crop = ['-x', '0', '-y', String(px(297 - 105)), '-W', String(px(210)), '-H', String(px(105))];
  execFileSync('pdftoppm', ['-png', '-r', String(QR_DPI), ...crop, pdf, path.join(dir, name)]);
  const pngFile = path.join(dir, `${name}-1.png`);
  const bytes = readFileSync(pngFile);
  const png = PNG.sync.read(bytes);
  const jsqr = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)?.data ?? null;
  const [zxingResult] = await readBarcodes(new Uint8Array(bytes), { formats: ['QRCode'], tryHarder: false });
  const zbarRun = spawnSync('zbarimg', ['-q', '--raw', '-Sbinary', '-Sdisable', '-Sqrcode.enable', pngFile]);
  const zbar = zbarRun.status === 0 ? zbarRun.stdout.toString('utf8').replace(/\n$/, '') : null;
  const info = execFileSync('pdfinfo', [pdf]).toString();
  return { decoded: { jsqr, zxing: zxingResult?.text ?? null, zbar }, pdf, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

/** The payload's lines, the same from every decoder. */
async function qrPayload(doc: InvoiceDocument, name: string): Promise<{ lines: string[]; pdf: string; pages: number }> {
  const { decoded, pdf, pages } = await decode(doc, name);
  expect(decoded.jsqr, 'jsQR finds the QR code').not.toBeNull();
  expect(decoded.zxing, 'zxing finds the QR code').toBe(decoded.jsqr);
  expect(decoded.zbar, 'zbar finds the QR code').toBe(decoded.jsqr);
  return { lines: decoded.jsqr!.split(/\r?\n/), pdf, pages };
}

describe('invoice PDF with Swiss QR-bill', () => {
  it('with a QR-IBAN: one A4 page whose QR code carries a valid payload with QR reference, structured addresses and amount', async () => {
    const { lines, pdf, pages } = await qrPayload(invoice(QR_IBAN), 'qrr');
    expect(pages).toBe(1);
    expect(execFileSync('pdfinfo', [pdf]).toString()).toMatch(/Page size:\s+595\.28 x 841\.89/);
    expect(lines.slice(0, 3)).toEqual(['SPC', '0200', '1']);
    expect(lines[3]).toBe(QR_IBAN);
    expect(lines.slice(4, 11)).toEqual(['S', 'ZSC Fanclub Limmat', 'Hardturmstrasse', '120', '8005', 'Zürich', 'CH']);
    expect(lines.slice(11, 18)).toEqual(['', '', '', '', '', '', '']);
    expect(lines[18]).toBe('1234.50');
    expect(lines[19]).toBe('CHF');
    expect(lines.slice(20, 27)).toEqual(['S', 'Ana Marjanović', 'Limmatstrasse', '12a', '8005', 'Zürich', 'CH']);
    expect(lines[27]).toBe('QRR');
    const ref = lines[28]!;
    expect(ref).toMatch(/^[0-9]{27}$/);
    expect(isQRReferenceValid(ref)).toBe(true);
    expect(ref[26]).toBe(calculateQRReferenceChecksum(ref.slice(0, 26)));
    expect(ref).toContain('20270001200000042');
    expect(lines[29]).toBe('Mitgliederbeitrag 2027/28, Rechnung 2027-00012');
    expect(lines[30]).toBe('EPD');
    // Only QR-bill characters: no (narrow) no-break spaces from Intl formatting.
    expect(lines.join('\n')).not.toMatch(/[\u00a0\u202f]/);
  });

  it('with a plain IBAN: an RF creditor reference (SCOR) with a valid ISO 11649 check', async () => {
    const { lines } = await qrPayload(invoice(PLAIN_IBAN), 'scor');
    expect(lines[3]).toBe(PLAIN_IBAN);
    expect(lines[27]).toBe('SCOR');
    expect(lines[28]).toMatch(/^RF[0-9]{2}/);
    expect(isSCORReferenceValid(lines[28]!)).toBe(true);
    expect(lines[30]).toBe('EPD');
  });

  it('sets every text, payment part and receipt included, in Liberation Sans, embedded ("Marjanović", not "Marjanovi")', async () => {
    const { pdf } = await qrPayload(invoice(QR_IBAN), 'font');
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(text).toContain('Ana Marjanović');
    expect(text).toContain('Zahlteil');
    expect(text).toContain('Empfangsschein');
    const fonts = execFileSync('pdffonts', [pdf]).toString().split('\n').slice(2).filter(Boolean);
    expect(fonts).toHaveLength(2);
    for (const line of fonts) expect(line).toMatch(/^[A-Z]{6}\+LiberationSans(-Bold)?\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('is read at 300 dpi by jsQR, zxing and zbar, whatever the payload length (QR version 14 and above)', async () => {
    const long = invoice(QR_IBAN, {
      debtor: { ...invoice(QR_IBAN).debtor, name: 'Anna-Maria Müller-Lüdenscheidt von Graffenried', street: 'Obere Bahnhofstrasse' },
      message: 'Mitgliederbeitrag 2027/28 und Parkkarte 2027/28, Rechnung 2027-00012, bitte Referenz verwenden'.slice(0, 140),
    });
    const short = invoice(PLAIN_IBAN, {
      debtor: { ...invoice(QR_IBAN).debtor, name: 'Bo Li', street: 'Au', houseNumber: '' },
      message: '',
    });
    for (const [name, doc] of [
      ['long', long],
      ['short', short],
    ] as const) {
      const { lines } = await qrPayload(doc, name);
      expect(lines[0]).toBe('SPC');
      expect(lines[30]).toBe('EPD');
    }
  });

  it('a paid invoice says "bezahlt" and carries no payable slip', async () => {
    const doc = invoice(QR_IBAN, { paid: { paidRappen: 123_450, paidAt: '2027-05-20', settled: true } });
    expect(amountDue(doc)).toBe(0);
    const { decoded, pdf } = await decode(doc, 'paid');
    expect(decoded).toEqual({ jsqr: null, zxing: null, zbar: null });
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(text).toMatch(/Rechnung 2027-00012 – Bezahlt/);
    expect(text).toContain('Bezahlt am');
    expect(text).toContain('20.05.2027');
    expect(text).not.toContain('Zahlteil');
    expect(text).not.toContain('Empfangsschein');
    expect(text).not.toContain('Zahlbar bis');
  });

  it('a partly paid invoice asks for what is still open, in the text and the QR code', async () => {
    const doc = invoice(QR_IBAN, { paid: { paidRappen: 100_000, paidAt: null, settled: false } });
    const { lines, pdf } = await qrPayload(doc, 'partly');
    expect(lines[18]).toBe('234.50');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    expect(text).toMatch(/Bereits bezahlt\s+1'000\.00/);
    expect(text).toMatch(/Noch offen\s+234.50/);
    // pdftotext reads the no-break space after «CHF» as a space.
    expect(text).toContain('offenen Betrag von CHF 234.50');
  });

  it('a cancelled invoice carries no slip', async () => {
    const { decoded, pdf } = await decode(invoice(QR_IBAN, { cancelled: true }), 'cancelled');
    expect(decoded.jsqr).toBeNull();
    expect(execFileSync('pdftotext', [pdf, '-']).toString()).toMatch(/Rechnung 2027-00012 – Storniert/);
  });
});
