import { ADMIN_RESERVATIONS_PAGE_SIZE, IDEMPOTENCY_HEADER } from '../packages/contract/src/tickets.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople } from '../apps/api/src/features/demo/demo-data.ts';
import {
  baseUrl,
  launchBrowser,
  loggedInContext,
  newContext,
  noHorizontalScroll,
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

const suffix = Date.now().toString(36).slice(-5);
const groupName = `E2E Derbys ${suffix}`;
const optionName = `Abholung E2E ${suffix}`;
/** A plain demo member besides 'mitglied' (password = username). */
const secondMember = demoPeople().find((p) => !p.board && p.username !== 'mitglied')!.username;

/** `YYYY-MM-DDTHH:mm` for a datetime-local input, `days` ahead at 19:45. */
function localDateTime(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  return `${day}T19:45`;
}

/** A call through the context's session (same origin, JSON), for seeding; answers the new row's id. */
async function call(context: BrowserContext, path: string, data: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<number> {
  const response = await context.request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { 'content-type': 'application/json', origin: baseUrl(), [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data?: { id: number } }).data?.id ?? 0;
}

async function ticketsLeftOnGamePage(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const badge = page.getByTestId('tickets-left').first();
  await badge.waitFor();
  return (await badge.textContent()) ?? '';
}

describe('ticket sales', () => {
  let gamePath = '';

  it('the board creates a delivery option, a game group with two options and a game', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();

    await page.goto('/admin/deliveryoptions');
    await page.getByRole('heading', { name: 'Zustelloptionen', level: 1 }).waitFor();
    await page.getByLabel('Name der Zustelloption').first().fill(optionName);
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Zustelloption «${optionName}» hinzugefügt.` })
      .waitFor();
    await page.getByText(optionName, { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/admin/gamegroups');
    await page.getByRole('button', { name: 'Neue Spielegruppe' }).click();
    await page.getByLabel('Name', { exact: true }).fill(groupName);
    await page.getByLabel('Preis pro Ticket (CHF)').fill('30');
    await page.getByLabel('Tickets pro Spiel').fill('10');
    await page.getByLabel('Tickets pro Mitglied').fill('4');
    await page.getByLabel(optionName).check();
    await page.getByLabel('Versand per Post').check();
    await page.getByRole('button', { name: 'Spielegruppe erstellen' }).click();
    await page.getByRole('heading', { name: groupName, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/admin\/gamegroups\/\d+$/);

    await page.getByRole('button', { name: 'Spiel hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spiel hinzufügen' });
    await dialog.getByLabel('Spielbeginn (Datum und Zeit)').fill(localDateTime(12));
    await dialog.getByRole('group', { name: 'Gegner' }).getByText('SCB', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Spiel speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'ZSC – SCB', level: 3 }).waitFor();
    expect(await page.getByTestId('reserved-of-quota').first().textContent()).toBe('0 / 10 reserviert');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'tickets-admin-group-desktop');
    await context.close();
  });

  it('a member reserves 2 tickets (a double click reserves once), another member sees the count go down and up', async () => {
    const member = await loggedInContext(browser, 'mitglied');
    const other = await loggedInContext(browser, secondMember);
    const page = await member.newPage();
    const otherPage = await other.newPage();

    await page.goto('/tickets');
    const section = page.getByRole('region', { name: groupName });
    await section.getByRole('link', { name: 'Tickets reservieren' }).click();
    await page.getByRole('heading', { name: 'ZSC – SCB', level: 1 }).waitFor();
    gamePath = new URL(page.url()).pathname;
    expect(gamePath).toMatch(/^\/tickets\/games\/\d+$/);
    expect(await ticketsLeftOnGamePage(otherPage, gamePath)).toBe('Noch 10 Tickets');

    await page.getByLabel(optionName).check();
    await page.getByLabel('Anzahl Tickets').selectOption('2');
    expect(await page.getByTestId('reservation-total').textContent()).toMatch(/CHF\s60\.00/);
    await page.getByRole('button', { name: 'Verbindlich reservieren' }).dblclick();
    await page.getByRole('heading', { name: 'Reservation bestätigt' }).waitFor();
    // The focus lands on the confirmation (the button that had it is gone).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('reservation-confirmation');
    await page.getByText(optionName).first().waitFor();

    await expect.poll(() => ticketsLeftOnGamePage(otherPage, gamePath)).toBe('Noch 8 Tickets');

    await page.getByRole('link', { name: 'Meine Reservationen' }).click();
    await page.getByRole('heading', { name: 'Ticketreservationen' }).waitFor();
    const row = page
      .getByTestId('reservation-card')
      .filter({ has: page.getByText('ZSC – SCB') })
      .filter({ has: page.getByText(optionName) });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    // Fewer tickets instead of none: the amount goes down to 1 while sales are open.
    await row.getByLabel('Anzahl Tickets').fill('1');
    await row.getByRole('button', { name: 'Anzahl ändern' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /umfasst jetzt 1 Ticket/ })
      .waitFor();
    await expect.poll(() => ticketsLeftOnGamePage(otherPage, gamePath)).toBe('Noch 9 Tickets');
    await row.getByRole('button', { name: /Stornieren/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reservation stornieren?' });
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    await row.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /wurde storniert/ })
      .waitFor();

    await expect.poll(() => ticketsLeftOnGamePage(otherPage, gamePath)).toBe('Noch 10 Tickets');
    await member.close();
    await other.close();
  });

  it('on a phone, the reservation form totals tickets and the delivery fee before confirming, and says how it is paid', async () => {
    const member = await loggedInContext(browser, 'mitglied', 'phone');
    const page = await member.newPage();
    await page.goto(gamePath);
    await page.getByRole('heading', { name: 'ZSC – SCB', level: 1 }).waitFor();
    await page.getByLabel(/Versand per Post/).check();
    await page.getByLabel('Anzahl Tickets').selectOption('2');
    // 2 × CHF 30.00 + the post's CHF 2.00: the sum the invoice will ask for.
    expect(await page.getByTestId('reservation-total').textContent()).toMatch(/CHF\s62\.00/);
    expect(await page.getByText(/\+ Zustellung CHF\s2\.00/).count()).toBe(1);
    expect(await page.getByTestId('reservation-payment').textContent()).toMatch(/^Rechnung folgt:/);
    await noHorizontalScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('reservation-total').scrollIntoViewIfNeeded();
    await screenshot(page, 'tickets-form-total-phone');
    await member.close();
  });

  it('the ticket list and a game screen look right on a phone and a desktop, without serious a11y violations', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const visitor = await newContext(browser, { viewport });
      const page = await visitor.newPage();
      await page.goto('/tickets');
      await page.getByRole('heading', { name: groupName }).waitFor();
      await page.getByRole('link', { name: 'Anmelden und reservieren' }).waitFor();
      await noHorizontalScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `tickets-list-${viewport}`);
      await visitor.close();

      const member = await loggedInContext(browser, 'mitglied', viewport);
      const gamePage = await member.newPage();
      await gamePage.goto(gamePath);
      await gamePage.getByRole('button', { name: 'Verbindlich reservieren' }).waitFor();
      await noHorizontalScroll(gamePage);
      expect(await seriousA11yViolations(gamePage)).toEqual([]);
      await screenshot(gamePage, `tickets-game-${viewport}`);
      await member.close();
    }
  });
  it("the board's group page folds past games away under «Vergangene Spiele» (360 px and 1280 px)", async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      const groups = (await (await context.request.get('/api/v1/admin/gamegroups/')).json()) as {
        data: { data: { id: number; name: string } }[];
      };
      const demo = groups.data.find((g) => g.data.name === 'Heimspiele Qualifikation 2026/27')!.data;
      await page.goto(`/admin/gamegroups/${demo.id}`);
      await page.getByRole('heading', { name: demo.name, level: 1 }).waitFor();
      const past = page.getByTestId('past-games');
      const summary = past.getByText(/^Vergangene Spiele \(\d+\)$/);
      await summary.waitFor();
      // The game played four days ago is folded away; the coming ones are open.
      const played = page.getByRole('heading', { name: 'ZSC – HCD', level: 3 });
      expect(await played.isVisible()).toBe(false);
      await page.getByRole('heading', { name: 'ZSC – SCB', level: 3 }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await summary.click();
      await played.waitFor();
      await past.getByRole('region', { name: /^Reservationen für ZSC – HCD/ }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `game-group-past-${viewport}`);
      await context.close();
    }
  });

  it("the board's game card shows a game's first 50 reservations and loads the rest on «Mehr anzeigen» (360 px and 1280 px)", async () => {
    // 3 members × 21 reservations of one ticket each: 63 reservations, one page and 13 more.
    const board = await loggedInContext(browser, 'vorstand');
    const optionId = await call(board, '/admin/deliveryoptions/', { name: `Abholung Liste ${suffix}` });
    const groupId = await call(board, '/admin/gamegroups/', {
      name: `E2E Volle Kurve ${suffix}`,
      defaultPricePerTicket: { currency: 'CHF', amount: 30 },
      availableTicketsPerGame: 100,
      freeTicketAmount: 21,
    });
    await call(board, `/admin/gamegroups/${groupId}/deliveryoptions/`, [{ id: optionId }], 'PUT');
    const gameId = await call(board, `/admin/gamegroups/${groupId}/games/`, {
      start: new Date(Date.now() + 21 * 86_400_000).toISOString(),
      opponent: 'EVZ',
      homeGame: true,
      venue: 'Swiss Life Arena, Zürich',
    });
    await board.close();
    const fans = [
      'mitglied',
      ...demoPeople()
        .filter((p) => !p.board && p.username !== 'mitglied')
        .map((p) => p.username),
    ].slice(0, 3);
    for (const username of fans) {
      const member = await loggedInContext(browser, username);
      for (let i = 0; i < 21; i++) await call(member, `/games/${gameId}/deliveryoptions/${optionId}/ticketreservations/`, { amount: 1 });
      await member.close();
    }

    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto(`/admin/gamegroups/${groupId}`);
      const card = page.getByTestId(`admin-game-${gameId}`);
      const rows = card.getByRole('region', { name: /^Reservationen für ZSC – EVZ/ }).locator('tbody tr');
      await card.getByText(`${ADMIN_RESERVATIONS_PAGE_SIZE} von 63 Reservationen`).waitFor();
      expect(await rows.count()).toBe(ADMIN_RESERVATIONS_PAGE_SIZE);
      const more = card.getByRole('button', { name: 'Mehr anzeigen (13 weitere) – Reservationen für ZSC – EVZ' });
      expect(await more.innerText()).toBe('Mehr anzeigen (13 weitere)');
      await noHorizontalScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, `game-group-reservations-${viewport === 'phone' ? 360 : 1280}`);

      await more.click();
      await expect.poll(() => rows.count()).toBe(63);
      expect(await more.count()).toBe(0);
      await noHorizontalScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `game-group-reservations-all-${viewport === 'phone' ? 360 : 1280}`);
      await context.close();
    }
  }, 300_000);
});
