import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/oauth/login?returnTo=/');
    await loginThroughPage(page, username, username);
    await page.waitForURL(`${baseUrl()}/`);
    await context.storageState({ path: file });
    await context.close();
  }
  return newContext(browser, { viewport, storageState: file, ...(locale ? { locale } : {}) });
}

/** Serious and critical axe violations on the page, as readable lines. */
export async function seriousA11yViolations(page: Page, options: { exclude?: string } = {}): Promise<string[]> {
  // Legacy mode runs axe once in the page (and its same-origin frames) instead of in every frame and then once
  // more in a new blank page: a third less time per scan, the same rules and results.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (options.exclude) builder.exclude(options.exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
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
