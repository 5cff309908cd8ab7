import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInContext, screenshot, seriousA11yViolations, type Viewport } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('membership categories on the seasons screen', () => {
  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    it(`the board adds a category with its fee and age rule (${viewport})`, async () => {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/seasons');
      await page.getByRole('heading', { name: 'Saisons', level: 1 }).waitFor();
      const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: /^Mitgliederkategorien/ }) });
      await card.getByText('Standard', { exact: true }).waitFor();
      const name = `Junior ${viewport} ${Date.now() % 100_000}`;
      await card.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
      const form = card.getByRole('form', { name: 'Neue Kategorie' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Beitrag (CHF)').fill('0.42');
      await form.getByLabel('Höchstalter am 1. Mai').fill('17');
      await form.getByRole('button', { name: 'Speichern' }).click();
      await form.getByText(/Schritten von 5 Rappen/).waitFor();
      // Francs as people write them: «25.-» is CHF 25.00.
      await form.getByLabel('Beitrag (CHF)').fill('25.-');
      await form.getByRole('button', { name: 'Speichern' }).click();
      await card.getByText(name).waitFor();
      await card.getByText('CHF 25.00 · bis 17 Jahre am 1. Mai · 0 Mitglieder').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `season-categories-${viewport}`);
      await context.close();
    });
  }
});

describe('calendar subscription on the account page', () => {
  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    it(`a member makes a private webcal link (${viewport})`, async () => {
      const context = await loggedInContext(browser, 'mitglied', viewport);
      const page = await context.newPage();
      await page.goto('/account');
      const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Kalender abonnieren' }) });
      await card.getByRole('button', { name: /Link erstellen/ }).click();
      const link = card.getByRole('link', { name: /^webcal:\/\// });
      await link.waitFor();
      const href = (await link.getAttribute('href'))!;
      const feed = await context.request.get(href.replace(/^webcal:/, new URL(page.url()).protocol));
      expect(feed.status()).toBe(200);
      expect((await feed.text()).endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `account-calendar-${viewport}`);
      await context.close();
    });
  }
});
