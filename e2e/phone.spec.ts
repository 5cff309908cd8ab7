import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInContext, newContext, screenshot, seriousA11yViolations } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A member in the stands: 1.6 Mbit/s, 150 ms round trips, a CPU four times slower (Chrome DevTools Protocol). */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Milliseconds from the start of the navigation until `visible` is on screen, with an empty cache. */
async function timeUntilVisible(path: string, visible: (page: Page) => Promise<void>): Promise<number> {
  const context = await newContext(browser, { viewport: 'phone' });
  try {
    const page = await context.newPage();
    await throttle(page);
    await page.goto(path, { waitUntil: 'commit' });
    await visible(page);
    return Math.round(await page.evaluate(() => performance.now()));
  } finally {
    await context.close();
  }
}

const runs = Math.max(1, Number(process.env.PHONE_RUNS ?? 1));

describe('on a phone in the stands (throttled)', () => {
  it('shows Home and the ticket list; prints the time until their content is visible', { timeout: 60_000 * runs }, async () => {
    const figures: Record<string, number[]> = { Home: [], Tickets: [] };
    for (let run = 0; run < runs; run++) {
      figures.Home!.push(
        await timeUntilVisible('/', async (page) => {
          await page.getByRole('heading', { name: 'Herzlich Willkommen' }).waitFor({ timeout: 30_000 });
          await page.getByText('Kaufe Tickets').first().waitFor({ timeout: 30_000 });
        }),
      );
      figures.Tickets!.push(
        await timeUntilVisible('/tickets', async (page) => {
          await page.getByTestId('tickets-left').first().waitFor({ timeout: 30_000 });
          await page.locator('svg[aria-label^="Logo"]').first().waitFor({ timeout: 30_000 });
        }),
      );
    }
    for (const [screen, ms] of Object.entries(figures)) {
      const sorted = [...ms].sort((a, b) => a - b);
      console.log(
        `phone load ${screen}: ${ms.join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]}, ${runs} run${runs > 1 ? 's' : ''})`,
      );
      expect(ms.length).toBe(runs);
    }
  });
});

/** Every route of docs/domain-rules.md «Screens and routes» with ids of demo data where a route needs one. */
async function routesOfTheSite(page: Page): Promise<string[]> {
  const firstId = async (path: string): Promise<number> =>
    page.evaluate(async (p) => {
      const res = await fetch(p, { headers: { accept: 'application/json' } });
      if (!res.ok) return 1;
      const body = (await res.json()) as { data?: { data?: { id?: number } }[] };
      return body.data?.[0]?.data?.id ?? 1;
    }, path);
  const [game, group, member, candidate, event] = await Promise.all([
    firstId('/api/v1/games/'),
    firstId('/api/v1/admin/gamegroups/'),
    firstId('/api/v1/admin/members/?q=a'),
    firstId('/api/v1/admin/members/candidates/'),
    firstId('/api/v1/events'),
  ]);
  return [
    '/',
    '/fancar',
    '/vorstand',
    '/statuten',
    '/newsletter',
    '/events',
    `/events/${event}`,
    '/tickets',
    `/tickets/games/${game}`,
    '/account',
    '/account/changeaddress',
    '/account/changeemail',
    '/admin/members',
    `/admin/members/${member}`,
    '/admin/deliveryoptions',
    '/admin/gamegroups',
    `/admin/gamegroups/${group}`,
    '/admin/reports',
    '/admin/invoices',
    '/admin/events',
    `/admin/events/${event}`,
    '/admin/seasons',
    '/admin/candidates',
    `/admin/candidates/${candidate}`,
    '/candidates',
    '/privacy',
    '/imprint',
    '/contact',
    '/err/502',
    '/gibt-es-nicht',
  ];
}

describe('every screen at 360 px', () => {
  it('has no serious or critical axe violation (as a board member, who sees every screen)', { timeout: 240_000 }, async () => {
    const context = await loggedInContext(browser, 'vorstand', 'phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Herzlich Willkommen' }).waitFor();
    expect(await page.evaluate(() => fetch('/api/v1/member/').then((r) => r.status))).toBe(200);
    const found: Record<string, string[]> = {};
    for (const route of await routesOfTheSite(page)) {
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      // Loaded: no spinner left in the content.
      await expect.poll(() => page.locator('main [role="status"].spinner-border').count(), { timeout: 15_000 }).toBe(0);
      const violations = await seriousA11yViolations(page);
      if (violations.length) {
        found[route] = violations;
        await screenshot(page, `a11y-360${route.replace(/\W+/g, '-')}`);
      }
    }
    await context.close();
    expect(found).toEqual({});
  });
});
