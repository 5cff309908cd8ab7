import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/api/src/test/pdf.ts';
import { launchBrowser, loggedInContext, noHorizontalScroll, screenshot, seriousA11yViolations } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const subject = `Einladung Saisonfest ${suffix}`;

/** The season covering today (1 May to 30 April), as the form names it: `Saison 2026/27`. */
function currentSeasonLabel(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const start = month >= 5 ? year : year - 1;
  return `Saison ${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

describe('mail to groups', () => {
  it('the board writes a mail to the season, sees the count, confirms, sees it sent; a member receives it', async () => {
    const context = await loggedInContext(browser, 'vorstand', 'desktop');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('link', { name: 'Mail an Gruppen' }).click();
    await page.waitForURL('**/admin/mailings');
    await page.getByRole('heading', { name: 'Neue Mail' }).waitFor();

    // Without a group, subject and text: German messages beside the fields.
    await page.getByRole('button', { name: 'Mail senden…' }).click();
    await page.getByText('Gruppe: Bitte eine Gruppe wählen.').waitFor();
    await page.getByText('Betreff: Bitte ausfüllen.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const season = currentSeasonLabel();
    await page.getByRole('combobox', { name: /^Gruppe/ }).selectOption({ label: 'Aktive Mitglieder einer Saison' });
    await page.getByRole('combobox', { name: /^Saison/ }).selectOption({ label: season });
    const count = page.getByRole('status').filter({ hasText: /^An \d+ Empfänger$/ });
    await count.waitFor();
    const recipients = Number((await count.innerText()).match(/\d+/)?.[0]);
    expect(recipients).toBeGreaterThan(1);

    await page.getByLabel('Betreff').fill(subject);
    await page
      .getByLabel('Text')
      .fill(
        'Liebe Mitglieder\n\nAm **Saisonfest** treffen wir uns im Fanlokal.\n\n- Apéro ab 18 Uhr\n- Anmeldung auf [der Website](https://example.ch)',
      );
    await page
      .getByLabel('PDF-Anhang (freiwillig)')
      .setInputFiles({ name: 'Programm.pdf', mimeType: 'application/pdf', buffer: await makePdf('Programm') });
    await screenshot(page, 'mailing-form-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Mail senden…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mail senden?' });
    await dialog.waitFor();
    const question = await dialog.innerText();
    expect(question).toContain(`«${subject}»`);
    expect(question).toContain(season);
    expect(question).toContain(`An ${recipients} Empfänger`);
    expect(question).toContain('Mit Anhang: Programm.pdf');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'mailing-confirm-desktop');
    await dialog.getByRole('button', { name: 'Jetzt senden' }).click();

    await page.getByText(`Die Mail «${subject}» ist unterwegs: An ${recipients} Empfänger`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The list shows it; the outbox sends the mails and the list counts them (read again every 5 s).
    const item = page.getByRole('listitem').filter({ hasText: subject });
    await item.waitFor();
    await item.getByText(`${recipients} von ${recipients} versendet`).waitFor({ timeout: 30_000 });
    expect(await item.innerText()).toContain(`An: ${season}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'mailing-sent-desktop');

    const mail = await waitForMail((m) => m.to.includes('mitglied@fanclub-limmat.example') && m.subject === subject);
    expect(mail.text).toContain('Grüezi Martina');
    expect(mail.text).toContain('Am Saisonfest treffen wir uns im Fanlokal.');
    expect(mail.text).toContain(`weil Sie in der ${season} Mitglied sind`);
    expect(mail.replyTo).toMatch(/@/);
    expect(mail.replyTo).not.toContain('mitglied@');
    await context.close();
  });

  it('on a phone (360 px) the form and the list fit the screen', async () => {
    const context = await loggedInContext(browser, 'vorstand', 'phone');
    const page = await context.newPage();
    await page.goto('/admin/mailings');
    await page.getByRole('heading', { name: 'Neue Mail' }).waitFor();
    await page.getByRole('combobox', { name: /^Gruppe/ }).selectOption({ label: 'Vorstand' });
    await page
      .getByRole('status')
      .filter({ hasText: /^An \d+ Empfänger$/ })
      .waitFor();
    await page.getByRole('listitem').filter({ hasText: subject }).waitFor();
    await noHorizontalScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'mailing-phone');
    await page.getByRole('heading', { name: 'Gesendete Mails' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'mailing-list-phone');
    await context.close();
  });

  it.each(['desktop', 'phone'] as const)(
    'the board previews the mail as members get it, sends a test mail only to itself, and picks upcoming events first (%s)',
    async (viewport) => {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/mailings');
      await page.getByRole('heading', { name: 'Neue Mail' }).waitFor();

      // The event picker: the upcoming events first, then the past ones, each under its heading.
      await page.getByRole('combobox', { name: /^Gruppe/ }).selectOption({ label: 'Angemeldete einer Veranstaltung' });
      const events = page.getByRole('combobox', { name: /^Veranstaltung/ });
      const groups = await events.locator('optgroup').evaluateAll((els) => els.map((el) => el.getAttribute('label')));
      expect(groups[0]).toBe('Kommende Veranstaltungen');
      if (groups.length > 1) expect(groups[1]).toBe('Vergangene Veranstaltungen');

      await page.getByRole('combobox', { name: /^Gruppe/ }).selectOption({ label: 'Vorstand' });
      const testSubject = `Probe ${viewport} ${suffix}`;
      await page.getByLabel('Betreff').fill(testSubject);
      await page.getByLabel('Text').fill('Hallo Vorstand\n\nDie **Sitzung** beginnt um 19 Uhr.');
      await page.getByRole('button', { name: 'Vorschau' }).click();
      const preview = page.getByRole('region', { name: 'Vorschau' });
      await preview.waitFor();
      expect(await preview.innerText()).toMatch(/An \d+ Empfänger \(Vorstand\)/);
      expect(await preview.innerText()).toContain(testSubject);
      const frame = page.frameLocator('iframe[title="Vorschau der Mail"]');
      await frame.getByText('Die Sitzung beginnt um 19 Uhr.').waitFor();
      expect(await frame.locator('strong').innerText()).toBe('Sitzung');
      await frame.getByText(/^Grüezi /).waitFor();
      // The preview is a sandboxed frame without scripts: axe cannot run inside it, and waiting for it hung
      // the scan now and then. The frame holds the mail, not the site's page; the page around it is scanned.
      expect(await seriousA11yViolations(page, { exclude: 'iframe[title="Vorschau der Mail"]' })).toEqual([]);
      if (viewport === 'phone') await noHorizontalScroll(page);
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, `mailing-preview-${viewport}`);

      // A changed text hides the preview made of the former one.
      await page.getByLabel('Betreff').fill(`${testSubject}!`);
      await preview.waitFor({ state: 'hidden' });
      await page.getByLabel('Betreff').fill(testSubject);

      await page.getByRole('button', { name: 'Testmail an mich' }).click();
      const sent = page.getByRole('status').filter({ hasText: 'Die Testmail ist unterwegs an Ihre Adresse' });
      await sent.waitFor();
      const address = /Adresse (\S+)\.$/.exec(await sent.innerText())?.[1] ?? '';
      expect(address).toMatch(/@/);
      await screenshot(page, `mailing-testmail-${viewport}`);
      const mail = await waitForMail((m) => m.subject === testSubject);
      expect(mail.to).toEqual([address]);
      expect(mail.text).toContain('Die Sitzung beginnt um 19 Uhr.');
      expect(mail.text).toContain('weil Sie dem Vorstand angehören');
      // Not a mailing: the list does not show it.
      expect(await page.getByRole('listitem').filter({ hasText: testSubject }).count()).toBe(0);
      await context.close();
    },
  );
});
