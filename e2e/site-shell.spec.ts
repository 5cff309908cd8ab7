import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  loggedInContext,
  loginThroughPage,
  newContext,
  screenshot,
  seriousA11yViolations,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The Admin menu by task: the eight entries of the specification and the board's other screens, under four headings. */
const ADMIN_GROUPS: Record<string, string[]> = {
  Mitglieder: ['Mitgliedschaftanträge', 'Mitglieder', 'Mitglieder importieren', 'Mail an Gruppen'],
  Finanzen: ['Rechnungsübersicht', 'Saisons', 'Excel Listen'],
  Tickets: ['Spielegruppen', 'Zustelloptionen'],
  Verein: ['Veranstaltungen', 'Newsletter hochladen', 'Kontakt-Empfänger'],
};
const SPEC_ADMIN_ENTRIES = [
  'Mitgliedschaftanträge',
  'Mitglieder',
  'Saisons',
  'Zustelloptionen',
  'Spielegruppen',
  'Excel Listen',
  'Veranstaltungen',
  'Rechnungsübersicht',
];

describe('visitor', () => {
  it('sees the welcome, the membership link and the ticket block, but no member or board entries', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Herzlich Willkommen' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Werde Mitglied' }).waitFor();
    await page.getByText('Kaufe Tickets').first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('button', { name: 'Verein' }).click();
    await nav.getByRole('link', { name: 'Vorstand' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Newsletter' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Admin' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    // The way to join is in the Verein menu and in the footer too, not only on Home.
    await nav.getByRole('link', { name: 'Mitglied werden' }).click();
    await page.waitForURL(`${baseUrl()}/candidates`);
    await page.goto('/statuten');
    await page.getByRole('navigation', { name: 'Fusszeile' }).getByRole('link', { name: 'Mitglied werden' }).click();
    await page.waitForURL(`${baseUrl()}/candidates`);
    await page.getByRole('heading', { name: 'Mitglied werden', level: 1 }).waitFor();
    await context.close();
  });

  it('has no serious accessibility violations on Home, NotFound and the login page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Herzlich Willkommen' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/gibt-es-nicht');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/oauth/login?returnTo=/');
    await page.getByLabel('Benutzername').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('gets the app on a reloaded deep link and NotFound on an unknown path', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const deep = await page.goto('/tickets/games/7');
    expect(deep?.status()).toBe(200);
    await page.getByRole('navigation').first().waitFor();
    const unknown = await page.goto('/das/gibt/es/nicht');
    expect(unknown?.status()).toBe(200);
    await expect.poll(() => page.getByText('Seite nicht gefunden').first().isVisible()).toBe(true);
    await context.close();
  });

  it('Home looks right on a phone and on a desktop', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Herzlich Willkommen' }).waitFor();
      await screenshot(page, `home-${viewport}`);
      // Nothing is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});

describe('Impressum', () => {
  it.each(['phone', 'desktop'] as const)('names the club with its address and its e-mail (%s)', async (viewport) => {
    const context = await newContext(browser, { viewport });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Fusszeile' }).getByRole('link', { name: 'Impressum' }).click();
    await page.getByRole('heading', { name: 'Impressum', level: 1 }).waitFor();
    const mail = page.getByRole('link', { name: 'vorstand@fanclub-limmat.ch' });
    await mail.waitFor();
    expect(await mail.getAttribute('href')).toBe('mailto:vorstand@fanclub-limmat.ch');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `imprint-${viewport}`);
    await context.close();
  });
});

describe('member', () => {
  it('logs in through the login page and comes back to where it started', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/statuten');
    await page.getByRole('link', { name: 'Anmelden', exact: true }).first().click();
    await loginThroughPage(page, 'mitglied', 'mitglied');
    await page.waitForURL(`${baseUrl()}/statuten`);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('button', { name: 'Verein' }).click();
    await nav.getByRole('link', { name: 'Newsletter' }).waitFor();
    expect(await page.getByRole('button', { name: 'Admin' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Werde Mitglied' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Mitglied werden' }).count()).toBe(0);
    await context.close();
  });

  it('with a wrong password sees a German message and stays on the login page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/oauth/login?returnTo=/');
    await loginThroughPage(page, 'mitglied', 'falsch-falsch');
    await expect.poll(() => page.getByText('Benutzername oder Passwort ist falsch.').isVisible()).toBe(true);
    await context.close();
  });

  it('logs out: goes Home and the API answers 401 again', async () => {
    // Its own login: the saved state of the other tests must stay valid.
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/oauth/login?returnTo=/account');
    await loginThroughPage(page, 'mitglied', 'mitglied');
    await page.waitForURL(`${baseUrl()}/account`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Werde Mitglied' }).isVisible()).toBe(true);
    const status = await page.evaluate(async () => (await fetch('/api/v1/member/')).status);
    expect(status).toBe(401);
    await context.close();
  });
});

describe('board member', () => {
  it.each(['phone', 'desktop'] as const)(
    'sees the Admin menu grouped under Mitglieder, Finanzen, Tickets and Verein, with every entry of the specification (%s)',
    async (viewport) => {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/');
      if (viewport === 'phone') await page.getByRole('button', { name: 'Navigation ein- oder ausblenden' }).click();
      await page.getByRole('button', { name: 'Admin' }).click();
      const menu = page.locator('#admin-menu-list');
      await menu.getByRole('link').first().waitFor();
      const groups: Record<string, string[]> = {};
      for (const heading of Object.keys(ADMIN_GROUPS)) {
        groups[heading] = await menu.getByRole('list', { name: heading, exact: true }).getByRole('link').allInnerTexts();
      }
      expect(groups).toEqual(ADMIN_GROUPS);
      const all = await menu.getByRole('link').allInnerTexts();
      expect(all).toEqual(Object.values(ADMIN_GROUPS).flat());
      expect(all).toEqual(expect.arrayContaining(SPEC_ADMIN_ENTRIES));
      if (viewport === 'phone') {
        // Every entry of the open navigation is at least 44 px high: a finger hits it.
        const heights = await page
          .locator('#main-navigation')
          .locator('a:visible, button:visible')
          .evaluateAll((els) => els.map((el) => [el.textContent?.trim(), Math.round(el.getBoundingClientRect().height)] as const));
        expect(heights.filter(([, height]) => height < 44)).toEqual([]);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-menu-${viewport}`);
      await context.close();
    },
  );
});
