import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { isCreditorReference, isQrReference, qrReferenceCheckDigit } from '../../lib/payment-reference.ts';
import { formatAmount, renderInvoicePdf, type InvoiceDocument } from './invoice.pdf.ts';
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

/** Renders, rasterises the page with poppler and decodes the QR code: its payload lines. */
async function qrPayload(doc: InvoiceDocument, name: string): Promise<{ lines: string[]; pdf: string; pages: number }> {
  const pdf = path.join(dir, `${name}.pdf`);
  writeFileSync(pdf, await renderInvoicePdf(doc));
  execFileSync('pdftoppm', ['-png', '-r', '150', pdf, path.join(dir, name)]);
  const png = PNG.sync.read(readFileSync(path.join(dir, `${name}-1.png`)));
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  expect(code, 'QR code found on the page').not.toBeNull();
  const info = execFileSync('pdfinfo', [pdf]).toString();
  return { lines: code!.data.split(/\r?\n/), pdf, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
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
    expect(isQrReference(ref)).toBe(true);
    expect(Number(ref[26])).toBe(qrReferenceCheckDigit(ref.slice(0, 26)));
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
    expect(isCreditorReference(lines[28]!)).toBe(true);
    expect(lines[30]).toBe('EPD');
  });

  it('prints every character of the name in Noto Sans ("Marjanović", not "Marjanovi")', async () => {
    const { pdf } = await qrPayload(invoice(QR_IBAN), 'font');
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(text).toContain('Ana Marjanović');
    expect(text).toContain('Zahlteil');
    expect(text).toContain('Empfangsschein');
    const fonts = execFileSync('pdffonts', [pdf]).toString();
    expect(fonts).toMatch(/NotoSans/);
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it('a reminder asks in the QR code for what is still open, with the invoice reference', async () => {
    const doc = invoice(QR_IBAN, {
      reminder: { level: 2, title: '2. Mahnung', reminderDate: '2027-07-20', dueDate: '2027-08-03', openRappen: 23_450 },
    });
    const { lines, pdf } = await qrPayload(doc, 'reminder');
    expect(lines[18]).toBe('234.50');
    expect(lines[28]).toBe(doc.reference);
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(text).toContain('2. Mahnung');
    expect(text).toContain('03.08.2027');
  });

  it('formats amounts with the Swiss apostrophe', () => {
    expect(formatAmount(123_450)).toBe('1’234.50');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(100_000_000)).toBe('1’000’000.00');
  });
});
