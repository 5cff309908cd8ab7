import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople } from '../apps/api/src/features/demo/demo-data.ts';
import { totpCode } from '../apps/api/src/test/totp.ts';
import {
  launchBrowser,
  loginThroughPage,
  newContext,
  noHorizontalScroll,
  screenshot,
  seriousA11yViolations,
  type Viewport,
} from './support/browser.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { startSite, type Site } from './support/site.ts';

/**
 * The second factor guards the board, on a site of its own (it is restarted with
 * REQUIRE_2FA_FOR_BOARD on, and members are promoted, locked and anonymised here). The site
 * lets a login name fail 20 times a minute instead of 5, so the ten wrong codes that lock a
 * factor come one after the other; the API tests check the limit of 5.
 */
let browser: Browser;
let site: Site;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ REQUIRE_2FA_FOR_BOARD: 'false', LOGIN_FAILURES_PER_MINUTE: '20' });
}, 480_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const plain = demoPeople()
  .filter((p) => !p.board && p.username !== 'mitglied')
  .map((p) => p.username);
const mailOf = (username: string) => `${username}@fanclub-limmat.example`;
const mail = (match: (m: { to: string[]; subject: string }) => boolean) => waitForMail(match, 20_000, site.mailboxUrl);

const context = (viewport: Viewport = 'desktop') => newContext(browser, { viewport, site: site.baseUrl });

/**
 * The newest TOTP step used per secret. The site accepts a code of the current 30 s step or one
 * step either side, and only of a step after the last one used: a second code within the same
 * 30 s is the next step's. The step taken is never the one before the current: a code computed
 * just before a step ends is still accepted just after.
 */
const lastSteps = new Map<string, number>();
function freshCode(secret: string): string {
  const now = Math.floor(Date.now() / 30_000);
  const last = lastSteps.get(secret);
  const step = last === undefined ? now : Math.max(now, last + 1);
  if (step > now + 1) throw new Error('no unused step left');
  lastSteps.set(secret, step);
  return totpCode(secret, new Date(step * 30_000));
}

/** The `nth` wrong code: none the app shows from the step before the current one to the one after the next. */
function wrongCode(secret: string, nth: number): string {
  const near = new Set([-1, 0, 1, 2].map((offset) => totpCode(secret, new Date(), offset)));
  for (let n = 500_000 + nth * 1_001; ; n += 1) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** From the login page (password done): the enrolment of a board member; returns the secret. */
async function enrol(page: Page, returnTo: string): Promise<string> {
  await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' }).waitFor();
  const secret = ((await page.locator('code.secret').textContent()) ?? '').replaceAll(' ', '');
  await page.getByLabel('Code aus der App').fill(freshCode(secret));
  await page.getByRole('button', { name: 'Einrichten' }).click();
  await page.getByRole('heading', { name: 'Wiederherstellungscodes' }).waitFor();
  await page.getByRole('button', { name: /Ich habe die Codes gesichert/ }).click();
  await page.waitForURL(`${site.baseUrl}${returnTo}`);
  return secret;
}

/** A login through the real pages; `returnTo` where the site sends the browser after it. */
async function passwordLogin(page: Page, username: string, password = username, returnTo = '/'): Promise<void> {
  await page.goto(`/oauth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await loginThroughPage(page, username, password);
}

/** A JSON answer of the API, read loosely: the journey checks what it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many routes, each checked by its test
type Answer = Record<string, any>;

/** A call through a browser's session (same origin, JSON), as the SPA makes it. */
async function call(ctx: BrowserContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const response = await ctx.request.fetch(`/api/v1${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'content-type': 'application/json', origin: site.baseUrl },
  });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : {}) as Answer };
}

/** The id of a demo member, found by the board. */
async function memberId(board: BrowserContext, username: string): Promise<number> {
  const found = await call(board, 'GET', `/admin/members?q=${encodeURIComponent(username)}`);
  const hit = (found.body.data as { data: { id: number; username: string } }[]).find((h) => h.data.username === username);
  if (!hit) throw new Error(`${username} not found`);
  return hit.data.id;
}

