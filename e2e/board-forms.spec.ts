import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  launchBrowser,
  loggedInContext,
  noHorizontalScroll,
  screenshot,
  screenshotDir,
  seriousA11yViolations,
  type Viewport,
} from './support/browser.ts';

/**
 * The board's forms in detail: dates typed as dd.mm.yyyy in a browser set to English, toasts after
 * a change, the delete dialog of a delivery option in use, the opponent chosen from the teams.
 */
let browser: Browser;
beforeAll(async () => {
  // The whole browser in English: a native date input would show mm/dd/yyyy here.
  browser = await launchBrowser(['--lang=en-US']);
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const viewports: Viewport[] = ['phone', 'desktop'];

function todayDeCh(): string {
  return new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
}

describe("the board's forms", () => {
  it('in an English browser, a date field still shows and takes dd.mm.yyyy', async () => {
    for (const viewport of viewports) {
      const context = await loggedInContext(browser, 'vorstand', viewport, 'en-US');
      const page = await context.newPage();
      await page.goto('/newsletter');
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      const field = page.getByLabel('Erscheinungsdatum');
      await field.waitFor();
      expect(await field.getAttribute('type')).toBe('text');
      expect(await field.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
      expect(await field.inputValue()).toBe(todayDeCh());
      await field.fill('5.3.26');
      await field.blur();
      expect(await field.inputValue()).toBe('05.03.2026');
      await screenshot(page, `board-forms-date-en-US-valid-${viewport}`);
      await field.fill('31.02.2026');
      await field.blur();
      await page.getByText('Erscheinungsdatum: Dieses Datum gibt es nicht.').waitFor();
      await field.scrollIntoViewIfNeeded();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `board-forms-date-en-US-${viewport}`);
      await context.close();
    }
  });

  it('a delivery option in use: the delete dialog says so before anything is sent; a new one is added and deleted with toasts', async () => {
    for (const viewport of viewports) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      const deletes: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'DELETE') deletes.push(request.url());
      });
      await page.goto('/admin/deliveryoptions');
      await page.getByRole('heading', { name: 'Zustelloptionen', level: 1 }).waitFor();
      const used = page
        .getByRole('listitem')
        .filter({ hasText: /Verwendet: \d+ Spielegruppe/ })
        .first();
      await used.getByRole('button', { name: /löschen$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Zustelloption löschen' });
      await dialog
        .getByText(/wird noch verwendet \(\d+ Spielegruppen?( und \d+ Reservationen?)?\) und kann nicht gelöscht werden/)
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Löschen' }).isDisabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `board-forms-option-in-use-${viewport}`);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(deletes).toEqual([]);

      const name = `Abholung Fanlokal ${suffix} ${viewport}`;
      await page.getByLabel('Name der Zustelloption').first().fill(name);
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Zustelloption «${name}» hinzugefügt.` })
        .waitFor();
      const toast = page.locator('.toast').filter({ hasText: name });
      await toast.waitFor();
      // Measured at once: the toast goes away by itself after a few seconds.
      const box = await toast.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= (viewport === 'phone' ? 360 : 1280)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `board-forms-toast-${viewport}`);

      await page.getByRole('button', { name: `${name} löschen` }).click();
      await dialog.getByText(`Soll die Zustelloption «${name}» gelöscht werden?`).waitFor();
      await dialog.getByRole('button', { name: 'Löschen' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Zustelloption «${name}» gelöscht.` })
        .waitFor();
      expect(deletes).toHaveLength(1);
      // The toasts hide themselves.
      await expect.poll(() => page.locator('.toast').count(), { timeout: 15_000 }).toBe(0);
      await context.close();
    }
  });

  it('a game’s opponent is chosen from the teams with their badges, or typed as another team', async () => {
    for (const viewport of viewports) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/gamegroups');
      await page
        .getByRole('link', { name: /Heimspiele Qualifikation/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Spiel hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Spiel hinzufügen' });
      const opponents = dialog.getByRole('group', { name: 'Gegner' });
      await opponents.waitFor();
      expect(await opponents.getByRole('radio').count()).toBe(14);
      await opponents.getByText('SCB', { exact: true }).click();
      expect(await opponents.getByRole('radio', { name: 'SCB' }).isChecked()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The dialog itself: the page behind it is long.
      await dialog.locator('.modal-content').screenshot({ path: path.join(screenshotDir, `board-forms-opponent-${viewport}.png`) });
      await opponents.getByText('Anderer Gegner').click();
      await dialog.getByLabel(/Teamcode des Gegners/).fill('EHCO');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    }
  });

  it("after a reminder run, the board's invoice list shows the reminder's new deadline, and the invoice stays overdue", async () => {
    for (const viewport of viewports) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/invoices?kind=MEMBERSHIP_FEE&status=OPEN');
      await page.getByRole('heading', { name: 'Rechnungsübersicht', level: 1 }).waitFor();
      if (viewport === 'phone') {
        // The demo's overdue membership fees get their first reminder.
        await page.getByRole('button', { name: 'Mahnlauf' }).click();
        const dialog = page.getByRole('dialog', { name: 'Mahnlauf starten?' });
        await dialog.getByRole('button', { name: 'Mahnungen versenden' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: /^Mahnlauf abgeschlossen: \d+ Rechnung(en)? gemahnt\.$/ })
          .waitFor();
      }
      // Other journeys add invoices (fee runs of other seasons): open the list searched for one reminded invoice.
      const answer = await context.request.get('/api/v1/admin/invoices?kind=MEMBERSHIP_FEE&status=OPEN&pageSize=200');
      expect(answer.status()).toBe(200);
      const open = ((await answer.json()) as { data: { data: { number: string; reminderLevel: number } }[] }).data.map((d) => d.data);
      const number = open.find((i) => i.reminderLevel > 0)?.number;
      expect(number, 'an open membership fee with a reminder').toBeDefined();
      await page.goto(`/admin/invoices?kind=MEMBERSHIP_FEE&status=OPEN&q=${encodeURIComponent(number!)}`);
      const reminded = page.locator(`tr[data-invoice-number="${number}"]`);
      await reminded.waitFor();
      expect(await reminded.textContent()).toContain('neue Frist der Mahnung');
      expect(await reminded.textContent()).toMatch(/neue Frist der Mahnung \(Rechnung: \d{2}\.\d{2}\.\d{4}\)/);
      // A reminded invoice stays overdue: its own due date has passed, the reminder's deadline stands beside it.
      expect(await reminded.textContent()).toContain('überfällig');
      await reminded.scrollIntoViewIfNeeded();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `board-forms-reminded-${viewport}`);
      await context.close();
    }
  });
});
