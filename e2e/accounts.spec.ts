import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolmentPage, recoveryCodesPage } from '../apps/api/src/features/idp/pages.ts';
import { qrCodeSvg, totpUri } from '../apps/api/src/features/idp/two-factor.ts';
import { readQrCode, readQrCodeWithZbar } from '../apps/api/src/test/qr.ts';
import { totpCode } from '../apps/api/src/test/totp.ts';
import { baseUrl, launchBrowser, loggedInContext, newContext, screenshot, seriousA11yViolations } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36);
const email = `nora.keller.${suffix}@example.ch`;
const firstPassword = 'Eisbahn-Oerlikon-2026';
const newPassword = 'Hallenstadion-Nordkurve-7';

/** What the journeys share: the new member, made by the board through the API as a paper application. */
const member = { id: 0, username: '' };

/** The login page's form, as a person fills it. */
async function enterPassword(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Screenshots at 360 and 1280 px and axe, for a page that is already open. */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const [viewport, size] of [
    ['phone', { width: 360, height: 780 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${viewport === 'phone' ? 360 : 1280}`);
    expect(await seriousA11yViolations(page), `${name} at ${viewport}`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport} scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

/** Whether the focused element shows a focus ring (an outline or a box shadow). */
async function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
  });
}

describe('accounts people can keep', () => {
  let memberContext: BrowserContext;

  it('the board sends a member whose invitation got lost a new one from the member page', async () => {
    const board = await loggedInContext(browser, 'vorstand', 'desktop');
    const page = await board.newPage();
    const address = { street: 'Wallisellenstrasse', houseNumber: '45', postalCode: '8050', city: 'Zürich', country: 'CH' };
    const created = await board.request.post('/api/v1/admin/members/candidates/', {
      data: {
        firstName: 'Nora',
        lastName: 'Keller',
        email,
        dateOfBirth: '1991-02-03',
        address,
        mobile: '079 555 44 33',
        landLine: '',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const candidateId = ((await created.json()) as { data: { id: number } }).data.id;
    const accepted = await board.request.post(`/api/v1/admin/members/candidates/${candidateId}/accept`, { data: { id: candidateId } });
    expect(accepted.status()).toBe(200);
    member.id = ((await accepted.json()) as { data: { memberId: number } }).data.memberId;
    const welcome = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Willkommen'));
    const lostLink = linkIn(welcome, `${baseUrl()}/idp/invitation/`);
    member.username = /Ihr Benutzername: (\S+)/.exec(welcome.text)?.[1] ?? '';

    await page.goto(`/admin/members/${member.id}`);
    const card = page.getByRole('region', { name: 'Login' });
    await card.getByText(/Eingeladen, der Link gilt bis \d{2}\.\d{2}\.\d{4}/).waitFor();
    await card.getByText('Zwei-Faktor-Anmeldung').waitFor();
    await card.getByRole('button', { name: 'Einladung erneut senden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einladung erneut senden?' });
    await dialog.getByText('Frühere Einladungslinks gelten dann nicht mehr.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Einladung senden' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Einladung gesendet an ${email}` })
      .waitFor();
    await lookAt(page, 'member-admin-login');

    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Ihre Einladung zum Login'));
    const link = linkIn(mail, `${baseUrl()}/idp/invitation/`);
    expect(link).not.toBe(lostLink);

    memberContext = await newContext(browser, { viewport: 'phone' });
    const own = await memberContext.newPage();
    await own.goto(lostLink);
    await own.getByRole('heading', { name: 'Link abgelaufen' }).waitFor();
    await own.goto(link);
    await own.getByRole('heading', { name: 'Passwort festlegen' }).waitFor();
    await own.getByLabel('Neues Passwort').fill(firstPassword);
    await own.getByLabel('Passwort bestätigen').fill(firstPassword);
    await own.getByRole('button', { name: 'Passwort speichern' }).click();
    // Logged in right away on Home, without typing the password just set again.
    await own.waitForURL(`${baseUrl()}/`);
    expect((await own.request.get('/api/v1/member/')).status()).toBe(200);
    await lookAt(own, 'invitation-logged-in');
    await board.close();
  });

  it('a member who forgot the password gets a link by mail, chooses a new one, and every older session ends', async () => {
    const context = await newContext(browser, { viewport: 'desktop' });
    const page = await context.newPage();
    await page.goto('/oauth/login?returnTo=/account');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.getByLabel('Benutzername').getAttribute('autocomplete')).toBe('username');
    expect(await page.getByLabel('Passwort', { exact: true }).getAttribute('autocomplete')).toBe('current-password');
    await lookAt(page, 'login');
    // Keyboard: from the password field on to the button and the link, each with a visible focus ring.
    await page.getByLabel('Passwort', { exact: true }).focus();
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Passwort vergessen?');
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Passwort vergessen' }).waitFor();
    expect(await page.getByLabel('Benutzername oder E-Mail-Adresse').getAttribute('autocomplete')).toBe('username');
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await page.getByText('Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.').waitFor();
    await lookAt(page, 'password-forgot');
    await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(member.username);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await page.getByRole('heading', { name: 'Anfrage erhalten' }).waitFor();
    await page.getByText('Wenn wir ein Konto finden, erhalten Sie eine E-Mail').waitFor();
    await lookAt(page, 'password-forgot-answer');

    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Neues Passwort'));
    await page.goto(linkIn(mail, `${baseUrl()}/idp/password/reset/`));
    await page.getByRole('heading', { name: 'Neues Passwort wählen' }).waitFor();
    expect(await page.getByLabel('Neues Passwort').getAttribute('autocomplete')).toBe('new-password');
    expect(await page.getByLabel('Passwort bestätigen').getAttribute('autocomplete')).toBe('new-password');
    await page.getByLabel('Neues Passwort').fill('zsc12345678');
    await page.getByLabel('Passwort bestätigen').fill('zsc12345678');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('zu leicht zu erraten').waitFor();
    await lookAt(page, 'password-reset');
    await page.getByLabel('Neues Passwort').fill(newPassword);
    await page.getByLabel('Passwort bestätigen').fill(newPassword);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('auf allen Geräten abgemeldet').waitFor();

    // The session of the first journey has ended.
    expect((await memberContext.request.get('/api/v1/member/')).status()).toBe(401);
    await memberContext.close();

    await page.getByRole('link', { name: 'Jetzt anmelden' }).click();
    await enterPassword(page, member.username, firstPassword);
    await page.getByText('Benutzername oder Passwort ist falsch.').waitFor();
    await page.getByLabel('Passwort', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it('a member sets up two-factor login on the account page and then logs in with a code of the app', async () => {
    const context = await newContext(browser, { viewport: 'desktop' });
    const page = await context.newPage();
    await page.goto('/oauth/login?returnTo=/account');
    await enterPassword(page, member.username, newPassword);
    await page.waitForURL(`${baseUrl()}/account`);
    const card = page.getByRole('region', { name: 'Zwei-Faktor-Anmeldung' });
    await card.getByRole('button', { name: 'Einrichten' }).click();
    const qr = card.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' });
    await qr.waitFor();
    // The app's view: the QR code read from the screen, by two independent decoders.
    const shot = await qr.screenshot();
    const text = readQrCode(shot) ?? '';
    expect(readQrCodeWithZbar(shot)).toBe(text);
    const uri = new URL(text);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('issuer')).toBe('ZSC Fanclub Limmat');
    const secret = uri.searchParams.get('secret') ?? '';
    expect((await card.locator('code').innerText()).replaceAll(' ', '')).toBe(secret);
    await lookAt(page, 'account-two-factor-setup');

    await card.getByLabel('Code aus der App').fill('000000');
    await card.getByRole('button', { name: 'Einrichten' }).click();
    await card.getByText('Der Code stimmt nicht').waitFor();
    await card.getByLabel('Code aus der App').fill(totpCode(secret, new Date()));
    await card.getByRole('button', { name: 'Einrichten' }).click();
    const codes = card.getByRole('list', { name: 'Wiederherstellungscodes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await lookAt(page, 'account-two-factor-codes');
    await card.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
    await card.getByText('Eingeschaltet').waitFor();
    await card.getByText('10 von 10 Wiederherstellungscodes übrig').waitFor();
    await context.close();

    const again = await newContext(browser, { viewport: 'phone' });
    const login = await again.newPage();
    await login.goto('/oauth/login?returnTo=/account');
    await enterPassword(login, member.username, newPassword);
    await login.getByRole('heading', { name: 'Bestätigungscode' }).waitFor();
    const code = login.getByLabel('Code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await login.evaluate(() => document.activeElement?.id)).toBe('code');
    expect(await focusVisible(login)).toBe(true);
    await code.fill('123456');
    await login.getByRole('button', { name: 'Bestätigen' }).click();
    await login.getByText('Dieser Code stimmt nicht oder wurde schon verwendet.').waitFor();
    await lookAt(login, 'login-code');
    // The code of the enrolment's step is used up; the phone's next one (a step ahead) is accepted.
    await login.getByLabel('Code').fill(totpCode(secret, new Date(), 1));
    await login.getByRole('button', { name: 'Bestätigen' }).click();
    await login.waitForURL(`${baseUrl()}/account`);
    await login.getByRole('heading', { name: 'Mein Konto' }).waitFor();
    await again.close();
  });

  it('another board member resets the lost second factor from the member page; the member is told by mail', async () => {
    const board = await loggedInContext(browser, 'vorstand', 'phone');
    const page = await board.newPage();
    await page.goto(`/admin/members/${member.id}`);
    const card = page.getByRole('region', { name: 'Login' });
    await card.getByText(/Aktiv, letzte Anmeldung \d{2}\.\d{2}\.\d{4}/).waitFor();
    await card.getByText('eingeschaltet').waitFor();
    await card.getByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' }).click();
    await page.getByRole('status').filter({ hasText: 'Zwei-Faktor-Anmeldung zurückgesetzt' }).waitFor();
    await card.getByRole('button', { name: 'Passwort zurücksetzen' }).waitFor();
    await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Zwei-Faktor-Anmeldung zurückgesetzt'));
    await board.close();
  });

  it('shows the enrolment that leads a board member through the second factor, and its recovery codes, at 360 and 1280 px', async () => {
    // The site of the journeys runs in development mode, where the board is not made to enrol:
    // the pages are rendered as the provider renders them (its markup and stylesheet) and looked at here.
    const context = await newContext(browser, { viewport: 'desktop' });
    const page = await context.newPage();
    await page.goto('/idp/password/forgot');
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const qrSvg = await qrCodeSvg(totpUri({ issuer: 'ZSC Fanclub Limmat', label: 'vorstand', secret }));
    const action = '/idp/interaction/beispiel/enrol';
    await page.setContent(
      enrolmentPage({ clubName: 'ZSC Fanclub Limmat', action, abortHref: '/', qrSvg, secret, error: 'Dieser Code stimmt nicht.' }),
    );
    await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' }).waitFor();
    expect(await page.getByLabel('Code aus der App').getAttribute('autocomplete')).toBe('one-time-code');
    const shot = await page.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' }).screenshot();
    expect(readQrCode(shot)).toContain(secret);
    expect(readQrCodeWithZbar(shot)).toBe(readQrCode(shot));
    await lookAt(page, 'login-enrolment');
    const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '2')}`);
    await page.setContent(recoveryCodesPage({ clubName: 'ZSC Fanclub Limmat', action, codes }));
    await page.getByRole('heading', { name: 'Wiederherstellungscodes' }).waitFor();
    await lookAt(page, 'login-recovery-codes');
    await context.close();
  });
});