/** A member's calendar feed, made on the account page; returns its https address. */
async function makeFeed(page: Page): Promise<string> {
  await page.goto('/account');
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Kalender abonnieren' }) });
  await card.getByRole('button', { name: /Link erstellen/ }).click();
  const link = card.getByRole('link', { name: /^webcal:\/\// });
  await link.waitFor();
  return (await link.getAttribute('href'))!.replace(/^webcal:/, 'http:');
}

const feedStatus = async (url: string) => (await fetch(url)).status;

describe('the second factor guards the board', () => {
  let board: BrowserContext;
  let boardPage: Page;
  let promotedSecret = '';

  it('switched on, an open board session without the code is asked to log in again; «Erneut anmelden» leads through the enrolment', async () => {
    board = await context('desktop');
    boardPage = await board.newPage();
    await passwordLogin(boardPage, 'vorstand');
    await boardPage.waitForURL(`${site.baseUrl}/`);
    await boardPage.goto('/admin/members');
    await boardPage.getByRole('heading', { name: 'Mitglieder', exact: true }).waitFor();

    await site.restart({ REQUIRE_2FA_FOR_BOARD: 'true' });
    expect((await call(board, 'GET', '/admin/members')).body.error.code).toBe('SECOND_FACTOR_REQUIRED');
    for (const viewport of ['phone', 'desktop'] as const) {
      await boardPage.setViewportSize(viewport === 'phone' ? { width: 360, height: 780 } : { width: 1280, height: 900 });
      await boardPage.goto('/admin/members');
      // The member search says it once; the retention overview, refused alike, waits for the new login.
      const notice = boardPage.getByRole('alert').filter({ hasText: 'Anmeldung mit Code nötig' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('melden Sie sich bitte erneut an, diesmal mit dem Code');
      expect(await boardPage.getByRole('heading', { name: 'Datenschutz: Aufbewahrung' }).count()).toBe(0);
      expect(await boardPage.getByRole('button', { name: 'Erneut anmelden' }).count()).toBe(1);
      await noHorizontalScroll(boardPage);
      expect(await seriousA11yViolations(boardPage)).toEqual([]);
      await screenshot(boardPage, `board-guard-code-needed-${viewport}`);
    }
    await boardPage.getByRole('button', { name: 'Erneut anmelden' }).click();
    await boardPage.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await loginThroughPage(boardPage, 'vorstand', 'vorstand');
    await enrol(boardPage, '/admin/members');
    await boardPage.getByRole('heading', { name: 'Mitglieder', exact: true }).waitFor();
    expect(await boardPage.getByText('Anmeldung mit Code nötig').count()).toBe(0);
    expect((await call(board, 'GET', '/admin/members')).status).toBe(200);
  }, 300_000);

  it("the promoted member's open session is refused on the board's screens; the next login leads through the enrolment", async () => {
    const member = await context('phone');
    const page = await member.newPage();
    await passwordLogin(page, 'mitglied');
    await page.waitForURL(`${site.baseUrl}/`);
    expect((await call(member, 'GET', '/member/')).status).toBe(200);

    const id = await memberId(board, 'mitglied');
    await boardPage.goto(`/admin/members/${id}`);
    await boardPage.getByLabel('Vorstandsmitglied (Zugang zur Administration)').check();
    await boardPage.getByRole('button', { name: 'Rollen speichern' }).click();
    await boardPage.getByRole('status').getByText('Rollen gespeichert.').waitFor();
    await mail((m) => m.to.includes(mailOf('mitglied')) && m.subject.startsWith('Sie sind jetzt im Vorstand'));

    // The old session is gone: the board's routes answer 401, the screen sends the browser to the login.
    expect((await call(member, 'GET', '/admin/members')).status).toBe(401);
    await page.goto('/admin/members');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await loginThroughPage(page, 'mitglied', 'mitglied');
    await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' }).waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'board-guard-enrolment-phone');
    promotedSecret = await enrol(page, '/admin/members');
    await page.getByRole('heading', { name: 'Mitglieder', exact: true }).waitFor();
    await member.close();
  }, 180_000);

  it('after ten wrong codes in a row the eleventh, right one is refused, and the member got a mail', async () => {
    const ctx = await context('desktop');
    const page = await ctx.newPage();
    await passwordLogin(page, 'mitglied');
    await page.getByRole('heading', { name: 'Bestätigungscode' }).waitFor();
    const codeForm = page.locator('form', { has: page.getByLabel('Code', { exact: true }) });
    const codeAction = new URL((await codeForm.getAttribute('action'))!, page.url()).href;
    const submit = async (code: string): Promise<number> => {
      await page.getByLabel('Code', { exact: true }).fill(code);
      const [answer] = await Promise.all([
        page.waitForResponse((r: Response) => r.request().method() === 'POST' && r.url().endsWith('/code')),
        page.getByRole('button', { name: 'Bestätigen' }).click(),
      ]);
      await page.waitForLoadState();
      return answer.status();
    };
    // Nine wrong codes are refused as wrong; the tenth locks the factor.
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) statuses.push(await submit(wrongCode(promotedSecret, attempt)));
    expect(statuses).toEqual([...Array<number>(9).fill(401), 423]);
    // The locked page offers no code field (no code passes), but the way out.
    await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung gesperrt' }).waitFor();
    await page.getByText('Ihre Zwei-Faktor-Anmeldung ist nach zu vielen falschen Codes gesperrt.').waitFor();
    expect(await page.getByLabel('Code', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Passwort vergessen?' }).waitFor();
    // A right code of a step after the enrolment's, which the site would otherwise accept: refused for the lock.
    const right = await page.request.post(codeAction, { form: { code: freshCode(promotedSecret) }, maxRedirects: 0 });
    expect(right.status()).toBe(423);
    await screenshot(page, 'board-guard-locked-desktop');
    const locked = await mail((m) => m.to.includes(mailOf('mitglied')) && m.subject.startsWith('Zwei-Faktor-Anmeldung gesperrt'));
    expect(locked.subject).toContain('Zwei-Faktor-Anmeldung gesperrt');
    await ctx.close();

    // A new login on a phone: the locked page right after the password, readable at 360 px.
    const phone = await context('phone');
    const phonePage = await phone.newPage();
    await passwordLogin(phonePage, 'mitglied');
    await phonePage.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung gesperrt' }).waitFor();
    expect(await phonePage.getByLabel('Code', { exact: true }).count()).toBe(0);
    await noHorizontalScroll(phonePage);
    expect(await seriousA11yViolations(phonePage)).toEqual([]);
    await screenshot(phonePage, 'board-guard-locked-phone');
    await phone.close();
  }, 120_000);

  it('the calendar feed link answers 404 after a password reset', async () => {
    const username = plain[0]!;
    const ctx = await context('desktop');
    const page = await ctx.newPage();
    await passwordLogin(page, username);
    await page.waitForURL(`${site.baseUrl}/`);
    const feed = await makeFeed(page);
    expect(await feedStatus(feed)).toBe(200);

    await boardPage.goto(`/admin/members/${await memberId(board, username)}`);
    await boardPage.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await boardPage.getByRole('dialog', { name: 'Passwort zurücksetzen?' }).getByRole('button', { name: 'Link senden' }).click();
    const resetMail = await mail((m) => m.to.includes(mailOf(username)) && m.subject.startsWith('Neues Passwort'));
    await page.goto(linkIn(resetMail, site.baseUrl));
    const password = 'Eisbahn-Hallenstadion-1930';
    await page.getByLabel('Neues Passwort').fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect.poll(() => feedStatus(feed)).toBe(404);
    expect((await call(ctx, 'GET', '/member/')).status).toBe(401);
    await ctx.close();
  }, 120_000);

  it("an ended membership's card is refused (422); an anonymised member's feed answers 404 and the session is gone", async () => {
    const ctx = await context('desktop');
    const page = await ctx.newPage();
    let username = '';
    let token = '';
    for (const candidate of plain.slice(1, 5)) {
      await ctx.clearCookies();
      await passwordLogin(page, candidate);
      await page.waitForURL(`${site.baseUrl}/`);
      const card = await call(ctx, 'GET', '/member/card');
      if (card.status === 200) {
        username = candidate;
        token = card.body.data.token as string;
        break;
      }
    }
    expect(username).not.toBe('');
    const feed = await makeFeed(page);
    expect((await call(board, 'POST', '/admin/membercards/verify', { token })).status).toBe(200);

    // The board ends the membership today and cancels what is still open.
    const id = await memberId(board, username);
    const detail = await call(board, 'GET', `/admin/members/${id}?expands=memberships,invoices`);
    const expands = (detail.body.expands ?? []) as { name: string; data: Answer[] }[];
    const group = (name: string): Answer[] => (expands.find((e) => e.name === name)?.data ?? []).map((item) => item.data ?? item);
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Zurich' });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Zurich' });
    for (const membership of group('memberships').filter((m) => m.validTo >= today)) {
      const ended = await call(board, 'PUT', `/admin/members/${id}/memberships/${membership.id}`, { validTo: yesterday });
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    }
    const refused = await call(board, 'POST', '/admin/membercards/verify', { token });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('CARD_EXPIRED');
    expect(refused.body.error.message).toMatch(/[äöüÄÖÜ]|Ausweis|Mitgliedschaft/);
    for (const invoice of group('invoices').filter((i) => i.status === 'OPEN')) {
      expect((await call(board, 'DELETE', `/admin/members/${id}/invoices/${invoice.id}`)).status).toBe(204);
    }

    await boardPage.goto(`/admin/members/${id}`);
    await boardPage.getByRole('button', { name: 'Jetzt anonymisieren…' }).click();
    await boardPage
      .getByRole('dialog', { name: 'Mitglied anonymisieren?' })
      .getByRole('button', { name: 'Endgültig anonymisieren' })
      .click();
    await boardPage.getByRole('status').getByText('Das Mitglied wurde anonymisiert.').waitFor();
    expect(await feedStatus(feed)).toBe(404);
    expect((await call(ctx, 'GET', '/member/')).status).toBe(401);
    await passwordLogin(page, username);
    await page.getByText('Benutzername oder Passwort ist falsch.').waitFor();
    await ctx.close();
  }, 180_000);

  it('a group mail whose subject holds a line break or another control character is refused with a German message', async () => {
    const seasons = await call(board, 'GET', '/admin/seasons/');
    const seasonId = (seasons.body.data as { data: { id: number } }[])[0]!.data.id;
    const refused = await call(board, 'POST', '/admin/mailings', {
      subject: 'Hallo\r\nBcc: alle@example.ch',
      text: 'Text',
      group: { kind: 'SEASON', id: seasonId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.subject).toBe(
      'Betreff: Bitte auf einer Zeile, ohne Zeilenumbrüche, Tabulatoren und andere Steuerzeichen.',
    );

    // In the form, a pasted tab gets the same German message at the field.
    for (const viewport of ['phone', 'desktop'] as const) {
      await boardPage.setViewportSize(viewport === 'phone' ? { width: 360, height: 780 } : { width: 1280, height: 900 });
      await boardPage.goto('/admin/mailings');
      await boardPage.getByLabel('Betreff').fill('Saisonstart\tHeimspiel');
      await boardPage.getByLabel('Betreff').blur();
      await boardPage.getByRole('button', { name: 'Mail senden…' }).click();
      await boardPage.getByText('Betreff: Bitte auf einer Zeile, ohne Zeilenumbrüche, Tabulatoren und andere Steuerzeichen.').waitFor();
      await noHorizontalScroll(boardPage);
      await screenshot(boardPage, `board-guard-mailing-subject-${viewport}`);
    }
  }, 120_000);

  it("a draw's entries are shown to logged-in members only; algorithm, seed and seed hash stay public", async () => {
    const option = await call(board, 'POST', '/admin/deliveryoptions/', { name: 'Abholung Los Wache' });
    const group = await call(board, 'POST', '/admin/gamegroups/', {
      name: 'E2E Los Wache',
      defaultPricePerTicket: { currency: 'CHF', amount: 45 },
      availableTicketsPerGame: 4,
      freeTicketAmount: 2,
    });
    const groupId = group.body.data.id as number;
    await call(board, 'PUT', `/admin/gamegroups/${groupId}/deliveryoptions/`, [{ id: option.body.data.id }]);
    const game = await call(board, 'POST', `/admin/gamegroups/${groupId}/games/`, {
      start: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      opponent: 'HCD',
      homeGame: true,
      venue: 'Swiss Life Arena, Zürich',
      saleMode: 'DRAW',
      drawAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const gameId = game.body.data.id as number;

    const member = await context('desktop');
    const page = await member.newPage();
    await passwordLogin(page, plain[5]!, undefined, `/tickets/games/${gameId}`);
    await page.getByRole('heading', { name: 'Tickets anfragen' }).waitFor();
    await page.getByLabel('Abholung Los Wache').check();
    await page.getByLabel('Anzahl Tickets').selectOption('2');
    await page.getByRole('button', { name: 'Anfrage für die Auslosung senden' }).click();
    await page.getByRole('heading', { name: 'Anfrage erhalten' }).waitFor();
    expect((await call(board, 'POST', `/admin/games/${gameId}/draw`)).status).toBe(200);

    const asMember = await call(member, 'GET', `/games/${gameId}/draw`);
    expect(asMember.body.data.entries).toHaveLength(1);
    expect(asMember.body.data.entries[0]).toMatchObject({ completedSeasons: expect.any(Number), lostDraws: expect.any(Number) });
    await page.reload();
    await page.getByText('So funktioniert die Auslosung').click();
    await page.getByRole('table', { name: 'Reihenfolge der Auslosung' }).waitFor();
    await screenshot(page, 'board-guard-draw-member-desktop');

    for (const viewport of ['phone', 'desktop'] as const) {
      const visitor = await context(viewport);
      const visitorPage = await visitor.newPage();
      const asVisitor = await call(visitor, 'GET', `/games/${gameId}/draw`);
      expect(asVisitor.body.data).toMatchObject({ entries: [], order: [], served: [], entriesForMembersOnly: true });
      expect(asVisitor.body.data.seed).toMatch(/\S/);
      expect(asVisitor.body.data.seedHash).toBe(asMember.body.data.seedHash);
      await visitorPage.goto(`/tickets/games/${gameId}`);
      await visitorPage.getByText('So funktioniert die Auslosung').click();
      await visitorPage.getByText('Die Anfragen und die Reihenfolge der Auslosung sehen angemeldete Mitglieder.').waitFor();
      await visitorPage.getByText(asMember.body.data.seedHash as string).waitFor();
      expect(await visitorPage.getByRole('table', { name: 'Reihenfolge der Auslosung' }).count()).toBe(0);
      await noHorizontalScroll(visitorPage);
      await screenshot(visitorPage, `board-guard-draw-visitor-${viewport}`);
      await visitor.close();
    }
    await member.close();
  }, 180_000);
});
