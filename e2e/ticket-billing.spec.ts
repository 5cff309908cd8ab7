import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camtPayingInvoices } from '../apps/api/src/features/payments/camt.writer.ts';
import { launchBrowser, loggedInContext, screenshot, screenshotDir, seriousA11yViolations } from './support/browser.ts';
import { pngToY4m } from './support/fake-camera.ts';
import { waitForMail } from './support/mailbox.ts';

/**
 * From reservation to seat: mitglied reserves, the sales close, the board bills the season's
 * tickets, mitglied sees the invoice and pays it through the bank file, and the board hands the
 * tickets over by scanning mitglied's member card with the (fake) camera of a phone.
 */

let browser: Browser;
let cameraBrowser: Browser | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const optionName = `Versand E2E ${suffix}`;
const work = mkdtempSync(path.join(tmpdir(), 'club-billing-'));

async function json<T>(context: BrowserContext, method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const response = await context.request[method](url, data === undefined ? {} : { data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

describe('from reservation to seat', () => {
  let gameId = 0;
  let invoice: { id: number; number: string; reference: string; total: { amount: number } } | undefined;

  it('mitglied reserves two tickets with a delivery fee, and the sales close', async () => {
    const board = await loggedInContext(browser, 'vorstand');
    const option = await json<{ id: number }>(board, 'post', '/api/v1/admin/deliveryoptions/', {
      name: optionName,
      fee: { currency: 'CHF', amount: 2 },
    });
    const group = await json<{ id: number }>(board, 'post', '/api/v1/admin/gamegroups/', {
      name: `Billing E2E ${suffix}`,
      defaultPricePerTicket: { currency: 'CHF', amount: 45 },
      availableTicketsPerGame: 20,
      freeTicketAmount: 4,
    });
    await board.request.put(`/api/v1/admin/gamegroups/${group.id}/deliveryoptions/`, { data: [{ id: option.id }] });
    const start = new Date(Date.now() + 3 * 86_400_000);
    const game = await json<{ id: number }>(board, 'post', `/api/v1/admin/gamegroups/${group.id}/games/`, {
      start: start.toISOString(),
      opponent: 'SCB',
      homeGame: true,
      venue: 'Swiss Life Arena',
    });
    gameId = game.id;

    const member = await loggedInContext(browser, 'mitglied');
    const page = await member.newPage();
    await page.goto(`/tickets/games/${gameId}`);
    await page.getByLabel(optionName).check();
    expect(await page.getByText('(+ CHF 2.00 pro Reservation)').count()).toBe(1);
    await page.getByLabel('Anzahl Tickets').selectOption('2');
    await page.getByRole('button', { name: 'Verbindlich reservieren' }).click();
    await page
      .getByText(/reserviert/)
      .first()
      .waitFor();
    await member.close();

    // The board closes the sales (as the game's sales window would).
    await json(board, 'put', `/api/v1/admin/games/${gameId}`, {
      start: start.toISOString(),
      opponent: 'SCB',
      homeGame: true,
      venue: 'Swiss Life Arena',
      salesCloseAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await board.close();
  });

  it('the board runs the ticket billing on the seasons screen, with confirmation and progress', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/seasons');
      const card = page.getByTestId('ticket-billing');
      await card.getByText(/Zu verrechnen: \d+ Reservation/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `ticket-billing-seasons-${viewport === 'phone' ? 360 : 1280}`);
      if (viewport === 'desktop') {
        await card.getByRole('button', { name: 'Tickets und Veranstaltungen verrechnen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Tickets und Veranstaltungen verrechnen' });
        expect(await dialog.textContent()).toMatch(/werden verrechnet, total CHF/);
        await dialog.getByRole('button', { name: 'Ja, ausführen' }).click();
        await card.getByText(/Fertig: \d+ Rechnungen erstellt/).waitFor();
        await card.getByText('Nichts zu verrechnen.').waitFor();
      }
      await context.close();
    }
  });

  it('mitglied gets the invoice by mail, sees the reservation billed and the invoice on the account page', async () => {
    const mail = await waitForMail(
      (m) => m.to.includes('mitglied@fanclub-limmat.example') && m.subject.startsWith('Tickets und Veranstaltungen'),
    );
    expect(mail.text).toContain('für Ihre Tickets und Veranstaltungen der Saison');

    const context = await loggedInContext(browser, 'mitglied');
    const page = await context.newPage();
    await page.goto('/account');
    const own = (await (await context.request.get('/api/v1/member/?expands=invoices')).json()) as {
      data: { ticketReservations: { gameId: number; invoiceId: number | null; invoiceStatus: string | null }[] };
      expands: { name: string; data: { id: number; number: string; reference: string; total: { amount: number } }[] }[];
    };
    const billed = own.data.ticketReservations.find((r) => r.gameId === gameId);
    expect(billed?.invoiceStatus).toBe('OPEN');
    invoice = own.expands.find((e) => e.name === 'invoices')?.data.find((i) => i.id === billed?.invoiceId);
    expect(invoice).toBeTruthy();
    const row = page.getByTestId('invoice-card').filter({ hasText: invoice!.number });
    await row.waitFor();
    expect(await row.textContent()).toContain('Tickets und Veranstaltungen');
    const card = page.getByTestId('reservation-card').filter({ hasText: 'ZSC – SCB' }).filter({ hasText: optionName });
    await card
      .getByTestId('billing-status')
      .getByText(/^Verrechnet/)
      .waitFor();
    await context.close();
  });

  it("the board imports the bank's camt.054 file paying it, and mitglied sees the reservation paid", async () => {
    const xml = camtPayingInvoices(
      [{ reference: invoice!.reference, openRappen: Math.round(invoice!.total.amount * 100), debtorName: 'Martina Muster' }],
      {
        msgId: `E2E-TICKETS-${suffix}`,
        bookingDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()),
      },
    );
    const file = path.join(work, 'gutschriften.xml');
    writeFileSync(file, xml);
    const board = await loggedInContext(browser, 'vorstand');
    const admin = await board.newPage();
    await admin.goto('/admin/invoices');
    await admin.getByLabel(/Datei der Bank/).setInputFiles(file);
    await admin.getByRole('button', { name: 'Einlesen' }).click();
    await admin
      .getByTestId('camt-result')
      .getByText(/1 Rechnung bezahlt/)
      .waitFor();
    await board.close();

    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'mitglied', viewport);
      const page = await context.newPage();
      await page.goto('/account');
      const card = page.getByTestId('reservation-card').filter({ hasText: optionName });
      await card
        .getByTestId('billing-status')
        .getByText(/^Bezahlt/)
        .waitFor();
      await page.getByTestId('member-card').getByRole('img').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `ticket-billing-account-${viewport === 'phone' ? 360 : 1280}`);
      if (viewport === 'desktop') {
        // The member card as the phone's camera will see it.
        await page.getByTestId('member-card').screenshot({ path: path.join(screenshotDir, 'member-card.png') });
      }
      await context.close();
    }
  });

  it('the board hands the tickets over on a phone by scanning the member card with the camera', async () => {
    const video = path.join(work, 'member-card.y4m');
    pngToY4m(path.join(screenshotDir, 'member-card.png'), video);
    cameraBrowser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    const context = await loggedInContext(cameraBrowser, 'vorstand', 'phone');
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) => logs.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    await page.goto(`/admin/games/${gameId}/handover`);
    await page.getByRole('heading', { name: 'Ticketausgabe ZSC – SCB' }).waitFor();
    const counters = page.getByTestId('handover-counters');
    expect(await counters.textContent()).toContain('0 / 1 ausgegeben');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'handover-360');

    await page.getByRole('button', { name: 'Ausweis scannen' }).click();
    const check = page.getByTestId('card-check');
    await check.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      await screenshot(page, 'handover-scan-failed');
      throw new Error(`${String(e)}\n${logs.join('\n')}`);
    });
    expect(await check.textContent()).toMatch(/Ausweis gültig: Martina Muster \(Nr\. \d+\), Saison \d{4}\/\d{2}/);
    const entry = page.getByTestId('handover-entry').filter({ hasText: 'Martina Muster' });
    expect(await entry.getAttribute('class')).toContain('handover-highlight');
    expect(await entry.textContent()).toContain('Bezahlt');
    expect(await entry.textContent()).not.toContain('Unbezahlt');
    await entry.getByRole('button', { name: /^Ausgeben/ }).click();
    await entry.getByText(/✓ ausgegeben um \d\d:\d\d$/).waitFor();
    expect(await counters.textContent()).toContain('1 / 1 ausgegeben');
    // The counters agree with the rows: one entry, paid, so nothing unpaid.
    expect(await counters.textContent()).toContain('unbezahlt: 0');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'handover-scanned-360');

    // Undo and hand over again on a poor network: the first try gets no answer, the second a busy
    // server; the tap shows at once and is sent until the server answers. The server keeps one hand-over.
    await entry.getByRole('button', { name: /Rückgängig/ }).click();
    const tries: string[] = [];
    await page.route('**/api/v1/admin/ticketreservations/*/handover', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      tries.push(route.request().method());
      if (tries.length === 1) return route.abort('internetdisconnected');
      if (tries.length === 2)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":{"code":"UNAVAILABLE","message":"Bitte nochmals versuchen."}}',
        });
      return route.continue();
    });
    await entry.getByRole('button', { name: /^Ausgeben/ }).click();
    await entry.getByText(/✓ ausgegeben um/).waitFor({ timeout: 500 });
    await expect.poll(() => tries.length, { timeout: 20_000 }).toBe(3);
    await page.unroute('**/api/v1/admin/ticketreservations/*/handover');
    await entry.getByText(/✓ ausgegeben um/).waitFor();
    await expect
      .poll(async () => {
        const list = await json<{ data: { member: { firstName: string }; handedOverAt: string | null } }[]>(
          context,
          'get',
          `/api/v1/admin/games/${gameId}/ticketreservations`,
        );
        return list.find((i) => i.data.member.firstName === 'Martina')?.data.handedOverAt ?? null;
      })
      .not.toBeNull();
    await context.close();

    const wide = await loggedInContext(browser, 'vorstand', 'desktop');
    const desk = await wide.newPage();
    await desk.goto(`/admin/games/${gameId}/handover`);
    await desk.getByTestId('handover-entry').first().waitFor();
    expect(await desk.getByTestId('handover-counters').textContent()).toContain('1 / 1 ausgegeben');
    expect(await seriousA11yViolations(desk)).toEqual([]);
    await screenshot(desk, 'handover-1280');
    await wide.close();

    const member = await loggedInContext(browser, 'mitglied');
    const account = await member.newPage();
    await account.goto('/account');
    await account
      .getByTestId('reservation-card')
      .filter({ hasText: optionName })
      .getByText(/^Ausgegeben/)
      .waitFor();
    await member.close();
  });

  it('the board hands event places over per event, on a phone and at the desk', async () => {
    const board = await loggedInContext(browser, 'vorstand', 'phone');
    type Place = {
      data: {
        id: number;
        member: { firstName: string; lastName: string };
        total: { amount: number };
        invoiceStatus: string | null;
        handedOverAt: string | null;
      };
    };
    const events = await json<{ data: { id: number; title: string } }[]>(board, 'get', '/api/v1/events/');
    let event: { id: number; title: string; places: Place[] } | undefined;
    for (const { data } of events) {
      const places = await json<Place[]>(board, 'get', `/api/v1/admin/events/${data.id}/eventsubscriptions`);
      if (places.some((p) => p.data.handedOverAt === null)) {
        event = { ...data, places };
        break;
      }
    }
    expect(event, 'a demo event with places not handed over yet').toBeDefined();
    const place = event!.places.find((p) => p.data.handedOverAt === null)!.data;
    const handed = event!.places.filter((p) => p.data.handedOverAt !== null).length;
    const page = await board.newPage();
    await page.goto(`/admin/events/${event!.id}/handover`);
    await page.getByRole('heading', { name: `Platzausgabe ${event!.title}` }).waitFor();
    const counters = page.getByTestId('handover-counters');
    expect(await counters.textContent()).toContain(`${handed} / ${event!.places.length} ausgegeben`);
    const name = `${place.member.firstName} ${place.member.lastName}`;
    await page.getByLabel('Suche nach Name oder Mitgliedernummer').fill(place.member.lastName);
    const entry = page.getByTestId('handover-entry').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await entry.getByRole('button', { name: /^Ausgeben/ }).click();
    await entry.getByText(/✓ ausgegeben um \d\d:\d\d$/).waitFor();
    expect(await counters.textContent()).toContain(`${handed + 1} / ${event!.places.length} ausgegeben`);
    if (place.total.amount === 0) {
      // A free place: nothing to pay, so never «Unbezahlt» nor counted as unpaid.
      expect(await entry.textContent()).toContain('Kostenlos');
      expect(await entry.textContent()).not.toContain('Unbezahlt');
    } else {
      // One word for the money: «Bezahlt» or «Unbezahlt».
      expect(await entry.textContent()).toMatch(place.invoiceStatus === 'PAID' ? /(?<!Un)Bezahlt/ : /Unbezahlt/);
    }
    // The counter agrees with the rows marked «Unbezahlt».
    const unpaid = event!.places.map((p) => p.data).filter((p) => p.total.amount > 0 && p.invoiceStatus !== 'PAID').length;
    expect(await counters.textContent()).toContain(`unbezahlt: ${unpaid}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'handover-event-360');
    await expect
      .poll(async () => {
        const places = await json<Place[]>(board, 'get', `/api/v1/admin/events/${event!.id}/eventsubscriptions`);
        return places.find((p) => p.data.id === place.id)?.data.handedOverAt ?? null;
      })
      .not.toBeNull();
    await board.close();

    const wide = await loggedInContext(browser, 'vorstand', 'desktop');
    const desk = await wide.newPage();
    await desk.goto(`/admin/events/${event!.id}/handover`);
    await desk.getByTestId('handover-entry').first().waitFor();
    expect(await desk.getByTestId('handover-counters').textContent()).toContain(`${handed + 1} / ${event!.places.length} ausgegeben`);
    expect(await seriousA11yViolations(desk)).toEqual([]);
    await screenshot(desk, 'handover-event-1280');
    await wide.close();
  });
});
