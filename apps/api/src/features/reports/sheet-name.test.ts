import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TableReport, TableSection } from './report-model.ts';
import { SHEET_NAME_MAX, sheetName, shortenSheetName } from './sheet-name.ts';
import { writeXlsxReport } from './xlsx-sheet.ts';

describe('shortenSheetName', () => {
  it('keeps a name of up to 31 characters as it is, without the characters Excel refuses', () => {
    expect(shortenSheetName('Ticketreservationen 2026-27')).toBe('Ticketreservationen 2026-27');
    expect(shortenSheetName('Auswärts [Car]: Bern/Zug?')).toBe('Auswärts -Car-- Bern-Zug-');
    expect(shortenSheetName("'Heimspiele'")).toBe('Heimspiele');
    expect(shortenSheetName(' / ')).toBe('-');
    expect(shortenSheetName('   ')).toBe('Tabelle');
  });

  it('when a name is too long, then the longest words lose letters and end in a dot, the season stays whole', () => {
    const name = shortenSheetName('Heimspiele Qualifikation Sitzplätze 2026-27');
    expect(name).toBe('Heimsp. Qualif. Sitzpl. 2026-27');
    expect(name.length).toBeLessThanOrEqual(SHEET_NAME_MAX);
  });

  it('shortens only as much as needed', () => {
    expect(shortenSheetName('Mitgliederbeiträge Junioren 2026-27')).toBe('Mitgliederbei. Junioren 2026-27');
  });

  it('cuts with «…» only when shortening the words is not enough', () => {
    const name = shortenSheetName('Car 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16');
    expect(name).toBe('Car 1 2 3 4 5 6 7 8 9 10 11 12…');
    expect(name).toHaveLength(SHEET_NAME_MAX);
  });

  it('honours a shorter limit', () => {
    expect(shortenSheetName('Heimspiele Sitzplätze', 15)).toBe('Heimsp. Sitzpl.');
  });
});

describe('sheetName', () => {
  it('gives every sheet of a workbook its own name, case aside, within 31 characters', () => {
    const used = new Set<string>();
    const long = 'Heimspiele Qualifikation Sitzplätze Sektor B';
    const names = [sheetName(long, used), sheetName(long, used), sheetName('heimspiele', used), sheetName('Heimspiele', used)];
    expect(names).toEqual(['Heims. Qualif. Sitzpl. Sektor B', 'Heim. Qual. Sitzp. Sektor B (2)', 'heimspiele', 'Heimspiele (2)']);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(SHEET_NAME_MAX);
  });
});

describe('a workbook with long section names', () => {
  it('when read back, then every sheet carries its shortened, unique name', async () => {
    const names = [
      'Heimspiele Qualifikation Sitzplätze 2026-27',
      'Heimspiele Qualifikation Sitzplätze 2026-27',
      'Auswärtsspiele mit dem Fancar',
    ];
    async function* sections(): AsyncIterable<TableSection> {
      for (const name of names) {
        yield {
          name,
          subtotals: false,
          blocks: (async function* () {
            yield {
              rows: (async function* () {
                yield [[name]];
              })(),
            };
          })(),
        };
      }
    }
    const report: TableReport = {
      title: 'Test',
      subtitle: 'Saison 2026/27',
      author: 'Fanclub',
      createdAt: new Date('2026-11-28T12:00:00Z'),
      columns: [{ header: 'Name', kind: 'text', width: 40 }],
      sections,
    };
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeXlsxReport(out, report);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Heimsp. Qualif. Sitzpl. 2026-27',
      'Heim. Quali. Sitzp. 2026-27 (2)',
      'Auswärtsspiele mit dem Fancar',
    ]);
    expect(workbook.worksheets[1]!.getCell('A2').value).toBe(names[1]);
  });
});
