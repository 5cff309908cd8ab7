import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { site } from './site.ts';

export const baseUrl = (): string => site().baseUrl;
const stateDir = fileURLToPath(new URL('../.state', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('../.state/screenshots', import.meta.url));

/** Chromium as the journeys use it; `extraArgs` adds switches (a fake camera, say). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export type Viewport = 'phone' | 'desktop';
const viewports = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 900 } };

/**
 * `locale`: the browser's language (default de-CH); another shows that the site does not depend on it.
 * `site`: the address of a site of the journey's own (support/site.ts) instead of the run's.
 */
export function newContext(
  browser: Browser,
  options: { viewport?: Viewport; storageState?: string; locale?: string; site?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: options.site ?? baseUrl(),
    viewport: viewports[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'de-CH',
    timezoneId: 'Europe/Zurich',
    // Bootstrap drops its fade transitions then: axe never checks a dialog half faded in.
    reducedMotion: 'reduce',
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
}

/** Logs in through the real login page of the identity provider. */
export async function loginThroughPage(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * A browser context logged in as a demo user; the login runs once per user and run,
 * its browser state is reused afterwards.
 */
export async function loggedInContext(
  browser: Browser,
  username: string,
  viewport: Viewport = 'desktop',
  locale?: string,
): Promise<BrowserContext> {
  mkdirSync(stateDir, { recursive: true });
  const file = path.join(stateDir, `${username}-${new URL(baseUrl()).port}.json`);
  if (!existsSync(file)) {
    const t0 = Date.now();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/oauth/login?returnTo=/');
    await loginThroughPage(page, username, username);
    await page.waitForURL(`${baseUrl()}/`);
    await context.storageState({ path: file });
    await context.close();
    profile('login', t0, username);
  }
  return newContext(browser, { viewport, storageState: file, ...(locale ? { locale } : {}) });
}

/** axe-core's browser bundle, the one @axe-core/playwright would inject. */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}
type AxeInPage = { axe?: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } };

/** Loads axe into a frame unless it is there already (a page keeps it from scan to scan until it loads another document). */
async function withAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as AxeInPage).axe?.run === 'function')) return;
  await frame.evaluate(axeSource);
}

/**
 * Serious and critical axe violations on the page (and its same-origin frames), as readable lines.
 * axe runs in the page itself (no second run in a blank page to merge frame results), is loaded at most once per
 * document (@axe-core/playwright loaded its 550 kB twice per scan), and details every node of a violation but only
 * one node of what passed (`resultTypes`: no selectors built for the hundreds of nodes that pass): the same rules
 * and violations as @axe-core/playwright's run, in about half the time (bench/README.md, «A whole CI run»).
 */
export async function seriousA11yViolations(page: Page, options: { exclude?: string } = {}): Promise<string[]> {
  const t0 = Date.now();
  await withAxe(page.mainFrame());
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // A frame that runs no scripts (the mail preview's sandbox) answers never: give it a second, as axe's own runner does.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000)));
    await Promise.race([withAxe(frame).catch(() => undefined), late]);
    clearTimeout(timer);
  }
  const violations = await page.evaluate(
    async ({ exclude }) => {
      const { axe } = window as AxeInPage;
      const result = await axe!.run(exclude ? { exclude: [exclude] } : document, { resultTypes: ['violations'] });
      return result.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((n) => ({ target: n.target })),
      }));
    },
    { exclude: options.exclude },
  );
  profile('axe', t0, page.url());
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  const t0 = Date.now();
  await page.screenshot({ path: file, fullPage: true });
  profile('screenshot', t0, name);
  return file;
}

/** Nothing is wider than the screen (no sideways scrolling); names what sticks out when something does. */
export async function noHorizontalScroll(page: Page): Promise<void> {
  const wider = await page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(el.getBoundingClientRect().right)}`)
          .slice(0, 10),
  );
  expect(wider).toEqual([]);
}

/**
 * Tables wider than their sideways-scrolling region, named by the region's label or the section's heading. A member's
 * screen shows its tables whole, also on a phone; the board's long lists may scroll.
 */
export async function tablesScrollingSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.table-responsive')]
      .filter((region) => region.scrollWidth > region.clientWidth + 1)
      .map((region) => {
        const name = region.getAttribute('aria-label') ?? region.closest('section')?.querySelector('h2')?.textContent ?? 'Tabelle';
        return `${name}: ${region.scrollWidth} px in ${region.clientWidth} px`;
      }),
  );
}

/**
 * With E2E_PROFILE=<file>, every axe scan, screenshot and first login appends a line (journey, test, what, ms) to the
 * file: where a journey's time goes (bench/README.md, «A whole CI run»).
 */
function profile(kind: 'axe' | 'screenshot' | 'login', started: number, what: string): void {
  const file = process.env.E2E_PROFILE;
  if (!file) return;
  const { currentTestName, testPath } = expect.getState();
  appendFileSync(
    file,
    `${JSON.stringify({ file: path.basename(testPath ?? ''), test: currentTestName, kind, what, ms: Date.now() - started })}\n`,
  );
}
