import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInContext, newContext, screenshot, seriousA11yViolations } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Today in Zurich as the site shows it (de-CH). */
function todayDeCh(): string {
  return new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
}

// A demo member whom no other journey uses: this one changes address and e-mail.
const USERNAME = 'urs.huber';

describe('a member’s own account', () => {
  it('changes the address and sees it on /account', async () => {
    const context = await loggedInContext(browser, USERNAME, 'desktop');
    const page = await context.newPage();
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Mein Konto', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Adresse ändern', exact: true }).click();
    await page.getByRole('heading', { name: 'Adresse ändern', level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The form starts with the current address; an emptied street is refused beside the field, before anything is sent.
    expect(await page.getByLabel('Strasse').inputValue()).not.toBe('');
    await page.getByLabel('Strasse').fill('');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await page.getByText('Strasse: Bitte ausfüllen.').waitFor();

    await page.getByLabel('Strasse').fill('Seefeldstrasse');
    await page.getByLabel('Nr.').fill('77');
    await page.getByLabel('PLZ').fill('8008');
    await page.getByLabel('Ort').fill('Zürich');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await page.waitForURL('**/account');
    await page
      .getByRole('status')
      .filter({ hasText: `Ihre neue Adresse ist gespeichert und gilt ab ${todayDeCh()}.` })
      .waitFor();
    const personal = page.getByRole('region', { name: 'Persönliche Angaben' });
    await personal.getByText('Seefeldstrasse 77').waitFor();
    await personal.getByText('8008 Zürich').waitFor();
    await context.close();
  });

  it('requests an e-mail change, and the link of the mail confirms it without a login', async () => {
    const context = await loggedInContext(browser, USERNAME, 'desktop');
    const page = await context.newPage();
    await page.goto('/account/changeemail');
    await page.getByRole('heading', { name: 'E-Mail-Adresse ändern', level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Neue E-Mail-Adresse').fill('kein-mail');
    await page.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await page.getByText('E-Mail: Bitte eine gültige E-Mail-Adresse angeben.').waitFor();

    const newEmail = `urs.huber+${Date.now()}@example.ch`;
    await page.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
    await page.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Wir haben einen Bestätigungslink an ${newEmail} gesendet` })
      .waitFor();

    const mail = await waitForMail((m) => m.to.includes(newEmail));
    const link = linkIn(mail, 'http');
    expect(link).toMatch(/\/account\/changeemail\?token=/);
    const notice = await waitForMail((m) => m.to.includes(`${USERNAME}@fanclub-limmat.example`) && m.text.includes(newEmail));
    expect(notice.subject).toMatch(/angefordert/);

    // Someone who is not logged in opens the link: a button confirms (mail scanners only load pages).
    const visitor = await newContext(browser, { viewport: 'phone' });
    const confirmPage = await visitor.newPage();
    await confirmPage.goto(link);
    await confirmPage.getByRole('heading', { name: 'Neue E-Mail-Adresse bestätigen', level: 1 }).waitFor();
    expect(await seriousA11yViolations(confirmPage)).toEqual([]);
    await confirmPage.getByRole('button', { name: 'Neue E-Mail-Adresse bestätigen' }).click();
    await confirmPage
      .getByRole('status')
      .filter({ hasText: `Ihre E-Mail-Adresse lautet jetzt ${newEmail}.` })
      .waitFor();
    expect(confirmPage.url()).toContain('/account/changeemail');
    await visitor.close();

    await page.goto('/account');
    await page.getByRole('region', { name: 'Persönliche Angaben' }).getByText(newEmail).waitFor();
    await context.close();
  });

  it('downloads all own data as a JSON file', async () => {
    const context = await loggedInContext(browser, USERNAME, 'desktop');
    const page = await context.newPage();
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Meine Daten' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Meine Daten herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^mein-konto-${USERNAME.replace('.', '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      profile: { lastName: string };
      login: { username: string };
      addresses: unknown[];
    };
    expect(data.profile.lastName).toBe('Huber');
    expect(data.login.username).toBe(USERNAME);
    expect(data.addresses.length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('shows /account at 360 px and 1280 px with memberships (the current one marked), reservations and invoices', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'mitglied', viewport);
      const page = await context.newPage();
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Mein Konto', level: 1 }).waitFor();
      const memberships = page.getByRole('region', { name: 'Mitgliedschaften' });
      await memberships.getByText('Aktuelle Mitgliedschaft').waitFor();
      expect(await memberships.getByText(/\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/).count()).toBeGreaterThan(0);
      await page.getByRole('heading', { name: 'Ticketreservationen', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Rechnungen', exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `account-${viewport}`);
      await context.close();
    }
  });

  it('puts open invoices and the next tickets first, and reaches every part and the member card in one tap (360 px and 1280 px)', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'mitglied', viewport);
      const page = await context.newPage();
      await page.goto('/account');
      const index = page.getByRole('navigation', { name: 'Bereiche von Mein Konto' });
      await index.waitFor();
      expect(await index.getByRole('link').allTextContents()).toEqual([
        'Tickets',
        'Veranstaltungen',
        'Rechnungen',
        'Ausweis',
        'Daten',
        'Sicherheit',
      ]);
      // Open invoices and the next games come before every list, right under the index.
      const invoices = page.getByRole('region', { name: 'Offene Rechnungen' });
      const games = page.getByRole('region', { name: 'Ihre nächsten Spiele' });
      await invoices.waitFor();
      await games.waitFor();
      const top = async (name: string, exact = true) => (await page.getByRole('heading', { name, exact }).boundingBox())!.y;
      expect(await top('Offene Rechnungen')).toBeLessThan(await top('Ticketreservationen'));
      expect(await top('Ihre nächsten Spiele')).toBeLessThan(await top('Ticketreservationen'));
      if (viewport === 'phone') expect(await top('Offene Rechnungen')).toBeLessThan(await top('Ihre nächsten Spiele'));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `account-start-${viewport}`);

      // One tap on «Ausweis» shows the member card; one on «Rechnungen» the invoices.
      await index.getByRole('link', { name: 'Ausweis' }).click();
      await page.waitForURL('**/account#ausweis');
      const card = page.getByRole('heading', { name: 'Mitgliederausweis' });
      await expect.poll(() => card.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
      await index.getByRole('link', { name: 'Rechnungen' }).click();
      await expect
        .poll(() =>
          page.getByRole('heading', { name: 'Rechnungen', exact: true }).evaluate((el) => Math.round(el.getBoundingClientRect().top)),
        )
        .toBeLessThan(200);
      await context.close();
    }
  });

  it('Home greets a member with the next games, open invoices and events, and a visitor without them (360 px and 1280 px)', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'mitglied', viewport);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Herzlich Willkommen', level: 1 }).waitFor();
      for (const name of ['Ihre nächsten Spiele', 'Offene Rechnungen', 'Ihre Veranstaltungen'])
        await page.getByRole('region', { name }).waitFor();
      await page.getByRole('heading', { name: 'Kaufe Tickets' }).waitFor();
      expect(await page.getByRole('link', { name: 'Werde Mitglied' }).count()).toBe(0);
      // The events come from their own request: wait for their text or the empty note.
      await page
        .getByRole('region', { name: 'Ihre Veranstaltungen' })
        .getByText(/Uhr ·|Keine Anmeldungen/)
        .first()
        .waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `home-member-${viewport}`);
      await page.getByRole('link', { name: 'Alle Rechnungen' }).click();
      await page.waitForURL('**/account#rechnungen');
      await page.getByRole('navigation', { name: 'Bereiche von Mein Konto' }).waitFor();
      await context.close();

      const visitor = await newContext(browser, { viewport });
      const home = await visitor.newPage();
      await home.goto('/');
      await home.getByRole('link', { name: 'Werde Mitglied' }).waitFor();
      expect(await home.getByRole('region', { name: 'Offene Rechnungen' }).count()).toBe(0);
      await visitor.close();
    }
  });
});
