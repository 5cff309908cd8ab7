import type * as QRBillPdf from 'swissqrbill/pdf';
import type PDFKitModule from 'pdfkit';
import { onFirstUse } from '../../lib/on-first-use.ts';

const pdfkit = onFirstUse<typeof PDFKitModule>('pdfkit');
const qrBillPdf = onFirstUse<typeof QRBillPdf>('swissqrbill/pdf');
import type { PDFOptions } from 'swissqrbill/types';
import { registerLiberationSans } from '../../lib/fonts.ts';
import { formatIsoDate } from '../../lib/dates.ts';
import { formatAmount, formatChf, formatReference, INVOICE_STATUS_LABEL, rappenToFrancs, type InvoiceStatus } from '@club/contract';

/**
 * The invoice as an A4 PDF with the Swiss QR-bill payment part at the bottom of the same page
 * (implementation guidelines v2.3: structured addresses, perforation line with scissors) when
 * something is still to pay. Pure: the data in, the file out. Every text is set in Liberation
 * Sans (SIX style guide: Arial, Frutiger, Helvetica or Liberation Sans), embedded, from the
 * repository (`apps/api/assets/fonts`, SIL Open Font License).
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
  /** a payment reminder instead of the invoice itself: its level, date and new due date */
  reminder?: { level: number; title: string; reminderDate: string; dueDate: string } | undefined;
  /** what was booked on it: settled (paid, with the date) or a part */
  paid?: { paidRappen: number; paidAt: string | null; settled: boolean } | undefined;
  /** cancelled: kept for the books, nothing to pay */
  cancelled?: boolean | undefined;
}

const FONT = 'LiberationSans';

const mm = (v: number) => (v * 72) / 25.4;
const GREY = '#555555';
const LEFT = mm(20);
/** Where the payment part begins: its 105 mm at the foot of the A4 page. */
const PAYMENT_PART_HEIGHT = mm(105);

/** What is still to pay: nothing when settled or cancelled, else the total less what was booked. */
export function amountDue(doc: Pick<InvoiceDocument, 'totalRappen' | 'paid' | 'cancelled'>): number {
  if (doc.cancelled || doc.paid?.settled) return 0;
  return Math.max(0, doc.totalRappen - (doc.paid?.paidRappen ?? 0));
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
  const pdf = openDocument(doc);
  const done = collect(pdf);
  drawLetterhead(pdf, doc);
  drawRecipient(pdf, doc);
  let y = drawTitleAndFacts(pdf, doc);
  y = drawLinesAndTotals(pdf, doc, y);
  drawLetterText(pdf, doc, y);
  if (amountDue(doc) > 0) drawPaymentPart(pdf, doc);
  pdf.end();
  return done;
}

function openDocument(doc: InvoiceDocument): PDFKit.PDFDocument {
  const pdf = new (pdfkit())({
    size: 'A4',
    margin: 0,
    info: { Title: `${doc.reminder?.title ?? 'Rechnung'} ${doc.number}`, Author: doc.creditor.name, Subject: doc.title },
  });
  registerLiberationSans(pdf, { regular: FONT, bold: `${FONT}-Bold` });
  return pdf;
}

function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/** The club's name and address at the top left. */
function drawLetterhead(pdf: PDFKit.PDFDocument, doc: InvoiceDocument): void {
  pdf
    .font(`${FONT}-Bold`)
    .fontSize(16)
    .fillColor('black')
    .text(doc.creditor.name, LEFT, mm(15), { width: mm(95) });
  pdf.font(FONT).fontSize(9).fillColor(GREY);
  for (const line of addressLines({ ...doc.creditor, name: '' })) pdf.text(line, { width: mm(95) });
  if (doc.creditor.contactLine) pdf.text(doc.creditor.contactLine, { width: mm(95) });
}

/** The recipient in the window of a C5 envelope (window on the right: 118 mm from the left, 50–95 mm from the top). */
function drawRecipient(pdf: PDFKit.PDFDocument, doc: InvoiceDocument): void {
  const windowX = mm(118);
  const sender = `${doc.creditor.name}, ${[doc.creditor.street, doc.creditor.houseNumber].filter(Boolean).join(' ')}, ${doc.creditor.postalCode} ${doc.creditor.city}`;
  pdf
    .font(FONT)
    .fontSize(7)
    .fillColor(GREY)
    .text(sender, windowX, mm(50), { width: mm(80), lineBreak: false, ellipsis: true });
  pdf
    .font(FONT)
    .fontSize(10.5)
    .fillColor('black')
    .text(addressLines(doc.debtor).join('\n'), windowX, mm(56), { width: mm(80), lineGap: 1 });
}

