import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  loggedInContext,
  newContext,
  noHorizontalScroll,
  tablesScrollingSideways,
  screenshot,
  seriousA11yViolations,
} from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Fondueplausch ${suffix}`;
/** The member who joins the waiting list (password = username). */
const waitingMember = 'lara.huber';

/** `YYYY-MM-DDTHH:mm` for a datetime-local input, `days` ahead at hh:mm Zurich time. */
function localDateTime(days: number, hhmm: string): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  return `${day}T${hhmm}`;
}

describe('events with a waiting list', () => {
  let eventPath = '';
  let adminPath = '';

  it('the board creates an event with 3 places', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    await page.goto('/admin/events');
    await page.getByRole('heading', { name: 'Veranstaltungen verwalten', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Neue Veranstaltung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Veranstaltung' });
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Ort').fill('Fanlokal Limmat, Zürich');
    await dialog.getByLabel('Beginn').fill(localDateTime(15, '19:00'));
    await dialog.getByLabel('Ende').fill(localDateTime(15, '23:00'));
    await dialog.getByLabel('Anmeldeschluss').fill(localDateTime(12, '12:00'));
    await dialog.getByLabel('Plätze', { exact: true }).fill('3');
    await dialog.getByLabel('Preis pro Platz (CHF)').fill('20');
    await dialog.getByLabel('Plätze pro Mitglied').fill('2');
    await dialog
      .getByLabel('Beschreibung')
      .fill(
        'Fondue im **Fanlokal**.\n\n- Brot inbegriffen\n\n<img src="x" onerror="window.__injected = 1"><script>window.__injected = 2</script>',
      );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'events-admin-form-desktop');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    adminPath = new URL(page.url()).pathname;
    expect(adminPath).toMatch(/^\/admin\/events\/\d+$/);
    eventPath = adminPath.replace('/admin', '');
    expect(await page.getByTestId('admin-places').first().textContent()).toBe('0 / 3 Plätze vergeben');
    await page.getByText('Noch keine Anmeldungen.').waitFor();
    await context.close();
  });

  it('mitglied subscribes 2 places, another member asks for 2 and joins the waiting list', async () => {
    const member = await loggedInContext(browser, 'mitglied');
    const page = await member.newPage();
    await page.goto('/events');
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    // The description is Markdown: bold and a list, but no HTML of its own.
    await page.locator('.event-description strong', { hasText: 'Fanlokal' }).waitFor();
    expect(await page.locator('.event-description img, .event-description script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(await page.getByTestId('places-left').textContent()).toBe('Noch 3 Plätze frei');
    await page.getByLabel('Anzahl Plätze').selectOption('2');
    await page.getByRole('button', { name: 'Verbindlich anmelden' }).click();
    await page.getByTestId('subscription-status').getByText('Sie sind angemeldet').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Sie sind angemeldet mit 2 Plätzen.');
    expect(await page.getByTestId('places-left').textContent()).toBe('Noch 1 Platz frei');

    const other = await loggedInContext(browser, waitingMember);
    const otherPage = await other.newPage();
    await otherPage.goto(eventPath);
    await otherPage.getByLabel('Anzahl Plätze').selectOption('2');
    await otherPage.getByText('Es ist nur noch 1 Platz frei.').waitFor();
    await otherPage.getByRole('button', { name: 'Auf die Warteliste' }).click();
    await otherPage.getByTestId('subscription-status').getByText('Sie stehen auf der Warteliste').waitFor();
    expect(await otherPage.getByTestId('subscription-status').textContent()).toContain('mit 2 Plätzen (Position 1)');
    expect(await otherPage.getByTestId('places-left').textContent()).toBe('Ausgebucht – Warteliste');
    expect(await seriousA11yViolations(otherPage)).toEqual([]);
    await member.close();
    await other.close();
  });

  it('mitglied cancels; the waiting member moves up, gets a mail and sees it', async () => {
    const member = await loggedInContext(browser, 'mitglied');
    const page = await member.newPage();
    await page.goto(eventPath);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abmelden?' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Abmelden' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Verbindlich anmelden' }).waitFor();
    expect(await page.getByTestId('subscription-status').count()).toBe(0);

    // Long subjects come folded from the SMTP peer: compare without white space.
    const mail = await waitForMail(
      (m) =>
        m.to.includes(`${waitingMember}@fanclub-limmat.example`) &&
        m.subject.replace(/\s+/g, '') === `Sie sind nachgerückt: ${title}`.replace(/\s+/g, ''),
    );
    expect(mail.text).toContain('für 2 Plätze fest angemeldet');

    const other = await loggedInContext(browser, waitingMember);
    const otherPage = await other.newPage();
    await otherPage.goto(eventPath);
    const status = otherPage.getByTestId('subscription-status');
    await status.waitFor();
    expect(await status.textContent()).toBe('Sie sind angemeldet mit 2 Plätzen.');
    await otherPage.goto('/account');
    const row = otherPage.getByTestId('event-subscription').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('Angemeldet');
    await member.close();
    await other.close();
  });

  it('the board sees the subscribers and downloads them as a spreadsheet', async () => {
    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    await page.goto(adminPath);
    await page.getByRole('cell', { name: /Huber Lara/ }).waitFor();
    expect(await page.getByTestId('admin-places').first().textContent()).toBe('2 / 3 Plätze vergeben');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel herunterladen' }).click();
    expect((await download).suggestedFilename()).toMatch(/^anmeldungen-fondueplausch-.*\.xlsx$/);
    await context.close();
  });

  it('the board signs a member up by hand (beyond the places: waiting list), cannot promote past the places, removes with a reason', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto(adminPath);
      await page.getByRole('cell', { name: /Huber Lara/ }).waitFor();
      await noHorizontalScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `event-admin-lists-${viewport}`);
      if (viewport === 'phone') {
        await context.close();
        continue;
      }
      await page.getByRole('button', { name: 'Mitglied eintragen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mitglied eintragen' });
      await dialog.getByLabel(/Mitglied suchen/).fill('Martina Muster');
      await dialog.getByRole('button', { name: 'Suchen' }).click();
      await dialog.getByRole('radio', { name: /^Muster Martina/ }).check();
      // 2 of 3 places are taken: 2 more go to the waiting list, and promoting them is the server's 409, shown in the dialog.
      await dialog.getByLabel('Anzahl Plätze').fill('2');
      await dialog.getByLabel(/Grund/).fill('Anmeldung auf Papier');
      await dialog.getByRole('button', { name: 'Eintragen' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row', { name: /Muster Martina.*Warteliste/ }).waitFor();
      await page.getByRole('button', { name: 'Martina Muster nachrücken lassen' }).click();
      const promote = page.getByRole('dialog', { name: 'Martina Muster nachrücken lassen?' });
      await promote.getByRole('button', { name: 'Nachrücken' }).click();
      await promote.getByRole('alert').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'event-admin-promote-refused-desktop');
      await promote.getByRole('button', { name: 'Abbrechen' }).click();
      await promote.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Anmeldung von Martina Muster entfernen' }).click();
      const remove = page.getByRole('dialog', { name: 'Anmeldung von Martina Muster entfernen?' });
      await remove.getByLabel(/Grund/).fill('Doppelt erfasst');
      await remove.getByRole('button', { name: 'Entfernen' }).click();
      await remove.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: /Muster Martina/ }).waitFor({ state: 'detached' });
      expect(await page.getByTestId('admin-places').first().textContent()).toBe('2 / 3 Plätze vergeben');
      await context.close();
    }
  });

  it('a visitor is sent to the login and back to the event', async () => {
    const visitor = await newContext(browser);
    const page = await visitor.newPage();
    await page.goto(eventPath);
    const login = page.getByRole('link', { name: 'Einloggen und anmelden' });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe(`/oauth/login?returnTo=${encodeURIComponent(eventPath)}`);
    expect(await page.getByRole('link', { name: 'In den Kalender' }).getAttribute('href')).toMatch(/^\/api\/v1\/events\/\d+\.ics$/);
    await visitor.close();
  });

  it('the event screens look right on a phone and a desktop, without serious a11y violations', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const member = await loggedInContext(browser, waitingMember, viewport);
      const page = await member.newPage();
      for (const [path, name, ready, level] of [
        ['/events', 'events-list', title, 3],
        ['/events?past=true', 'events-past', 'Saisoneröffnung mit Grill', 3],
        [eventPath, 'event-page', 'Anmeldung', 2],
        ['/admin/events', 'events-admin', title, 2],
        [adminPath, 'event-admin', 'Angemeldete', 2],
        ['/account', 'account-events', 'Veranstaltungen', 2],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: ready, level }).first().waitFor();
        await page
          .locator('.spinner-border')
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
        await noHorizontalScroll(page);
        if (!path.startsWith('/admin')) expect([path, await tablesScrollingSideways(page)]).toEqual([path, []]);
        expect([path, await seriousA11yViolations(page)]).toEqual([path, []]);
        await screenshot(page, `${name}-${viewport}`);
      }
      await member.close();
    }
    // Six pages, each scanned by axe at two widths: more than the usual 90 s on a loaded machine.
  }, 180_000);

  it('on a phone, the Fan Car trip says «zahlbar vor Ort» as the Fan Car page does, never «Rechnung folgt»', async () => {
    const member = await loggedInContext(browser, 'mitglied', 'phone');
    const page = await member.newPage();
    await page.goto('/events');
    await page
      .getByRole('link', { name: /Fan Car zum Auswärtsspiel in Davos/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Fan Car zum Auswärtsspiel in Davos', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Anmeldung', level: 2 }).waitFor();
    const panel = page.getByText(/zahlbar vor Ort\./).first();
    await panel.waitFor();
    expect(await page.getByText('Rechnung folgt').count()).toBe(0);
    await noHorizontalScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'events-on-site-phone');
    await page.goto('/fancar');
    await page.getByText(/Bezahlt wird beim Einsteigen, bar oder mit TWINT \(zahlbar vor Ort\)/).waitFor();
    await member.close();
  });
});
