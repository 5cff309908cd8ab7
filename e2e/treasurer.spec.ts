import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamt, camtPayingInvoices, chf } from '../apps/api/src/features/payments/camt.writer.ts';
import { waitForMail } from './support/mailbox.ts';
import { launchBrowser, loggedInContext, screenshot, screenshotDir, seriousA11yViolations } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the treasurer's spring", () => {
  let seasonName = '';
  let invoice: { number: string; reference: string; total: { amount: number } } | undefined;

  it('the board opens the next season, renews the memberships and runs the membership fees', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    await page.goto('/admin/seasons');
    await page.getByRole('heading', { name: 'Saisons', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Neue Saison' }).click();
    const year = page.getByLabel('Saison ab 1. Mai');
    seasonName = ((await year.locator('option:checked').textContent()) ?? '').split(' ')[0]!;
    expect(seasonName).toMatch(/^\d{4}\/\d{2}$/);
    expect(await page.getByLabel('Mitgliederbeitrag (CHF)').inputValue()).toBe('50');
    await page.getByRole('button', { name: 'Saison eröffnen' }).click();
    await page.getByRole('heading', { name: `Saison ${seasonName}: Verlängerung und Rechnungsläufe` }).waitFor();

    await page.getByRole('button', { name: 'Mitgliedschaften verlängern' }).click();
    await page.getByRole('dialog', { name: 'Mitgliedschaften verlängern' }).getByRole('button', { name: 'Ja, ausführen' }).click();
    const renewed = await page.getByText(/Fertig: \d+ Mitgliedschaften erstellt/).textContent();
    const members = Number(/Fertig: (\d+)/.exec(renewed ?? '')?.[1]);
    expect(members).toBeGreaterThan(10);

    await page.getByRole('button', { name: 'Mitgliederbeiträge verrechnen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mitgliederbeiträge verrechnen' });
    // Money is written with non-breaking spaces (CHF 50.00): compared as plain spaces.
    const question = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
    // Each member is billed their category's fee (the demo's members are all in the default, CHF 50.00).
    expect(question).toContain(`Saison ${seasonName}`);
    expect(question).toContain(`${members} Rechnungen über CHF`);
    expect(question).toContain(`${members} × CHF 50.00`);
    await dialog.getByRole('button', { name: 'Ja, ausführen' }).click();
    await page.getByText(`Fertig: ${members} Rechnungen erstellt`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-seasons-1280');
    await context.close();

    const phone = await loggedInContext(browser, 'vorstand', 'phone');
    const small = await phone.newPage();
    await small.goto('/admin/seasons');
    await small.getByRole('heading', { name: /Verlängerung und Rechnungsläufe/ }).waitFor();
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'admin-seasons-360');
    // the reminder fee takes money as the other fees do: «25.-», «25,50»
    const fee = small.getByLabel('Mahngebühr ab der 2. Mahnung (CHF)');
    const typedAndKept: [string, string][] = [
      ['25.-', '25'],
      ['25,50', '25.50'],
      ['0', '0'],
    ];
    for (const [typed, kept] of typedAndKept) {
      await small.getByRole('button', { name: `Beiträge der Saison ${seasonName} ändern` }).click();
      await fee.fill(typed);
      if (typed === '25,50') await screenshot(small, 'admin-seasons-reminder-fee-360');
      await small.getByRole('button', { name: 'Beiträge speichern' }).click();
      await small.getByRole('button', { name: 'Beiträge speichern' }).waitFor({ state: 'detached' });
      await small.getByRole('button', { name: `Beiträge der Saison ${seasonName} ändern` }).click();
      expect(await fee.inputValue()).toBe(kept);
      await small.getByRole('button', { name: 'Abbrechen' }).click();
    }
    await phone.close();
  });

  it('mitglied gets the invoice by mail, sees it on the account page and downloads its PDF with the QR-bill', async () => {
    const mail = await waitForMail(
      (m) => m.to.includes('mitglied@fanclub-limmat.example') && m.subject.includes(`Mitgliederbeitrag ${seasonName}`),
    );
    expect(mail.text).toContain('Im Anhang finden Sie unsere Rechnung');

    const context = await loggedInContext(browser, 'mitglied');
    const page = await context.newPage();
    await page.goto('/account');
    const row = page.getByTestId('invoice-card').filter({ hasText: `Mitgliederbeitrag ${seasonName}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Offen');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /als PDF herunterladen/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Rechnung-\d{4}-\d{5}\.pdf$/);
    const file = path.join(screenshotDir, 'invoice.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', file, path.join(screenshotDir, 'invoice-page')]);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('Zahlteil');
    expect(text).toContain('Martina Muster');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const own = (await (await context.request.get('/api/v1/member/?expands=invoices')).json()) as {
      expands: { name: string; data: { number: string; title: string; reference: string; total: { amount: number } }[] }[];
    };
    invoice = own.expands.find((e) => e.name === 'invoices')?.data.find((i) => i.title.includes(seasonName));
    expect(invoice).toBeTruthy();
    await context.close();
  });

  it("the board imports the bank's camt.054 file paying it, and mitglied sees the invoice paid", async () => {
    const paying = invoice!;
    const xml = camtPayingInvoices(
      [{ reference: paying.reference, openRappen: Math.round(paying.total.amount * 100), debtorName: 'Martina Muster' }],
      {
        msgId: `E2E-TREASURER-${Date.now().toString(36)}`,
        bookingDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()),
      },
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'camt-treasurer-')), 'gutschriften.xml');
    writeFileSync(file, xml);

    const board = await loggedInContext(browser, 'vorstand');
    const admin = await board.newPage();
    await admin.goto('/admin/invoices');
    await admin.getByRole('heading', { name: 'Rechnungsübersicht', level: 1 }).waitFor();
    await admin.getByLabel(/Datei der Bank/).setInputFiles(file);
    await admin.getByRole('button', { name: 'Einlesen' }).click();
    await admin
      .getByTestId('camt-result')
      .getByText(/1 Rechnung bezahlt/)
      .waitFor();
    await board.close();

    const context = await loggedInContext(browser, 'mitglied');
    const page = await context.newPage();
    await page.goto('/account');
    const row = page.getByTestId('invoice-card').filter({ hasText: paying.number });
    await row.getByText('Bezahlt', { exact: true }).waitFor();
    // The paid invoice's PDF says so and invites no second payment.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /als PDF herunterladen/ }).click(),
    ]);
    const pdfFile = path.join(screenshotDir, 'invoice-paid.pdf');
    await download.saveAs(pdfFile);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', pdfFile, path.join(screenshotDir, 'invoice-paid-page')]);
    const text = execFileSync('pdftotext', [pdfFile, '-']).toString();
    expect(text).toMatch(/– Bezahlt/);
    expect(text).not.toContain('Zahlteil');
    await context.close();
  });

  it('a member pays by e-banking without the reference: the board books the credit on the suggested invoice with one click', async () => {
    const phone = await loggedInContext(browser, 'vorstand', 'phone');
    const answer = await phone.request.get('/api/v1/admin/invoices?status=OPEN&kind=MEMBERSHIP_FEE&pageSize=1');
    expect(answer.ok()).toBe(true);
    type Due = { id: number; number: string; memberName: string; total: { amount: number }; paidAmount: { amount: number } };
    const [{ data: due }] = ((await answer.json()) as { data: { data: Due }[] }).data as [{ data: Due }];
    const openRappen = Math.round(due.total.amount * 100) - Math.round(due.paidAmount.amount * 100);
    const xml = buildCamt({
      msgId: `E2E-NOREF-${Date.now().toString(36)}`,
      entries: [
        {
          amount: chf(openRappen),
          bookingDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()),
          debtorName: due.memberName,
          message: 'Beitrag Verein',
        },
      ],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'camt-noref-')), 'gutschrift.xml');
    writeFileSync(file, xml);

    const page = await phone.newPage();
    await page.goto('/admin/invoices');
    await page.getByRole('heading', { name: 'Rechnungsübersicht', level: 1 }).waitFor();
    await page.getByLabel(/Datei der Bank/).setInputFiles(file);
    // The bank's file in the site's German picker: «Datei wählen» and the chosen file's name.
    const picker = page.locator('.file-picker').filter({ has: page.getByLabel(/Datei der Bank/) });
    await picker.getByText('gutschrift.xml', { exact: true }).waitFor();
    await picker.getByText('Datei wählen', { exact: true }).waitFor();
    await picker.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'treasurer-camt-file-360');
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await page.getByTestId('camt-result').waitFor();
    const credit = page.getByTestId('unmatched-credits').getByRole('listitem').filter({ hasText: due.memberName }).first();
    const bookIt = credit.getByRole('button', { name: `Auf Rechnung ${due.number} buchen` });
    await bookIt.waitFor();
    expect(await credit.textContent()).toContain('Betrag passt');
    await bookIt.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'treasurer-unmatched-360');

    const desk = await loggedInContext(browser, 'vorstand', 'desktop');
    const wide = await desk.newPage();
    await wide.goto('/admin/invoices');
    await wide.getByLabel(/Datei der Bank/).setInputFiles(file);
    await wide.locator('.file-picker').getByText('gutschrift.xml', { exact: true }).waitFor();
    await screenshot(wide, 'treasurer-camt-file-1280');
    await wide
      .getByTestId('unmatched-credits')
      .getByRole('button', { name: `Auf Rechnung ${due.number} buchen` })
      .scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(wide)).toEqual([]);
    await screenshot(wide, 'treasurer-unmatched-1280');
    await desk.close();

    await bookIt.click();
    await page
      .getByRole('status')
      .filter({ hasText: `Gutschrift auf Rechnung ${due.number}` })
      .waitFor();
    const after = await phone.request.get(`/api/v1/admin/invoices?q=${due.number}&status=PAID`);
    const [{ data: paid }] = ((await after.json()) as { data: { data: Due & { status: string } }[] }).data as [
      { data: Due & { status: string } },
    ];
    expect(paid).toMatchObject({ id: due.id, status: 'PAID' });
    expect(Math.round(paid.paidAmount.amount * 100)).toBe(Math.round(due.total.amount * 100));
    // Booked once: the credit is no longer offered.
    await page.reload();
    await page.getByTestId('unmatched-credits').waitFor();
    expect(await page.getByRole('button', { name: `Auf Rechnung ${due.number} buchen` }).count()).toBe(0);
    await phone.close();
  });

  it('the review list at 360 px: a credit found by search, undone, split across two invoices; another closed as a donation', async () => {
    const phone = await loggedInContext(browser, 'vorstand', 'phone');
    const answer = await phone.request.get('/api/v1/admin/invoices?status=OPEN&pageSize=2');
    type Due = { id: number; number: string; memberName: string; total: { amount: number }; paidAmount: { amount: number } };
    const dues = ((await answer.json()) as { data: { data: Due }[] }).data.map((d) => d.data);
    expect(dues).toHaveLength(2);
    const [first, second] = dues as [Due, Due];
    const open = (d: Due) => Math.round(d.total.amount * 100) - Math.round(d.paidAmount.amount * 100);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
    const splitRappen = open(first) + 100;
    const xml = buildCamt({
      msgId: `E2E-REVIEW-${Date.now().toString(36)}`,
      entries: [
        { amount: chf(splitRappen), bookingDate: today, debtorName: 'Familie Aufteiler', message: 'Zwei Rechnungen' },
        { amount: '23.45', bookingDate: today, debtorName: 'Gönnerin Unbekannt', message: 'Für die Choreo' },
      ],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'camt-review-')), 'gutschriften.xml');
    writeFileSync(file, xml);

    const page = await phone.newPage();
    await page.goto('/admin/invoices');
    await page.getByRole('heading', { name: 'Rechnungsübersicht', level: 1 }).waitFor();
    await page.getByLabel(/Datei der Bank/).setInputFiles(file);
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await page.getByTestId('camt-result').waitFor();
    const review = page.getByTestId('unmatched-credits');
    const familie = review.getByTestId('review-credit').filter({ hasText: 'Familie Aufteiler' });
    await familie.getByText('Unbekannte Referenz').waitFor();

    // found by search and booked whole, then undone
    await familie.getByRole('button', { name: 'Rechnung suchen…' }).click();
    const search = page.getByRole('dialog', { name: 'Gutschrift einer Rechnung zuordnen' });
    await search.getByLabel('Offene Rechnung suchen').fill(first.number);
    await search.getByRole('button', { name: `Auf ${first.number} buchen` }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'treasurer-review-search-360');
    await search.getByRole('button', { name: `Auf ${first.number} buchen` }).click();
    const done = page.getByTestId('credit-done');
    await done.getByText(`auf Rechnung ${first.number} (${first.memberName}) verbucht`, { exact: false }).waitFor();
    await done.getByRole('button', { name: 'Rückgängig machen' }).click();
    await page.getByRole('status').filter({ hasText: 'Rückgängig gemacht' }).waitFor();
    await familie.waitFor();

    // split across the two invoices: the first's open amount and CHF 1.00 on the second
    await familie.getByRole('button', { name: 'Aufteilen…' }).click();
    const split = page.getByRole('dialog', { name: 'Gutschrift aufteilen' });
    const find = split.getByLabel('Offene Rechnung suchen');
    await find.fill(first.number);
    await split.getByRole('button', { name: `${first.number} hinzufügen` }).click();
    await find.fill(second.number);
    await split.getByRole('button', { name: `${second.number} hinzufügen` }).click();
    await split.getByText(`Zugeteilt CHF ${chf(splitRappen)} von CHF ${chf(splitRappen)}.`, { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'treasurer-review-split-360');
    await split.getByRole('button', { name: 'Aufgeteilt verbuchen' }).click();
    await done.getByText(`auf ${first.number}, ${second.number} aufgeteilt`, { exact: false }).waitFor();
    expect(await familie.count()).toBe(0);

    // closed without booking as a donation, with a note
    const donor = review.getByTestId('review-credit').filter({ hasText: 'Gönnerin Unbekannt' });
    await donor.getByRole('button', { name: 'Ohne Buchung abschliessen…' }).click();
    const decide = page.getByRole('dialog', { name: 'Ohne Buchung abschliessen' });
    await decide.getByRole('button', { name: 'Abschliessen' }).click();
    await decide.getByText('Bitte wählen Sie einen Entscheid.').waitFor();
    await decide.getByLabel('Spende').check();
    await decide.getByLabel('Notiz').fill('Spende für die Choreo, verdankt');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'treasurer-review-decide-360');
    await decide.getByRole('button', { name: 'Abschliessen' }).click();
    await done.getByText('als «Spende» abgeschlossen', { exact: false }).waitFor();
    await screenshot(page, 'treasurer-review-done-360');

    const listed = await phone.request.get('/api/v1/admin/payments/unmatched?pageSize=200');
    const names = ((await listed.json()) as { data: { data: { debtorName: string } }[] }).data.map((d) => d.data.debtorName);
    expect(names).not.toContain('Familie Aufteiler');
    expect(names).not.toContain('Gönnerin Unbekannt');
    const firstNow = await phone.request.get(`/api/v1/admin/invoices?q=${first.number}`);
    expect(((await firstNow.json()) as { data: { data: { status: string } }[] }).data[0]!.data.status).toBe('PAID');

    const desk = await loggedInContext(browser, 'vorstand', 'desktop');
    const wide = await desk.newPage();
    await wide.goto('/admin/invoices');
    await wide.getByTestId('unmatched-credits').waitFor();
    expect(await seriousA11yViolations(wide)).toEqual([]);
    await screenshot(wide, 'treasurer-review-1280');
    await desk.close();
    await phone.close();
    // a long journey of five dialogs on a shared machine
  }, 240_000);
});
