import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople } from '../apps/api/src/features/demo/demo-data.ts';
import type { InvoiceOverviewResult } from '../packages/contract/src/payments.ts';
import type { Season } from '../packages/contract/src/seasons.ts';
import { launchBrowser, loggedInContext, noHorizontalScroll, screenshot, seriousA11yViolations, type Viewport } from './support/browser.ts';

/**
 * The membership fee run per category: the board opens the categories of a season, puts members
 * into them on the member page, and runs the fee run whose confirmation names the season and the
 * total over the categories; the invoices carry the categories' fees. Then an application accepted
 * after next season's renewal joins that season too.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Letters only (a name allows no digits), new per run. */
const suffix = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);
/** Text as read aloud: non-breaking spaces (money) as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
/** Four plain demo members (not the two demo logins, whose memberships other journeys read). */
const people = demoPeople()
  .filter((p) => !p.board && p.username !== 'mitglied')
  .slice(6, 10);

async function json<T>(context: BrowserContext, method: 'get' | 'post' | 'delete', path: string, data?: unknown): Promise<T> {
  const answer = await context.request[method](`/api/v1${path}`, data === undefined ? {} : { data });
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
  return answer.status() === 204 ? (undefined as T) : ((await answer.json()) as T);
}

async function seasons(context: BrowserContext): Promise<Season[]> {
  return (await json<{ data: { data: Season }[] }>(context, 'get', '/admin/seasons/')).data.map((d) => d.data);
}

async function memberId(context: BrowserContext, username: string): Promise<number> {
  const hits = await json<{ data: { data: { id: number; username: string } }[] }>(context, 'get', `/admin/members/?q=${username}`);
  const hit = hits.data.find((d) => d.data.username === username);
  expect(hit, username).toBeDefined();
  return hit!.data.id;
}

