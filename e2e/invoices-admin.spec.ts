import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamt, camtPayingInvoices } from '../apps/api/src/features/payments/camt.writer.ts';
import type { InvoiceOverviewItem, InvoiceOverviewResult } from '../packages/contract/src/payments.ts';
import { launchBrowser, loggedInContext, noHorizontalScroll, screenshot, seriousA11yViolations } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The board's list through the API (with the board's browser session). */
async function listInvoices(context: BrowserContext, query: string): Promise<InvoiceOverviewItem[]> {
  const answer = await context.request.get(`/api/v1/admin/invoices?${query}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as InvoiceOverviewResult).data.map((d) => d.data);
}

describe("the treasurer's invoice overview", () => {
  it('the board imports a camt.054 file that pays an open invoice of mitglied, sees the result, and the list shows it paid', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();

    // An open invoice of 'mitglied' (Martina Muster) from the demo data.
    const open = (await listInvoices(context, 'status=OPEN&q=Muster&pageSize=50')).find((i) => i.memberName === 'Martina Muster');
    expect(open, 'the demo data gives mitglied an open invoice').toBeTruthy();
    const invoice = open!;
    const openRappen = Math.round((invoice.total.amount - invoice.paidAmount.amount) * 100);
    const xml = camtPayingInvoices([{ reference: invoice.reference, openRappen, debtorName: 'Martina Muster' }], {
      msgId: `E2E-${Date.now().toString(36)}`,
      bookingDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()),
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'camt-e2e-')), 'gutschriften.xml');
    writeFileSync(file, xml);

    await page.goto(`/admin/invoices?q=${encodeURIComponent(invoice.number)}`);
    await page.getByRole('heading', { name: 'Rechnungsübersicht', level: 1 }).waitFor();
    const row = page.locator(`tr[data-invoice-number="${invoice.number}"]`);
    await row.getByText('Offen', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel(/Datei der Bank/).setInputFiles(file);
    await page.getByRole('button', { name: 'Einlesen' }).click();
    const result = page.getByTestId('camt-result');
    await result.getByText(/1 Rechnung bezahlt/).waitFor();
    await result.getByRole('heading', { name: 'Unbekannte Referenz (1)' }).waitFor();
    await result.getByRole('heading', { name: /Nicht verbucht .* \(1\)/ }).waitFor();
    expect(await result.getByText('Verbucht und bezahlt (1)').count()).toBe(1);
    await screenshot(page, 'invoices-admin-import-result-desktop');

    // The list reloads: the invoice is paid, with today's date.
    await row.getByText('Bezahlt', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const after = (await listInvoices(context, `q=${invoice.number}`))[0]!;
    expect(after).toMatchObject({ id: invoice.id, status: 'PAID', paidAmount: invoice.total });

    // The same file again books nothing twice.
    await page.getByLabel(/Datei der Bank/).setInputFiles(file);
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await result.getByText(/0 Rechnungen bezahlt/).waitFor();
    await result.getByText('Schon früher eingelesen (3)').waitFor();
    await screenshot(page, 'invoices-admin-import-desktop');
    await context.close();
  });

  it('records a payment by hand and refuses a broken file with a German message', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    const open = (await listInvoices(context, 'status=OPEN&pageSize=50'))[0];
    expect(open, 'the demo data has an open invoice left').toBeTruthy();

    await page.goto(`/admin/invoices?q=${encodeURIComponent(open!.number)}`);
    const row = page.locator(`tr[data-invoice-number="${open!.number}"]`);
    await row.getByRole('button', { name: `Zahlung für Rechnung ${open!.number} erfassen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Zahlung erfassen' });
    await dialog.getByLabel(/Betrag in CHF/).fill('0');
    await dialog.getByRole('button', { name: 'Zahlung verbuchen' }).click();
    await dialog.getByText('Der Betrag muss grösser als 0 sein.').waitFor();
    await dialog.getByLabel(/Betrag in CHF/).fill(String(open!.total.amount - open!.paidAmount.amount));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Zahlung verbuchen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Bezahlt', { exact: true }).waitFor();

    const broken = path.join(mkdtempSync(path.join(tmpdir(), 'camt-e2e-')), 'kaputt.xml');
    writeFileSync(
      broken,
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt/></Document>',
    );
    await page.getByLabel(/Datei der Bank/).setInputFiles(broken);
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await page.getByText(/Der Datei fehlt die Nachrichten-ID \(GrpHdr\/MsgId\)/).waitFor();
    await context.close();
  });

  it('a credit without reference is suggested for the open invoice of its payer and booked with one click, once', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    const open = (await listInvoices(context, 'status=OPEN&pageSize=200')).find(
      (i) => i.paidAmount.amount === 0 && i.memberName !== 'Martina Muster',
    );
    expect(open, 'the demo data has an open invoice left').toBeTruthy();
    const invoice = open!;
    // The member paid by e-banking without the QR reference, the name written the other way round.
    const [first, ...rest] = invoice.memberName.split(' ');
    const xml = buildCamt({
      msgId: `E2E-NOREF-${Date.now().toString(36)}`,
      entries: [
        {
          amount: invoice.total.amount.toFixed(2),
          bookingDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()),
          debtorName: `${rest.join(' ').toUpperCase()} ${first!.toUpperCase()}`,
          message: 'Jahresbeitrag',
        },
      ],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'camt-e2e-')), 'ohne-referenz.xml');
    writeFileSync(file, xml);
    await page.goto(`/admin/invoices?q=${encodeURIComponent(invoice.number)}`);
    await page.getByLabel(/Datei der Bank/).setInputFiles(file);
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await page.getByTestId('camt-result').getByRole('heading', { name: 'Unbekannte Referenz (1)' }).waitFor();

    const credits = page.getByTestId('unmatched-credits');
    const book = credits.getByRole('button', { name: `Auf Rechnung ${invoice.number} buchen` });
    await book.waitFor();
    expect(await credits.getByText(/Betrag passt, Name passt/).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'invoices-admin-credits-1280');
    await book.click();
    await page
      .getByRole('status')
      .filter({ hasText: `Gutschrift auf Rechnung ${invoice.number} (${invoice.memberName}) verbucht` })
      .waitFor();
    await page.locator(`tr[data-invoice-number="${invoice.number}"]`).getByText('Bezahlt', { exact: true }).waitFor();
    expect(await credits.getByRole('button', { name: `Auf Rechnung ${invoice.number} buchen` }).count()).toBe(0);
    const after = (await listInvoices(context, `q=${invoice.number}`))[0]!;
    expect(after).toMatchObject({ status: 'PAID', paidAmount: invoice.total });
    await context.close();

    const phone = await loggedInContext(browser, 'vorstand', 'phone');
    const small = await phone.newPage();
    await small.goto('/admin/invoices');
    await small
      .getByTestId('unmatched-credits')
      .getByRole('heading', { name: /Gutschriften zur Prüfung/ })
      .waitFor();
    await noHorizontalScroll(small);
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'invoices-admin-credits-360');
    await phone.close();
  });

  it('the board opens an invoice from the list, pays part by hand, books a credit on it, undoes the booking: the history tells it all', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    const open = (await listInvoices(context, 'status=OPEN&pageSize=200')).find(
      (i) => i.paidAmount.amount === 0 && i.total.amount > 10 && i.memberName !== 'Martina Muster',
    );
    expect(open, 'the demo data has an open invoice left').toBeTruthy();
    const invoice = open!;

    // from the list to the invoice
    await page.goto(`/admin/invoices?q=${encodeURIComponent(invoice.number)}`);
    await page.getByRole('link', { name: `Rechnung ${invoice.number} mit Verlauf öffnen` }).click();
    await page.getByRole('heading', { name: `Rechnung ${invoice.number}`, level: 1 }).waitFor();
    const history = page.getByRole('region', { name: 'Verlauf' });
    await history.getByText('Rechnung erstellt').waitFor();

    // part of it in cash, by hand, with a note
    await page.getByRole('button', { name: 'Zahlung erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zahlung erfassen' });
    await dialog.getByLabel(/Betrag in CHF/).fill('10');
    await dialog.getByLabel('Zahlungsart').selectOption('CASH');
    await dialog.getByLabel('Notiz').fill('Bar am Stammtisch');
    await dialog.getByRole('button', { name: 'Zahlung verbuchen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const cash = history.getByTestId('history-entry').filter({ hasText: 'Zahlung CHF 10.00' });
    await cash.getByText(/von Hand erfasst von .+, Zahlungsart Bar/).waitFor();
    await cash.getByText('Notiz: «Bar am Stammtisch»').waitFor();

    // the rest by e-banking without the reference, booked by the board on the suggested invoice
    const restRappen = Math.round(invoice.total.amount * 100) - 1000;
    const xml = buildCamt({
      msgId: `E2E-HISTORY-${Date.now().toString(36)}`,
      entries: [
        {
          amount: (restRappen / 100).toFixed(2),
          bookingDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()),
          debtorName: invoice.memberName,
          message: 'Restbetrag',
        },
      ],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'camt-e2e-')), 'restbetrag.xml');
    writeFileSync(file, xml);
    await page.getByRole('link', { name: '‹ Zurück zur Rechnungsübersicht' }).click();
    await page.getByLabel(/Datei der Bank/).setInputFiles(file);
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await page.getByTestId('camt-result').waitFor();
    const book = page.getByTestId('unmatched-credits').getByRole('button', { name: `Auf Rechnung ${invoice.number} buchen` });
    await book.click();
    await page
      .getByRole('status')
      .filter({ hasText: `Gutschrift auf Rechnung ${invoice.number}` })
      .waitFor();

    await page.goto(`/admin/invoices/${invoice.id}`);
    await page.getByRole('heading', { name: `Rechnung ${invoice.number}`, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Übersicht' }).locator('.badge', { hasText: 'Bezahlt' }).waitFor();
    // the QR reference grouped as the QR-bill prints it: 2 + 5×5 digits
    expect(invoice.reference).toMatch(/^\d{27}$/);
    const grouped = `${invoice.reference.slice(0, 2)} ${invoice.reference.slice(2).match(/\d{5}/g)!.join(' ')}`;
    await page.getByRole('region', { name: 'Übersicht' }).getByText(grouped, { exact: true }).waitFor();
    const booked = history.getByTestId('history-entry').filter({ hasText: /Gutschrift ohne passende Referenz, vom Vorstand zugeordnet/ });
    await booked.getByText(/«Restbetrag»/).waitFor();
    await noHorizontalScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'invoice-history-1280');

    // undone from the history: the invoice is open again for the rest, and the history says so
    await booked.getByRole('button', { name: /Rückgängig machen: die Buchung der Gutschrift/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Rückgängig machen?' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Rückgängig machen' }).click();
    await page.getByRole('status').filter({ hasText: 'Rückgängig gemacht' }).waitFor();
    await history.getByText(`Buchung einer Gutschrift über CHF ${(restRappen / 100).toFixed(2)} rückgängig gemacht`).waitFor();
    await page.getByRole('region', { name: 'Übersicht' }).locator('.badge', { hasText: 'Offen' }).waitFor();
    expect(await booked.count()).toBe(0);
    await context.close();

    // the same invoice on a phone, opened from the member's page: nothing scrolls sideways
    const phone = await loggedInContext(browser, 'vorstand', 'phone');
    const small = await phone.newPage();
    await small.goto(`/admin/members/${invoice.memberId}`);
    await small
      .getByRole('region', { name: 'Rechnungen' })
      .getByRole('link', { name: `Rechnung ${invoice.number} mit Verlauf öffnen` })
      .click();
    await small.getByRole('heading', { name: `Rechnung ${invoice.number}`, level: 1 }).waitFor();
    await small
      .getByRole('region', { name: 'Verlauf' })
      .getByText(/rückgängig gemacht/)
      .first()
      .waitFor();
    await noHorizontalScroll(small);
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'invoice-history-360');
    // an unknown invoice says so
    await small.goto('/admin/invoices/987654');
    await small.getByRole('heading', { name: 'Rechnung nicht gefunden', level: 1 }).waitFor();
    await phone.close();
  }, 180_000);

  it('looks right on a phone and a desktop', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/invoices');
      await page.getByRole('heading', { name: 'Rechnungsübersicht', level: 1 }).waitFor();
      await page.locator('tr[data-invoice-number]').first().waitFor();
      await noHorizontalScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `invoices-admin-${viewport}`);
      await context.close();
    }
  });
});
