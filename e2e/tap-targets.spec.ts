import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInContext, newContext, screenshot, seriousA11yViolations } from './support/browser.ts';

/**
 * Every link and button of the site's shell (navigation bar, footer) is a finger's height:
 * at least 44 px tall on a phone (360 px), measured from the rendered boxes.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The rendered height of each visible link and button inside `selector` whose height is under 44 px. */
async function tooSmall(page: Page, selector: string): Promise<[string, number][]> {
  const targets = page.locator(selector).locator('a:visible, button:visible');
  const found: [string, number][] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    const label = (await target.innerText()).trim() || ((await target.getAttribute('aria-label')) ?? '');
    if (!box || box.height < 44) found.push([label, Math.round(box?.height ?? 0)]);
  }
  return found;
}

describe('tap targets of the site shell', () => {
  it.each(['phone', 'desktop'] as const)(
    'the footer links (and on a phone the navigation bar) are at least 44 px tall for a visitor (%s)',
    async (viewport) => {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Herzlich Willkommen' }).waitFor();
      const footer = page.getByRole('navigation', { name: 'Fusszeile' });
      await footer.getByRole('link', { name: 'Impressum' }).waitFor();
      expect(await footer.getByRole('link').count()).toBeGreaterThanOrEqual(9);
      expect(await tooSmall(page, 'footer')).toEqual([]);
      // On a phone also the brand and the button that opens the navigation.
      if (viewport === 'phone') expect(await tooSmall(page, '.site-navbar')).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await footer.scrollIntoViewIfNeeded();
      await screenshot(page, `tap-targets-footer-${viewport}`);
      await context.close();
    },
  );

  it('for a member on a phone, with the navigation open', async () => {
    const context = await loggedInContext(browser, 'mitglied', 'phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Navigation ein- oder ausblenden' }).click();
    await page.locator('#main-navigation').getByRole('link').first().waitFor();
    expect(await tooSmall(page, '.site-navbar')).toEqual([]);
    expect(await tooSmall(page, 'footer')).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'tap-targets-member-navigation-phone');
    await context.close();
  });
});