describe('the membership fee run per category', () => {
  let season: Season;
  const ids: number[] = [];

  it('a new season without memberships says so; the board adds Junior, Gönner and Ehrenmitglied, and the chosen season survives a reload', async () => {
    const board = await loggedInContext(browser, 'vorstand');
    // A season of its own, before the demo's (a later one would change which season other journeys open next).
    const taken = new Set((await seasons(board)).map((s) => Number(s.validFrom.slice(0, 4))));
    let year = Math.min(...taken) - 1;
    while (taken.has(year)) year -= 1;
    season = (
      await json<{ data: Season }>(board, 'post', '/admin/seasons/', {
        validFrom: `${year}-05-01`,
        membershipFee: { currency: 'CHF', amount: 50 },
        parkingFee: { currency: 'CHF', amount: 0 },
      })
    ).data;
    for (const p of people) ids.push(await memberId(board, p.username));

    for (const viewport of ['phone', 'desktop'] as Viewport[]) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto(`/admin/seasons?season=${season.id}`);
      await page.getByRole('heading', { name: `Saison ${season.name}: Verlängerung und Rechnungsläufe` }).waitFor();
      expect(await page.getByLabel('Saison für Verlängerung und Rechnungsläufe').locator('option:checked').textContent()).toContain(
        season.name,
      );
      const fees = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Mitgliederbeiträge', exact: true }) });
      await fees.getByText('Diese Saison hat noch keine Mitgliedschaften: zuerst Mitgliedschaften verlängern').waitFor();
      expect(await fees.getByText('Alle Mitglieder sind verrechnet.').count()).toBe(0);
      expect(await fees.getByRole('button', { name: 'Mitgliederbeiträge verrechnen' }).isDisabled()).toBe(true);
      await noHorizontalScroll(page);
      // The season list's buttons are on the screen too, not in a table scrolled sideways.
      const width = page.viewportSize()!.width;
      for (const name of [`Läufe der Saison ${season.name} zeigen`, `Beiträge der Saison ${season.name} ändern`]) {
        const box = (await page.getByRole('button', { name }).boundingBox())!;
        expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `fee-run-empty-season-${viewport === 'phone' ? 360 : 1280}`);
      await context.close();
    }

    const page = await board.newPage();
    await page.goto(`/admin/seasons?season=${season.id}`);
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: `Mitgliederkategorien ${season.name}` }) });
    await card.getByText('Standard', { exact: true }).waitFor();
    // Categories copied from an earlier season would change the figures below: only the default stays.
    for (const button of await card.getByRole('button', { name: /^Kategorie .* löschen$/ }).all()) {
      await button.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    for (const [name, fee, maxAge] of [
      ['Junior', '25', '17'],
      ['Gönner', '100', ''],
      ['Ehrenmitglied', '0', ''],
    ] as const) {
      await card.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
      const form = card.getByRole('form', { name: 'Neue Kategorie' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Beitrag (CHF)').fill(fee);
      await form.getByLabel('Höchstalter am 1. Mai').fill(maxAge);
      await form.getByRole('button', { name: 'Speichern' }).click();
      await card.getByText(name, { exact: true }).waitFor();
    }
    await card.getByText('CHF 25.00 · bis 17 Jahre am 1. Mai · 0 Mitglieder').waitFor();
    await card.getByText('kein Beitrag · jedes Alter · 0 Mitglieder').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: `Saison ${season.name}: Verlängerung und Rechnungsläufe` }).waitFor();
    expect(new URL(page.url()).searchParams.get('season')).toBe(String(season.id));
    await board.close();
  });

  it('the board puts members into categories on the member page', async () => {
    const board = await loggedInContext(browser, 'vorstand');
    for (const id of ids) await json(board, 'post', `/admin/members/${id}/memberships`, { seasonId: season.id });
    await board.close();

    for (const [index, category, viewport] of [
      [0, 'Gönner', 'desktop'],
      [1, 'Ehrenmitglied', 'phone'],
    ] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto(`/admin/members/${ids[index]}`);
      const memberships = page.getByRole('region', { name: 'Mitgliedschaften' });
      const select = memberships.getByLabel(`Kategorie ${season.name}`);
      await select.waitFor();
      const option = select.locator('option', { hasText: `${category} (` });
      await select.selectOption({ value: (await option.getAttribute('value'))! });
      await page.getByRole('region', { name: 'Änderungsprotokoll' }).getByText(category).first().waitFor();
      await page.reload();
      expect(await select.locator('option:checked').textContent()).toMatch(new RegExp(`^${category} \\(`));
      await select.scrollIntoViewIfNeeded();
      await noHorizontalScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `member-category-${viewport === 'phone' ? 360 : 1280}`);
      await context.close();
    }
  });

  it('the fee run confirms season, invoices and total over the categories, and the invoices carry the categories’ fees', async () => {
    // 2 in the default (CHF 50), 1 Gönner (CHF 100), 1 Ehrenmitglied (no invoice): 3 invoices over CHF 200.
    const phone = await loggedInContext(browser, 'vorstand', 'phone');
    const small = await phone.newPage();
    await small.goto(`/admin/seasons?season=${season.id}`);
    const smallButton = small.getByRole('button', { name: 'Mitgliederbeiträge verrechnen' });
    await small.getByText('3 Rechnungen über CHF 200.00 (zum Beitrag der Kategorie)').waitFor();
    await noHorizontalScroll(small);
    await smallButton.click();
    const smallDialog = small.getByRole('dialog', { name: `Mitgliederbeiträge verrechnen: Saison ${season.name}` });
    await smallDialog.getByTestId('membership-fee-total').waitFor();
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'fee-run-confirm-360');
    await smallDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await phone.close();

    const context = await loggedInContext(browser, 'vorstand');
    const page = await context.newPage();
    await page.goto(`/admin/seasons?season=${season.id}`);
    await page.getByRole('button', { name: 'Mitgliederbeiträge verrechnen' }).click();
    const dialog = page.getByRole('dialog', { name: `Mitgliederbeiträge verrechnen: Saison ${season.name}` });
    const total = dialog.getByTestId('membership-fee-total');
    await total.waitFor();
    expect(plain(await total.textContent())).toBe('3 Rechnungen über CHF 200.00');
    const text = plain(await dialog.textContent());
    expect(text).toContain(`Saison ${season.name}`);
    expect(text).toContain('Gönner: 1 × CHF 100.00 = CHF 100.00');
    expect(text).toMatch(/: 2 × CHF 50\.00 = CHF 100\.00/);
    expect(text).not.toContain('Ehrenmitglied:');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'fee-run-confirm-1280');
    await dialog.getByRole('button', { name: 'Ja, ausführen' }).click();
    await page.getByText(`Saison ${season.name} – Fertig: 3 Rechnungen erstellt`).waitFor();
    await page.getByText('Alle Mitglieder sind verrechnet.').waitFor();
    await screenshot(page, 'fee-run-done-1280');

    const list = await json<InvoiceOverviewResult>(context, 'get', `/admin/invoices?seasonId=${season.id}&kind=MEMBERSHIP_FEE&pageSize=50`);
    const billed = list.data.map((d) => [d.data.memberId, d.data.total.amount, d.data.lines.map((l) => l.text)]);
    expect(billed.sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0]))).toEqual(
      [
        [ids[2], 50, [`Mitgliederbeitrag Saison ${season.name}`]],
        [ids[3], 50, [`Mitgliederbeitrag Saison ${season.name}`]],
        [ids[0], 100, [`Mitgliederbeitrag Saison ${season.name} (Gönner)`]],
      ].sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0])),
    );
    await page.goto(`/admin/invoices?season=${season.id}&kind=MEMBERSHIP_FEE`);
    // The invoice list of the season: the Gönner's invoice at CHF 100.00, the Ehrenmitglied has none.
    const donorRow = page
      .getByRole('row')
      .filter({ hasText: people[0]!.lastName })
      .filter({ hasText: `Mitgliederbeitrag ${season.name}` });
    await donorRow.first().waitFor();
    expect(plain(await donorRow.first().textContent())).toContain('CHF 100.00');
    expect(await page.getByRole('row').filter({ hasText: people[1]!.lastName }).count()).toBe(0);
    await screenshot(page, 'fee-run-invoices-1280');
    await context.close();
  });
});

