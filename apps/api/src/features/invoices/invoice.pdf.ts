import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { PDFOptions } from 'swissqrbill/types';
import { formatReference } from './invoices.rules.ts';

/**
 * The invoice as an A4 PDF with the Swiss QR-bill payment part at the bottom of the same page
 * (implementation guidelines v2.3: structured addresses, perforation line with scissors).
 * Pure: the data in, the file out. Every text is set in Noto Sans (shipped through a package),
 * which covers the QR-bill character set ("Marjanović"), unlike PDF's built-in Helvetica.
 */

export interface PostalAddress {
  street: string;
  houseNumber: string;
  addressLine2?: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface InvoiceDocument {
  creditor: PostalAddress & { name: string; iban: string; contactLine: string };
  debtor: PostalAddress & { name: string; memberNumber?: number | undefined };
  number: string;
  title: string;
  /** ISO dates */
  invoiceDate: string;
  dueDate: string;
  lines: { text: string; amountRappen: number }[];
  totalRappen: number;
  reference: string;
  /** the QR-bill's unstructured message, e.g. "Mitgliederbeitrag 2027/28, Rechnung 2027-00012" */
  message: string;
  /** a payment reminder instead of the invoice itself: its level, date, new due date and what is still open */
  reminder?: { level: number; title: string; reminderDate: string; dueDate: string; openRappen: number } | undefined;
  /** booked payment, for a paid invoice */
  paid?: { paidAt: string; paidRappen: number } | undefined;
}

const require = createRequire(import.meta.url);
const fonts = {
  regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
  bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
};
const FONT = 'NotoSans';

/**
 * Fonts parsed once: pdfkit takes a parsed (fontkit) font as well as a file, and parsing Noto Sans
 * costs about 80 ms per document. The parsed font is read back from the first document.
 */
const parsedFonts = new Map<string, unknown>();
function registerFont(pdf: PDFKit.PDFDocument, name: string, file: Buffer): void {
  // pdfkit's types list only files and buffers; its font factory also takes a fontkit font (anything with layout()).
  pdf.registerFont(name, (parsedFonts.get(name) ?? file) as Buffer);
  if (!parsedFonts.has(name)) {
    pdf.font(name);
    parsedFonts.set(name, (pdf as unknown as { _font: { font: unknown } })._font.font);
  }
}

const mm = (v: number) => (v * 72) / 25.4;

/** `1’234.50`: Swiss grouping with the apostrophe the QR-bill uses, never Intl's narrow spaces. */
export function formatAmount(rappen: number): string {
  const francs = Math.floor(Math.abs(rappen) / 100);
  const cents = String(Math.abs(rappen) % 100).padStart(2, '0');
  return `${rappen < 0 ? '-' : ''}${String(francs).replace(/\B(?=(\d{3})+(?!\d))/g, '’')}.${cents}`;
}

/** `01.05.2027` from `2027-05-01`. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

function addressLines(a: PostalAddress & { name: string }): string[] {
  return [
    a.name,
    [a.street, a.houseNumber].filter(Boolean).join(' '),
    a.addressLine2 ?? '',
    `${a.country === 'CH' ? '' : `${a.country}-`}${a.postalCode} ${a.city}`,
  ].filter((l) => l.trim() !== '');
}

function hasAddress(a: PostalAddress): boolean {
  return Boolean(a.street.trim() && a.postalCode.trim() && a.city.trim());
}

/** Renders the invoice (or its reminder) to a PDF buffer. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `${doc.reminder?.title ?? 'Rechnung'} ${doc.number}`, Author: doc.creditor.name, Subject: doc.title },
  });
  registerFont(pdf, FONT, fonts.regular);
  registerFont(pdf, `${FONT}-Bold`, fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = mm(20);
  const right = pdf.page.width - mm(20);
  const width = right - left;
  const grey = '#555555';

  // Letterhead
  pdf
    .font(`${FONT}-Bold`)
    .fontSize(16)
    .fillColor('black')
    .text(doc.creditor.name, left, mm(15), { width: mm(95) });
  pdf.font(FONT).fontSize(9).fillColor(grey);
  for (const line of addressLines({ ...doc.creditor, name: '' })) pdf.text(line, { width: mm(95) });
  if (doc.creditor.contactLine) pdf.text(doc.creditor.contactLine, { width: mm(95) });

  // Recipient in the window of a C5 envelope (window on the right: 118 mm from the left, 50–95 mm from the top)
  const windowX = mm(118);
  pdf
    .font(FONT)
    .fontSize(7)
    .fillColor(grey)
    .text(
      `${doc.creditor.name}, ${[doc.creditor.street, doc.creditor.houseNumber].filter(Boolean).join(' ')}, ${doc.creditor.postalCode} ${doc.creditor.city}`,
      windowX,
      mm(50),
      {
        width: mm(80),
        lineBreak: false,
        ellipsis: true,
      },
    );
  pdf
    .font(FONT)
    .fontSize(10.5)
    .fillColor('black')
    .text(addressLines(doc.debtor).join('\n'), windowX, mm(56), { width: mm(80), lineGap: 1 });

  // Title and facts
  const reminder = doc.reminder;
  let y = mm(86);
  pdf
    .font(`${FONT}-Bold`)
    .fontSize(15)
    .fillColor('black')
    .text(reminder ? `${reminder.title}: Rechnung ${doc.number}` : `Rechnung ${doc.number}`, left, y, { width });
  y = pdf.y + mm(2);
  const facts: [string, string][] = [
    ['Rechnungsdatum', formatDate(doc.invoiceDate)],
    ...(reminder ? ([['Datum der Mahnung', formatDate(reminder.reminderDate)]] as [string, string][]) : []),
    ['Zahlbar bis', formatDate(reminder?.dueDate ?? doc.dueDate)],
    ...(doc.debtor.memberNumber ? ([['Mitgliedernummer', String(doc.debtor.memberNumber)]] as [string, string][]) : []),
    ['Referenz', formatReference(doc.reference)],
  ];
  pdf.fontSize(9);
  for (const [label, value] of facts) {
    pdf
      .font(FONT)
      .fillColor(grey)
      .text(label, left, y, { width: mm(45) });
    pdf
      .font(FONT)
      .fillColor('black')
      .text(value, left + mm(45), y, { width: width - mm(45) });
    y = pdf.y + 1;
  }

  // Lines and total
  y += mm(4);
  const amountX = right - mm(35);
  pdf.font(`${FONT}-Bold`).fontSize(9.5).fillColor('black');
  pdf.text('Bezeichnung', left, y, { width: amountX - left - mm(3) });
  pdf.text('Betrag CHF', amountX, y, { width: mm(35), align: 'right' });
  y = pdf.y + mm(1);
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor('black').undash().stroke();
  y += mm(1.5);
  pdf.font(FONT);
  for (const line of doc.lines) {
    pdf.text(line.text, left, y, { width: amountX - left - mm(3) });
    const after = pdf.y;
    pdf.text(formatAmount(line.amountRappen), amountX, y, { width: mm(35), align: 'right' });
    y = Math.max(after, pdf.y) + mm(1);
  }
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.6).stroke();
  y += mm(1.5);
  pdf.font(`${FONT}-Bold`).text('Total', left, y, { width: amountX - left });
  pdf.text(formatAmount(doc.totalRappen), amountX, y, { width: mm(35), align: 'right' });
  y = pdf.y + mm(1);
  const amountDue = reminder ? reminder.openRappen : doc.totalRappen;
  if (reminder && reminder.openRappen !== doc.totalRappen) {
    pdf.font(FONT).text('Bereits bezahlt', left, y, { width: amountX - left });
    pdf.text(formatAmount(doc.totalRappen - reminder.openRappen), amountX, y, { width: mm(35), align: 'right' });
    y = pdf.y + mm(1);
    pdf.font(`${FONT}-Bold`).text('Noch offen', left, y, { width: amountX - left });
    pdf.text(formatAmount(reminder.openRappen), amountX, y, { width: mm(35), align: 'right' });
    y = pdf.y + mm(1);
  }

  // Text
  y += mm(5);
  const due = formatDate(reminder?.dueDate ?? doc.dueDate);
  const body = doc.paid
    ? `Diese Rechnung wurde am ${formatDate(doc.paid.paidAt)} bezahlt (CHF ${formatAmount(doc.paid.paidRappen)}). Vielen Dank!`
    : reminder
      ? `Unsere Rechnung ${doc.number} vom ${formatDate(doc.invoiceDate)} ist noch nicht bezahlt. Bitte überweisen Sie den offenen Betrag von CHF ${formatAmount(reminder.openRappen)} bis zum ${due} mit dem Einzahlungsschein unten. Haben Sie in den letzten Tagen bezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.`
      : `Vielen Dank für Ihre Mitgliedschaft und Ihre Unterstützung. Bitte bezahlen Sie den Betrag bis zum ${due} mit dem QR-Einzahlungsschein unten (Referenz bitte unverändert übernehmen).`;
  pdf.font(FONT).fontSize(9.5).fillColor('black').text(body, left, y, { width, lineGap: 1 });
  pdf.text(`Freundliche Grüsse\n${doc.creditor.name}`, left, pdf.y + mm(3), { width });

  // The payment part always goes at the foot of this page (never on a page of its own).
  const qrTop = pdf.page.height - mm(105);
  if (pdf.y > qrTop) throw new Error(`invoice ${doc.number}: text runs into the payment part`);
  pdf.y = qrTop;

  // Payment part with receipt on the same page, perforation line and scissors
  const qr = new SwissQRBill(
    {
      currency: 'CHF',
      amount: amountDue / 100,
      reference: doc.reference,
      message: doc.message,
      creditor: {
        account: doc.creditor.iban,
        name: doc.creditor.name,
        address: doc.creditor.street,
        ...(doc.creditor.houseNumber ? { buildingNumber: doc.creditor.houseNumber } : {}),
        zip: doc.creditor.postalCode,
        city: doc.creditor.city,
        country: doc.creditor.country,
      },
      ...(hasAddress(doc.debtor)
        ? {
            debtor: {
              name: doc.debtor.name,
              address: doc.debtor.street,
              ...(doc.debtor.houseNumber ? { buildingNumber: doc.debtor.houseNumber } : {}),
              zip: doc.debtor.postalCode,
              city: doc.debtor.city,
              country: doc.debtor.country,
            },
          }
        : {}),
    },
    // swissqrbill types list only its own font names, but it takes any registered one (`X` and `X-Bold`).
    { language: 'DE', scissors: true, fontName: FONT as PDFOptions['fontName'] },
  );
  qr.attachTo(pdf, 0, qrTop);
  pdf.end();
  return done;
}
