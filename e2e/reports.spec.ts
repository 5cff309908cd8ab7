import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInContext, screenshot, seriousA11yViolations } from './support/browser.ts';

// exceljs belongs to the API package: read the downloaded workbook with it from there.
const requireFromApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
interface Sheet {
  rowCount: number;
  getCell(ref: string): { value: unknown };
}
const ExcelJS = requireFromApi('exceljs') as {
  Workbook: new () => { xlsx: { load(data: ArrayBuffer): Promise<unknown> }; worksheets: Sheet[] };
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The season covering today in Zurich, named as the server names it (`2026/27`). */
function currentSeasonName(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const year = m >= 5 ? y : y - 1;
  return `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

describe('reports for the board', () => {
  it('the board downloads the member list as Excel and the ticket reservations as PDF', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    await page.goto('/admin/reports');
    await page.getByRole('heading', { name: 'Excel Listen', level: 1 }).waitFor();
    const season = currentSeasonName();
    expect(await page.getByLabel('Saison').locator('option:checked').textContent()).toBe(season);
    const label = season.replace('/', '-');

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Mitgliederliste ${season} als Excel herunterladen` }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`Mitglieder-${label}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await xlsx.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('B1').value).toBe('Name');
    expect(sheet.rowCount).toBeGreaterThan(10);
    const names = Array.from({ length: sheet.rowCount }, (_, i) => sheet.getCell(`B${i + 1}`).value);
    expect(names).toContain('Vogel');
    expect(sheet.getCell('M2').value).toBeInstanceOf(Date);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Ticketreservationen ${season} als PDF herunterladen` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`Ticketreservationen-${label}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', await pdf.path(), '-'], { encoding: 'utf8' });
    expect(text).toContain(`Ticketreservationen – Saison ${season}`);
    expect(text).toMatch(/Seite 1 von \d+/);
    // No progress indicator left once both files are down.
    await page.getByText('Die Datei wird erstellt').waitFor({ state: 'detached' });
    await context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`the screen at ${viewport === 'phone' ? 360 : 1280} px: every report with its two buttons, no serious a11y problem`, async () => {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/reports');
      await page.getByRole('heading', { name: 'Mitgliederliste', level: 2 }).waitFor();
      // Seven reports: members, fees, parking cards, tickets, events, ticket invoices and payments.
      expect(await page.getByRole('button', { name: /als Excel herunterladen/ }).count()).toBe(7);
      expect(await page.getByRole('button', { name: /als PDF herunterladen/ }).count()).toBe(7);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `reports-${viewport}`);
      await context.close();
    });
  }
});
