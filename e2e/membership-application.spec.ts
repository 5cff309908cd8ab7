import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, loggedInContext, newContext, screenshot, seriousA11yViolations } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const email = `lara.meier.${Date.now().toString(36)}@example.ch`;
const remarks = '<b>Hopp ZSC</b> – seit 2010 an jedem Heimspiel';
const password = 'Hopp-ZSC-Limmat-2026';

async function fillApplication(page: Page): Promise<void> {
  await page.getByLabel('Vorname').fill('Lara');
  await page.getByLabel('Nachname').fill('Meier');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Geburtsdatum').fill('12.7.1994');
  await page.getByLabel('Strasse').fill('Hardturmstrasse');
  await page.getByLabel('Nr.').fill('12a');
  await page.getByLabel('PLZ').fill('8005');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Zürich');
  await page.getByLabel('Mobile').fill('079 555 12 34');
  await page.getByLabel('Bemerkungen').fill(remarks);
}

describe('membership application, from the form to the first login', () => {
  let candidatePath = '';
  let invitation = '';
  let username = '';

  it('a visitor applies on /candidates, is checked in German and gets a confirmation screen and mail', async () => {
    const context = await newContext(browser, { viewport: 'phone' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Werde Mitglied' }).click();
    await page.waitForURL(`${baseUrl()}/candidates`);
    await page.getByRole('heading', { name: 'Mitglied werden' }).waitFor();
    await page.getByRole('button', { name: 'Antrag senden' }).waitFor();
    // Before applying, the visitor sees what a season costs and where the statutes are.
    await page
      .getByText(/CHF\s\d+\.\d{2} pro Saison/)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: /Statuten des Vereins/ }).getAttribute('href')).toBe('/statuten');
    await screenshot(page, 'candidates-form-360');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Sent empty: every required field says what is missing, in German, beside the field.
    await page.getByRole('button', { name: 'Antrag senden' }).click();
    await page.getByText('Vorname: Bitte ausfüllen.').waitFor();
    await page.getByText('E-Mail: Bitte ausfüllen.').waitFor();
    await page.getByText('Strasse: Bitte ausfüllen.').waitFor();
    await page.getByText('Statuten: Bitte bestätigen Sie, dass Sie die Statuten gelesen haben.').waitFor();
    expect(await page.getByLabel('Vorname').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'candidates-form-errors-360');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await fillApplication(page);
    await page.getByLabel('Geburtsdatum').fill('01.01.2999');
    await page.getByRole('button', { name: 'Antrag senden' }).click();
    await page.getByText(/^Geburtsdatum: Spätestens \d{2}\.\d{2}\.\d{4}\.$/).waitFor();
    await page.getByLabel('Geburtsdatum').fill('12.07.1994');
    await page.getByLabel('Ich habe die Statuten gelesen').check();
    await page.getByRole('button', { name: 'Antrag senden' }).click();

    await page.getByRole('heading', { name: 'Vielen Dank, Lara!' }).waitFor();
    await page.getByText(email).waitFor();
    await screenshot(page, 'candidates-confirmation-360');
    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Ihr Mitgliedschaftsantrag'));
    expect(mail.text).toContain('Grüezi Lara');
    await context.close();
  });

  it('the form looks right on a desktop', async () => {
    const context = await newContext(browser, { viewport: 'desktop' });
    const page = await context.newPage();
    await page.goto('/candidates');
    await page.getByRole('button', { name: 'Antrag senden' }).waitFor();
    await page
      .getByText(/CHF\s\d+\.\d{2} pro Saison/)
      .first()
      .waitFor();
    await page.getByLabel('Ich habe die Statuten gelesen').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'candidates-form-1280');
    await context.close();
  });

  it('the board finds the application in the list, open ones first, on phone and desktop', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/candidates');
      await page.getByRole('heading', { name: 'Mitgliedschaftsanträge' }).waitFor();
      const entry = page.getByRole('link').filter({ hasText: email });
      await entry.waitFor();
      expect(await entry.textContent()).toContain('Offen');
      expect(await page.getByText('E-Mail bereits Mitglied').count()).toBeGreaterThan(0);
      await screenshot(page, `admin-candidates-${viewport === 'phone' ? 360 : 1280}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('Status').selectOption('REJECTED');
      await page.waitForURL(/status=REJECTED/);
      await page.getByRole('heading', { name: /^\d+ (Antrag|Anträge)$/ }).waitFor();
      expect(await page.getByRole('list').getByText('Offen', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('link').filter({ hasText: email }).count()).toBe(0);
      await page.getByLabel('Status').selectOption('');
      await page.getByRole('link').filter({ hasText: email }).waitFor();

      if (viewport === 'desktop') {
        await page.getByRole('link').filter({ hasText: email }).click();
        await page.waitForURL(/\/admin\/candidates\/\d+$/);
        candidatePath = new URL(page.url()).pathname;
      }
      await context.close();
    }
  });

  it('the board accepts it on /admin/candidates/{id}; the welcome mail with the invitation arrives', async () => {
    const context = await loggedInContext(browser, 'vorstand', 'desktop');
    const page = await context.newPage();
    await page.goto(candidatePath);
    await page.getByRole('heading', { name: 'Antrag von Lara Meier' }).waitFor();
    // What the applicant typed is text, never markup.
    expect(await page.getByLabel('Bemerkungen').inputValue()).toBe(remarks);
    await screenshot(page, 'admin-candidate-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'admin-candidate-360');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Annehmen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Antrag annehmen?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annehmen' }).click();
    await page.getByRole('status').filter({ hasText: 'Lara Meier ist jetzt Mitglied' }).waitFor();
    await page.getByText(/^Aufgenommen am/).waitFor();
    await page.getByText(remarks, { exact: true }).waitFor();
    expect(await page.locator('b', { hasText: 'Hopp ZSC' }).count()).toBe(0);
    await screenshot(page, 'admin-candidate-accepted-1280');
    expect(await page.getByRole('button', { name: 'Annehmen' }).count()).toBe(0);

    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Willkommen'));
    invitation = linkIn(mail, `${baseUrl()}/idp/invitation/`);
    username = /Ihr Benutzername: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(username).toMatch(/^lara\.meier\d*$/);
    await context.close();
  });

  it('an application by a known person shows its possible duplicate, and accepting asks for an explicit confirmation', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/candidates');
      await page.getByRole('link').filter({ hasText: 'Martina Muster' }).click();
      await page.getByRole('heading', { name: 'Antrag von Martina Muster' }).waitFor();
      const alert = page.getByRole('note').filter({ hasText: 'Mögliches Duplikat' });
      await alert.getByText('(gleiche E-Mail-Adresse)').waitFor();
      expect(await alert.getByRole('link', { name: /^Mitglied / }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-candidate-duplicate-${viewport}`);

      await page.getByRole('button', { name: 'Annehmen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Antrag annehmen?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Annehmen' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(/Ich habe geprüft: Martina Muster ist eine andere Person/).check();
      expect(await confirm.isEnabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-candidate-duplicate-confirm-${viewport}`);
      // Not accepted here: the demo application stays open for the other journeys.
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    }
  });

  it('the new member sets a password through the invitation, logs in, changes the address and sees it on /account', async () => {
    const context = await newContext(browser, { viewport: 'phone' });
    const page = await context.newPage();
    await page.goto(invitation);
    await page.getByLabel('Neues Passwort').fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    // Logged in right away: no second login with the password just set.
    await page.waitForURL(`${baseUrl()}/`);

    await page.goto('/account');
    await page.getByRole('heading', { name: 'Mein Konto' }).waitFor();
    await page.getByText('Hardturmstrasse 12a').waitFor();
    await page.getByText(username, { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Adresse ändern', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/account/changeaddress`);
    await page.getByRole('heading', { name: 'Neue Adresse' }).waitFor();
    // The form starts from the current address: the member changes only what moved.
    expect(await page.getByLabel('Strasse').inputValue()).toBe('Hardturmstrasse');
    expect(await page.getByLabel('Nr.').inputValue()).toBe('12a');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await page.getByText('Die Adresse ist unverändert.', { exact: false }).waitFor();
    await page.getByLabel('Strasse').fill('Seefeldstrasse');
    await page.getByLabel('Nr.').fill('88');
    await page.getByLabel('PLZ').fill('8008');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Zürich');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await page.waitForURL(`${baseUrl()}/account`);
    await page.getByText('Seefeldstrasse 88').waitFor();
    expect(await page.getByText('Hardturmstrasse 12a').count()).toBe(0);
    await screenshot(page, 'account-after-address-change-360');
    await context.close();
  });
});