/** Title (invoice or reminder, and its state) and the facts under it; answers where the next block starts. */
function drawTitleAndFacts(pdf: PDFKit.PDFDocument, doc: InvoiceDocument): number {
  const width = pdf.page.width - 2 * LEFT;
  const reminder = doc.reminder;
  const status: InvoiceStatus | null = doc.cancelled ? 'CANCELLED' : doc.paid?.settled ? 'PAID' : null;
  const state = status ? ` – ${INVOICE_STATUS_LABEL[status]}` : '';
  pdf
    .font(`${FONT}-Bold`)
    .fontSize(15)
    .fillColor('black')
    .text(`${reminder ? `${reminder.title}: Rechnung` : 'Rechnung'} ${doc.number}${state}`, LEFT, mm(86), { width });
  let y = pdf.y + mm(2);
  const facts: [string, string][] = [['Rechnungsdatum', formatIsoDate(doc.invoiceDate)]];
  if (reminder) facts.push(['Datum der Mahnung', formatIsoDate(reminder.reminderDate)]);
  if (amountDue(doc) > 0) facts.push(['Zahlbar bis', formatIsoDate(reminder?.dueDate ?? doc.dueDate)]);
  if (doc.paid?.settled && doc.paid.paidAt) facts.push(['Bezahlt am', formatIsoDate(doc.paid.paidAt)]);
  if (doc.debtor.memberNumber) facts.push(['Mitgliedernummer', String(doc.debtor.memberNumber)]);
  facts.push(['Referenz', formatReference(doc.reference)]);
  pdf.fontSize(9);
  for (const [label, value] of facts) {
    pdf
      .font(FONT)
      .fillColor(GREY)
      .text(label, LEFT, y, { width: mm(45) });
    pdf
      .font(FONT)
      .fillColor('black')
      .text(value, LEFT + mm(45), y, { width: width - mm(45) });
    y = pdf.y + 1;
  }
  return y;
}

/** The invoice lines, the total, and (when something was paid) what was paid and what is still open. */
function drawLinesAndTotals(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, top: number): number {
  const right = pdf.page.width - LEFT;
  const amountX = right - mm(35);
  const textWidth = amountX - LEFT - mm(3);
  const row = (label: string, rappen: number, y: number, bold = false): number => {
    pdf.font(bold ? `${FONT}-Bold` : FONT).text(label, LEFT, y, { width: textWidth });
    const after = pdf.y;
    pdf.text(formatAmount(rappen), amountX, y, { width: mm(35), align: 'right' });
    return Math.max(after, pdf.y) + mm(1);
  };
  const rule = (y: number): number => {
    pdf.moveTo(LEFT, y).lineTo(right, y).lineWidth(0.6).strokeColor('black').undash().stroke();
    return y + mm(1.5);
  };
  let y = top + mm(4);
  pdf.font(`${FONT}-Bold`).fontSize(9.5).fillColor('black');
  pdf.text('Bezeichnung', LEFT, y, { width: textWidth });
  pdf.text('Betrag CHF', amountX, y, { width: mm(35), align: 'right' });
  y = rule(pdf.y + mm(1));
  for (const line of doc.lines) y = row(line.text, line.amountRappen, y);
  y = rule(y);
  y = row('Total', doc.totalRappen, y, true);
  const paid = doc.paid?.paidRappen ?? 0;
  if (paid > 0 && !doc.cancelled) {
    y = row(doc.paid?.settled ? 'Bezahlt' : 'Bereits bezahlt', paid, y);
    if (!doc.paid?.settled) y = row('Noch offen', amountDue(doc), y, true);
  }
  return y;
}

/** The letter's text, by what is still to do, and the greeting. */
function drawLetterText(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, top: number): void {
  const width = pdf.page.width - 2 * LEFT;
  const due = formatIsoDate(doc.reminder?.dueDate ?? doc.dueDate);
  const open = formatChf(amountDue(doc));
  let body: string;
  if (doc.cancelled) body = 'Diese Rechnung wurde storniert. Sie müssen nichts bezahlen.';
  else if (doc.paid?.settled)
    body = `Diese Rechnung ist bezahlt${doc.paid.paidAt ? ` (Zahlung vom ${formatIsoDate(doc.paid.paidAt)})` : ''}. Vielen Dank! Bitte zahlen Sie nichts mehr ein.`;
  else if (doc.reminder)
    body = `Unsere Rechnung ${doc.number} vom ${formatIsoDate(doc.invoiceDate)} ist noch nicht${doc.paid ? ' vollständig' : ''} bezahlt. Bitte überweisen Sie den offenen Betrag von ${open} bis zum ${due} mit dem Einzahlungsschein unten. Haben Sie in den letzten Tagen bezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.`;
  else if (doc.paid)
    body = `Vielen Dank für Ihre Teilzahlung. Bitte bezahlen Sie den offenen Betrag von ${open} bis zum ${due} mit dem QR-Einzahlungsschein unten (Referenz bitte unverändert übernehmen).`;
  else
    body = `Vielen Dank für Ihre Mitgliedschaft und Ihre Unterstützung. Bitte bezahlen Sie den Betrag bis zum ${due} mit dem QR-Einzahlungsschein unten (Referenz bitte unverändert übernehmen).`;
  pdf
    .font(FONT)
    .fontSize(9.5)
    .fillColor('black')
    .text(body, LEFT, top + mm(5), { width, lineGap: 1 });
  pdf.text(`Freundliche Grüsse\n${doc.creditor.name}`, LEFT, pdf.y + mm(3), { width });
}

/**
 * The payment part with receipt at the foot of this page (never on a page of its own), asking
 * for what is still open, with perforation line and scissors.
 */
function drawPaymentPart(pdf: PDFKit.PDFDocument, doc: InvoiceDocument): void {
  const top = pdf.page.height - PAYMENT_PART_HEIGHT;
  if (pdf.y > top) throw new Error(`invoice ${doc.number}: text runs into the payment part`);
  const qr = new (qrBillPdf().SwissQRBill)(
    {
      currency: 'CHF',
      amount: rappenToFrancs(amountDue(doc)),
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
  qr.attachTo(pdf, 0, top);
}
