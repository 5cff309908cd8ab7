import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/api/src/test/pdf.ts';
import { launchBrowser, loggedInContext, newContext, noHorizontalScroll, screenshot, seriousA11yViolations } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Saisonrückblick März ${suffix}`;
const publicationDate = '2026-03-14';

describe('newsletters', () => {
  let pdf: Buffer;

  it('the board uploads a newsletter with a notice to the active members', async () => {
    pdf = await makePdf(`Newsletter ${suffix}`);
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    await page.goto('/newsletter');
    await page.getByRole('heading', { name: 'Newsletter hochladen' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A file that is not a PDF is refused by the server with a German message beside the field.
    await page.getByLabel('Titel').fill('Kein PDF');
    await page.getByLabel('Erscheinungsdatum').fill(publicationDate.split('-').reverse().join('.'));
    await page
      .getByLabel('PDF-Datei')
      .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Nur Text, kein PDF.') });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await page.getByText('Der Inhalt ist kein vollständiges PDF').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Titel').fill(title);
    await page.getByLabel('PDF-Datei').setInputFiles({ name: 'newsletter.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByLabel('Aktive Mitglieder per E-Mail benachrichtigen').check();
    // The server's answer is held back a moment, so the progress indicator can be looked at.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/admin/newsletters', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    const progress = page.getByRole('progressbar', { name: 'Fortschritt des Hochladens' });
    await progress.waitFor();
    expect(await page.getByRole('button', { name: /Wird (hochgeladen|gespeichert)/ }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'newsletter-uploading-desktop');
    release();
    await page
      .getByRole('status')
      .filter({ hasText: `Der Newsletter «${title}» ist hochgeladen.` })
      .waitFor();
    await page.unroute('**/api/v1/admin/newsletters');
    await page.getByText(title, { exact: true }).waitFor();
    expect(await page.getByLabel('Titel').inputValue()).toBe('');
    await screenshot(page, 'newsletter-board-desktop');

    const notice = await waitForMail((m) => m.to.includes('mitglied@fanclub-limmat.example') && m.subject === `Neuer Newsletter: ${title}`);
    expect(notice.text).toContain('vom 14.03.2026 ist erschienen');
    await context.close();
  });

  it('mitglied sees the list without the board form and downloads the PDF under its German name', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'mitglied', viewport);
      const page = await context.newPage();
      await page.goto('/newsletter');
      await page.getByText(title, { exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: 'Newsletter hochladen' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /löschen/ }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `newsletter-member-${viewport}`);

      if (viewport === 'desktop') {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: `${title} vom 14.03.2026 herunterladen` }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`${publicationDate} ${title}.pdf`);
        const saved = readFileSync((await download.path())!);
        expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(saved.equals(pdf)).toBe(true);
      }
      await context.close();
    }
  });

  it('a visitor is asked to log in; the board deletes the newsletter through the confirm dialog', async () => {
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/newsletter');
    await visitor.getByText('Die Newsletter sind den Mitgliedern vorbehalten.').waitFor();
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await visitorContext.close();

    const context = await loggedInContext(browser, 'vorstand', 'phone');
    const page = await context.newPage();
    await page.goto('/newsletter');
    await page.getByRole('button', { name: `${title} vom 14.03.2026 löschen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Newsletter löschen?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'newsletter-delete-phone');
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(title, { exact: true }).waitFor({ state: 'detached' });
    await noHorizontalScroll(page);
    await screenshot(page, 'newsletter-board-phone');
    await context.close();
  });
});

describe('contact', () => {
  it('a visitor sends a message; the mail reaches the recipient with Reply-To the visitor, and the page says it arrived', async () => {
    const email = `besucherin.${suffix}@example.ch`;
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await page.goto('/contact');
      await page.getByLabel('An').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `contact-visitor-${viewport}`);
      if (viewport === 'phone') {
        // Empty form: German messages beside the fields, nothing sent.
        await page.getByRole('button', { name: 'Nachricht senden' }).click();
        await page.getByText('Empfänger: Bitte einen Empfänger aus der Liste wählen.').waitFor();
        await page.getByText('Nachricht: Bitte ausfüllen.').waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'contact-errors-phone');
      }
      await context.close();
    }

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByLabel('An').selectOption({ label: 'Tickets' });
    await page.getByLabel('Ihr Name').fill('Beatrice Besucherin');
    await page.getByLabel('Ihre E-Mail-Adresse').fill(email);
    await page.getByLabel('Nachricht').fill(`Grüezi\nGibt es noch Plätze im Fanbus? (${suffix})`);
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page.getByRole('heading', { name: 'Ihre Nachricht ist eingegangen' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'contact-received-desktop');

    const mail = await waitForMail((m) => m.replyTo === email);
    expect(mail.to).toEqual(['tickets@fanclub-limmat.example']);
    expect(mail.subject).toBe('Kontaktformular: Nachricht von Beatrice Besucherin');
    expect(mail.text).toContain(`Gibt es noch Plätze im Fanbus? (${suffix})`);
    await context.close();
  });

  it("a member's name and address are filled in; the board sees the recipients' section", async () => {
    const memberContext = await loggedInContext(browser, 'mitglied');
    const member = await memberContext.newPage();
    await member.goto('/contact');
    await member.getByLabel('An').waitFor();
    await expect.poll(() => member.getByLabel('Ihre E-Mail-Adresse').inputValue()).toBe('mitglied@fanclub-limmat.example');
    expect(await member.getByLabel('Ihr Name').inputValue()).toBe('Martina Muster');
    expect(await member.getByRole('heading', { name: 'Empfänger verwalten' }).count()).toBe(0);
    await memberContext.close();

    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/contact');
      await page.getByRole('heading', { name: 'Empfänger verwalten' }).waitFor();
      await page.getByLabel('Bezeichnung im Formular').first().waitFor();
      expect(await page.getByLabel('E-Mail-Adresse (bleibt geheim)').nth(1).inputValue()).toBe('tickets@fanclub-limmat.example');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `contact-board-${viewport}`);
      await context.close();
    }
  });
});
