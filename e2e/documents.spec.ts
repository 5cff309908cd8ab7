import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/api/src/test/pdf.ts';
import { launchBrowser, loggedInContext, newContext, noHorizontalScroll, screenshot, seriousA11yViolations } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Protokoll GV ${suffix}`;

describe('the document area (Protokolle GV)', () => {
  let pdf: Buffer;

  it('the footer link leads there; a visitor is asked to log in', async () => {
    const context = await newContext(browser, { viewport: 'phone' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Fusszeile' }).getByRole('link', { name: 'Protokolle GV' }).click();
    await page.waitForURL('**/dokumente');
    await page.getByText('Die Dokumente sind den Mitgliedern vorbehalten.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('the board uploads minutes: a file that is not a PDF is refused beside the field, a PDF is listed', async () => {
    pdf = await makePdf(title);
    for (const viewport of ['desktop', 'phone'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/dokumente');
      await page.getByRole('heading', { name: 'Dokument hochladen' }).waitFor();
      // The demo data's minutes are listed.
      await page.getByText('Protokoll Generalversammlung', { exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `documents-board-${viewport}`);
      if (viewport === 'desktop') {
        await page.getByLabel('Titel').fill('Kein PDF');
        await page
          .getByLabel('PDF-Datei')
          .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Nur Text.') });
        await page.getByRole('button', { name: 'Hochladen' }).click();
        await page.getByText('Der Inhalt ist kein vollständiges PDF').waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'documents-refused-desktop');

        await page.getByLabel('Titel').fill(title);
        await page.getByLabel('PDF-Datei').setInputFiles({ name: 'protokoll.pdf', mimeType: 'application/pdf', buffer: pdf });
        await page.getByRole('button', { name: 'Hochladen' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: `Das Dokument «${title}» ist abgelegt.` })
          .waitFor();
        await page.getByText(title, { exact: true }).waitFor();
        await screenshot(page, 'documents-uploaded-desktop');
      }
      await context.close();
    }
  });

  it('mitglied sees the list without the board form and downloads the same PDF under its German name', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'mitglied', viewport);
      const page = await context.newPage();
      await page.goto('/dokumente');
      await page.getByText(title, { exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: 'Dokument hochladen' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /löschen/ }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `documents-member-${viewport}`);
      if (viewport === 'desktop') {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: new RegExp(`^${title} vom .* herunterladen$`) }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} ${title}\\.pdf$`));
        expect(readFileSync((await download.path())!).equals(pdf)).toBe(true);
      }
      await context.close();
    }
  });

  it('the board deletes the document through the confirm dialog', async () => {
    const context = await loggedInContext(browser, 'vorstand', 'phone');
    const page = await context.newPage();
    await page.goto('/dokumente');
    await page.getByRole('button', { name: new RegExp(`^${title} vom .* löschen$`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Dokument löschen?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'documents-delete-phone');
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(title, { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });
});