describe('accepting an application after next season’s renewal', () => {
  it('the accept dialog offers the category and next season (checked), and the new member holds both memberships', async () => {
    const board = await loggedInContext(browser, 'vorstand');
    // Next season with its renewal run (as the treasurer does in spring; both idempotent).
    const list = await seasons(board);
    const current = list.find((s) => s.current)!;
    const nextYear = Number(current.validFrom.slice(0, 4)) + 1;
    let next = list.find((s) => s.validFrom === `${nextYear}-05-01`);
    if (!next) next = (await json<{ data: Season }>(board, 'post', '/admin/seasons/', { validFrom: `${nextYear}-05-01` })).data;
    await json(board, 'post', `/admin/seasons/${next.id}/renewals`, []);

    for (const [i, viewport] of (['phone', 'desktop'] as Viewport[]).entries()) {
      const created = await json<{ data: { id: number } }>(board, 'post', '/admin/members/candidates/', {
        firstName: 'Lea',
        lastName: `Nachzügler ${suffix}${'ab'[i]}`,
        email: `lea.${suffix}${'ab'[i]}@example.ch`,
        dateOfBirth: '1994-06-0' + String(i + 1),
        address: { street: 'Hardturmstrasse', houseNumber: '5', postalCode: '8005', city: 'Zürich', country: 'CH' },
        mobile: '079 555 12 34',
        landLine: '',
      });
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto(`/admin/candidates/${created.data.id}`);
      await page.getByRole('button', { name: 'Annehmen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Antrag annehmen?' });
      await dialog.getByText(`wird Mitglied für die Saison ${current.name}`).waitFor();
      const category = dialog.getByLabel(`Kategorie in der Saison ${current.name}`);
      await category.waitFor();
      expect(await category.locator('option:checked').textContent()).toContain('Standard');
      const later = dialog.getByLabel(`Auch in die Saison ${next.name} aufnehmen`, { exact: false });
      expect(await later.isChecked()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `accept-later-season-${viewport === 'phone' ? 360 : 1280}`);
      await dialog.getByRole('button', { name: 'Annehmen' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /ist jetzt Mitglied/ })
        .waitFor();
      const accepted = await json<{ data: { memberId: number } }>(board, 'get', `/admin/members/candidates/${created.data.id}`);
      const member = await json<{ expands: { name: string; data: { seasonId: number }[] }[] }>(
        board,
        'get',
        `/admin/members/${accepted.data.memberId}?expands=memberships`,
      );
      const seasonIds = member.expands.find((e) => e.name === 'memberships')!.data.map((d) => d.seasonId);
      expect(seasonIds.sort()).toEqual([current.id, next.id].sort());
      await context.close();
    }
    await board.close();
  });
});
