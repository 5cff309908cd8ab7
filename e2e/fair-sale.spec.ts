import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople } from '../apps/api/src/features/demo/demo-data.ts';
import { baseUrl, launchBrowser, loggedInContext, screenshot, seriousA11yViolations, tablesScrollingSideways } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const groupName = `E2E Derby-Los ${suffix}`;
/** Three plain demo members (password = username): each asks for 2 of 4 tickets. */
const requesters = [
  'mitglied',
  ...demoPeople()
    .filter((p) => !p.board && p.username !== 'mitglied')
    .map((p) => p.username),
].slice(0, 3);

/** A board call through the browser's session (same origin, JSON), for seeding. */
async function boardCall(context: BrowserContext, method: 'POST' | 'PUT', path: string, data: unknown): Promise<{ data: { id: number } }> {
  const response = await context.request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { 'content-type': 'application/json', origin: baseUrl() },
  });
  expect(response.status()).toBeLessThan(300);
  return (await response.json()) as { data: { id: number } };
}

describe('the fair sale of a derby', () => {
  let gameId = 0;
  let groupId = 0;
  const pages = new Map<string, Page>();

  it('the board puts a derby up for a draw; three members request 2 tickets each for 4', async () => {
    const board = await loggedInContext(browser, 'vorstand');
    const option = await boardCall(board, 'POST', '/admin/deliveryoptions/', { name: `Abholung Los ${suffix}` });
    const group = await boardCall(board, 'POST', '/admin/gamegroups/', {
      name: groupName,
      defaultPricePerTicket: { currency: 'CHF', amount: 45 },
      availableTicketsPerGame: 4,
      freeTicketAmount: 2,
    });
    groupId = group.data.id;
    await boardCall(board, 'PUT', `/admin/gamegroups/${groupId}/deliveryoptions/`, [{ id: option.data.id }]);
    const game = await boardCall(board, 'POST', `/admin/gamegroups/${groupId}/games/`, {
      start: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      opponent: 'GSHC',
      homeGame: true,
      venue: 'Swiss Life Arena, Zürich',
      saleMode: 'DRAW',
      drawAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    gameId = game.data.id;
    await board.close();

    for (const username of requesters) {
      const context = await loggedInContext(browser, username);
      const page = await context.newPage();
      pages.set(username, page);
      await page.goto(`/tickets/games/${gameId}`);
      await page.getByRole('heading', { name: 'Tickets anfragen' }).waitFor();
      await page.getByLabel(`Abholung Los ${suffix}`).check();
      await page.getByLabel('Anzahl Tickets').selectOption('2');
      await page.getByRole('button', { name: 'Anfrage für die Auslosung senden' }).click();
      await page.getByRole('heading', { name: 'Anfrage erhalten' }).waitFor();
    }
    const first = pages.get(requesters[0]!)!;
    await first.reload();
    await first.getByTestId('own-request').waitFor();
    // The quota comes with the draw's facts, a query of its own that may answer after the game's.
    await first.getByTestId('draw-requested').filter({ hasText: '6 Tickets angefragt für 4 Tickets im Kontingent' }).waitFor();
    await first.getByText('So funktioniert die Auslosung').waitFor();
    // A fan reads no algorithm words unless they open «So funktioniert die Auslosung».
    expect(await first.locator('main').innerText()).not.toMatch(/Seed|SHA-256|Gewicht|gewichtet/);
    expect(await seriousA11yViolations(first)).toEqual([]);
    await screenshot(first, 'fair-sale-request-desktop');

    // The ticket list says what the card leads to and when the draw runs, and that the member is in.
    await first.goto('/tickets');
    const card = first
      .locator('article')
      .filter({ hasText: 'ZSC – GSHC' })
      .filter({ has: first.getByTestId('draw-date') })
      .first();
    await card
      .getByTestId('draw-date')
      .filter({ hasText: /^Das Los entscheidet: Auslosung am \d{2}\.\d{2}\.\d{4}/ })
      .waitFor();
    await card.getByTestId('own-request').filter({ hasText: 'Ihre Anfrage für 2 Tickets nimmt an der Auslosung teil.' }).waitFor();
  });

  it('the board draws; two members win, one waits; the published draw is on the game page', async () => {
    const board = await loggedInContext(browser, 'vorstand');
    const page = await board.newPage();
    await page.goto(`/admin/gamegroups/${groupId}`);
    await page.getByRole('button', { name: /Jetzt auslosen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Jetzt auslosen?' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Auslosen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByText(/Ausgelost am/)
      .first()
      .waitFor();
    // The card still counts what the draw's requests asked for (the requests are now tickets or waiting places).
    await page
      .getByTestId(`admin-game-${gameId}`)
      .getByTestId('requested-of-quota')
      .filter({ hasText: 'Auslosung erfolgt · 6 Tickets angefragt / 4 Kontingent' })
      .waitFor();
    await screenshot(page, 'fair-sale-board-desktop');
    await board.close();
  });

  it('a winner gives two tickets back; the first waiting member gets them and sees it', async () => {
    const state = new Map<string, 'won' | 'waiting'>();
    for (const [username, page] of pages) {
      await page.goto(`/tickets/games/${gameId}`);
      await page.getByText('So funktioniert die Auslosung').click();
      await page.getByRole('table', { name: 'Reihenfolge der Auslosung' }).waitFor();
      // The panel with the member's own state renders once the session has answered, which may be after the draw's table.
      await page.getByTestId('tickets-held').or(page.getByTestId('own-request')).first().waitFor();
      state.set(username, (await page.getByTestId('tickets-held').count()) > 0 ? 'won' : 'waiting');
    }
    const winners = [...state].filter(([, s]) => s === 'won').map(([u]) => u);
    const waiting = [...state].filter(([, s]) => s === 'waiting').map(([u]) => u);
    expect(winners).toHaveLength(2);
    expect(waiting).toHaveLength(1);
    const waitingPage = pages.get(waiting[0]!)!;
    expect(await waitingPage.getByTestId('own-request').textContent()).toContain('Sie stehen auf der Warteliste (Platz 1)');
    // A place on the waiting list is no debt: no payment state, no delivery address on Mein Konto.
    await waitingPage.goto('/account');
    const waitingCard = waitingPage.getByTestId('reservation-card').filter({ has: waitingPage.getByText('ZSC – GSHC') });
    await waitingCard.getByTestId('not-yet-tickets').waitFor();
    expect(await waitingCard.getByTestId('billing-status').count()).toBe(0);
    expect(await waitingCard.innerText()).not.toMatch(/Zahlung offen|Zustellung/);

    const winnerPage = pages.get(winners[0]!)!;
    await winnerPage.goto('/account');
    const card = winnerPage.getByTestId('reservation-card').filter({ has: winnerPage.getByText('ZSC – GSHC') });
    await card.getByRole('button', { name: /Stornieren/ }).click();
    await winnerPage.getByRole('dialog', { name: 'Reservation stornieren?' }).getByRole('button', { name: 'Stornieren' }).click();
    await card.waitFor({ state: 'detached' });

    await waitingPage.goto(`/tickets/games/${gameId}`);
    await waitingPage.getByTestId('tickets-held').waitFor();
    expect(await waitingPage.getByTestId('tickets-held').textContent()).toContain('2 Tickets reserviert');
    expect(await waitingPage.getByTestId('own-request').count()).toBe(0);
    expect(await seriousA11yViolations(waitingPage)).toEqual([]);
    await screenshot(waitingPage, 'fair-sale-moved-up-desktop');
    await waitingPage.setViewportSize({ width: 360, height: 780 });
    await waitingPage.reload();
    await waitingPage.getByText('So funktioniert die Auslosung').click();
    await waitingPage.getByRole('table', { name: 'Reihenfolge der Auslosung' }).waitFor();
    const wider = await waitingPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(wider).toBe(true);
    // The draw's order shows all its columns, the result too, without scrolling sideways in its region.
    expect(await tablesScrollingSideways(waitingPage)).toEqual([]);
    const order = waitingPage.getByRole('region', { name: 'Reihenfolge der Auslosung' });
    // The member finds their own line: marked, with the result it gave (waiting then, holding tickets now).
    expect(await order.getByTestId('own-draw-line').innerText()).toMatch(/^3\s+\d+\s+\(Sie\)\s+2\s+\d+\s+Warteliste$/);
    expect(await seriousA11yViolations(waitingPage)).toEqual([]);
    await screenshot(waitingPage, 'fair-sale-moved-up-phone');
  });
});
