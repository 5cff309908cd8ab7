import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loggedInContext, noHorizontalScroll, screenshot, seriousA11yViolations } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** From the member list to one member's page, the way the board does it. */
async function openMember(page: Page, query: string, linkName: string): Promise<void> {
  await page.goto('/admin/members');
  await page.getByRole('heading', { name: 'Mitglieder', level: 1 }).waitFor();
  await page.getByLabel('Suche nach Name, Benutzername, E-Mail oder Mitgliedernummer').fill(query);
  // Wait for the hits of this query (the unfiltered first page may hold the same name).
  await page.waitForURL((url) => url.searchParams.get('q') === query);
  await page.getByRole('heading', { name: '1 Mitglied gefunden' }).waitFor();
  const link = page.getByRole('link', { name: linkName });
  await link.waitFor();
  await link.click();
  await page.getByRole('heading', { level: 1, name: linkName.split(', ').reverse().join(' ') }).waitFor();
}

describe('board: member administration', () => {
  it('searches a member, opens the detail, edits a phone and sees the audit entry', async () => {
    const context = await loggedInContext(browser, 'vorstand', 'desktop');
    const page = await context.newPage();
    await page.goto('/admin/members');
    // The empty search lists everyone, page by page.
    await page.getByRole('heading', { name: /^\d+ Mitglieder$/ }).waitFor();
    await page.getByRole('navigation', { name: 'Seiten der Trefferliste' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await openMember(page, 'reto schmid', 'Schmid, Reto');
    expect(page.url()).toMatch(/\/admin\/members\/\d+$/);
    await page.getByRole('button', { name: 'Telefonnummern bearbeiten' }).click();
    const form = page.getByRole('form', { name: 'Telefonnummern bearbeiten' });
    await form.getByLabel('Festnetz').fill('044 555 12 34');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('status').filter({ hasText: 'Telefonnummern gespeichert.' }).waitFor();
    await page.getByRole('region', { name: 'Telefon' }).getByRole('link', { name: '044 555 12 34' }).waitFor();

    const audit = page.getByRole('region', { name: 'Änderungsprotokoll' });
    const entry = audit.getByRole('listitem').filter({ hasText: 'Telefonnummern geändert' }).first();
    await entry.waitFor();
    const text = await entry.innerText();
    expect(text).toContain('Viktor Vogel');
    expect(text).toMatch(/Festnetz: \(leer\) → 044 555 12 34/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A field the server refuses shows its German message beside the field, and nothing is saved.
    await page.getByRole('button', { name: 'Telefonnummern bearbeiten' }).click();
    await form.getByLabel('Mobile').fill('<script>alert(1)</script>');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Mobile: Bitte nur Ziffern, Leerzeichen und + ( ) - / verwenden.').waitFor();
    await form.getByRole('button', { name: 'Abbrechen' }).click();
    await context.close();
  });

  it('shows the member page at 360 px and 1280 px with an edit form open', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await openMember(page, 'reto schmid', 'Schmid, Reto');
      await page.getByRole('region', { name: 'Änderungsprotokoll' }).waitFor();
      await page
        .getByRole('region', { name: 'Adressen' })
        .getByRole('button', { name: /korrigieren$/ })
        .first()
        .click();
      await page.getByRole('form', { name: 'Adresse korrigieren' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Nothing may stick out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `member-admin-${viewport}`);
      await context.close();
    }
  });

  it("shows the board a member's reservations, event sign-ups, invoices with their payments and the mails sent (360 px and 1280 px)", async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      const hits = (await (await context.request.get('/api/v1/admin/members/?q=mitglied')).json()) as {
        data: { data: { id: number; username: string; firstName: string; lastName: string } }[];
      };
      const member = hits.data.find((h) => h.data.username === 'mitglied')!.data;
      await page.goto(`/admin/members/${member.id}`);
      await page.getByRole('heading', { name: `${member.firstName} ${member.lastName}`, level: 1 }).waitFor();
      const reservations = page.getByRole('region', { name: 'Ticketreservationen' });
      await reservations.getByTestId('member-reservation').first().waitFor();
      await page.getByRole('region', { name: 'Veranstaltungen' }).getByTestId('member-subscription').first().waitFor();
      await page.getByRole('region', { name: 'Rechnungen' }).getByRole('listitem').first().waitFor();
      const mails = page.getByRole('region', { name: 'Versandte Mails' });
      await mails.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `member-admin-activity-${viewport}`);
      await context.close();
    }
  });

  it('adds a membership for the current season and sees it marked current and in the audit log', async () => {
    const context = await loggedInContext(browser, 'vorstand', 'desktop');
    const page = await context.newPage();
    await openMember(page, 'noah moser', 'Moser, Noah');
    const memberships = page.getByRole('region', { name: 'Mitgliedschaften' });
    await memberships.getByText('Keine Mitgliedschaften.').waitFor();
    // The season that covers today (another journey may already have opened the next one).
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()).split('-').map(Number) as [
      number,
      number,
    ];
    const from = month >= 5 ? year : year - 1;
    const current = `${from}/${String((from + 1) % 100).padStart(2, '0')}`;
    const choice = memberships.getByLabel('Saison');
    const option = choice.locator('option', { hasText: `${current} (` });
    await choice.selectOption({ value: (await option.getAttribute('value'))! });
    await memberships.getByRole('button', { name: 'Hinzufügen' }).click();
    await memberships.getByText('Aktuelle Mitgliedschaft').waitFor();
    await page.getByRole('region', { name: 'Änderungsprotokoll' }).getByText('Mitgliedschaft hinzugefügt').waitFor();
    await page.getByText('Aktives Mitglied').waitFor();
    await context.close();
  });
  it('shows the retention overview on the member list and refuses to anonymise a member whose membership runs, with the reason', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      await page.goto('/admin/members');
      const overview = page.getByRole('region', { name: 'Datenschutz: Aufbewahrung' });
      await overview.getByText(/Nächster Lauf: \d{2}\.\d{2}\.\d{4}/).waitFor();
      await overview.getByText(/Abgelehnte Anträge, die gelöscht werden: \d+\./).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `member-retention-${viewport}`);

      await openMember(page, 'reto schmid', 'Schmid, Reto');
      const card = page.getByRole('region', { name: 'Datenschutz' });
      await card.getByRole('button', { name: 'Jetzt anonymisieren…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mitglied anonymisieren?' });
      await dialog.getByRole('button', { name: 'Endgültig anonymisieren' }).click();
      await dialog.getByText('Dieses Mitglied hat eine laufende Mitgliedschaft. Bitte die Mitgliedschaft zuerst beenden.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `member-erasure-refused-${viewport}`);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reto Schmid' }).waitFor();
      await context.close();
    }
  });
  it('imports a member list: upload, correct a mapping, see an error, import, find the new member, export (360 px and 1280 px)', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await loggedInContext(browser, 'vorstand', viewport);
      const page = await context.newPage();
      const last = viewport === 'phone' ? 'Importhandy' : 'Importdesk';
      const csv = [
        'Vorname;Familie;E-Mail;Geburtsdatum;Natel;PLZ;Ort;Strasse',
        `Lina;${last};lina.${last.toLowerCase()}@example.ch;31.12.85;079 123 45 67;8004;Zürich;Badenerstrasse 1`,
        `Max;${last};max.${last.toLowerCase()}@example.ch;1990-02-30;12;8004;Zürich;Badenerstrasse 1`,
      ].join('\r\n');

      await page.goto('/admin/members');
      await page.getByRole('link', { name: 'Mitglieder importieren' }).first().click();
      await page.getByRole('heading', { name: 'Mitglieder importieren', level: 1 }).waitFor();
      await page
        .getByLabel(/Mitgliederliste \(CSV oder Excel/)
        .setInputFiles({ name: `liste-${viewport}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      // The picker speaks German whatever the browser's language, and names the chosen file.
      await page.getByRole('region', { name: '1. Datei wählen' }).getByText('Datei wählen', { exact: true }).waitFor();
      await page.getByRole('region', { name: '1. Datei wählen' }).getByText(`liste-${viewport}.csv`, { exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `member-import-file-${viewport}`);
      await page.getByRole('button', { name: 'Datei hochladen' }).click();
      const preview = page.getByRole('region', { name: '3. Vorschau' });
      await preview.getByText('2 Zeilen: 0 neu, 0 Aktualisierungen, 0 Duplikate, 2 Fehler.').waitFor();

      // «Familie» is not recognised: the board maps it to the last name.
      await page.getByLabel('Spalte «Familie»').selectOption({ label: 'Nachname' });
      await page.getByRole('button', { name: 'Zuordnung übernehmen und Vorschau aktualisieren' }).click();
      await preview.getByText('2 Zeilen: 1 neu, 0 Aktualisierungen, 0 Duplikate, 1 Fehler.').waitFor();
      await preview.getByLabel('Zeilen zeigen').selectOption('ERROR');
      await preview.getByText('Natel: «12» ist keine gültige Telefonnummer.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await noHorizontalScroll(page);
      await screenshot(page, `member-import-preview-${viewport}`);

      const commit = page.getByRole('region', { name: '4. Importieren' });
      await commit.getByLabel('Die Zeile mit Fehlern auslassen').check();
      await commit.getByRole('button', { name: 'Importieren' }).click();
      await page.getByText('Import abgeschlossen: 1 neues Mitglied, 0 aktualisiert, 1 übersprungen, 0 Einladungen.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `member-import-done-${viewport}`);

      await page.getByRole('link', { name: 'Zu den Mitgliedern', exact: true }).click();
      await openMember(page, `lina ${last}`, `${last}, Lina`);
      await page.getByText('+41 79 123 45 67').first().waitFor();

      await page.goto('/admin/members');
      await page.getByRole('button', { name: 'Exportieren (CSV)' }).waitFor();
      await screenshot(page, `member-list-import-export-${viewport}`);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportieren (CSV)' }).click();
      const file = await (await download).path();
      const { readFile } = await import('node:fs/promises');
      const text = (await readFile(file)).toString('utf8');
      expect(text.startsWith('\uFEFFMitglied-Nr.;Vorname;Nachname;E-Mail;')).toBe(true);
      expect(text).toContain(`;Lina;${last};lina.${last.toLowerCase()}@example.ch;31.12.1985;`);
      await context.close();
    }
  });
});
