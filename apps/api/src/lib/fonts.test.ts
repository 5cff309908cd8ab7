import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';

const font = (name: string) => fontkit.create(readFileSync(path.join(repoRoot, 'apps/api/assets/fonts', name))) as fontkit.Font;
/** fontkit's tables of a font, by tag (`directory` is not in its types). */
const tablesOf = (f: fontkit.Font) => Object.keys((f as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables);

// Letters of every kind the reports meet, kerning pairs among them (AV, To, Yo, LT, P.).
const SAMPLE =
  'Marjanović Øberg Łukasz Şahin Ærø Müller-Lüdenscheidt Çelik Dvořák Ñúñez AVATAR Tore Yolanda LT P. 1’234.50 12.03.2027 anna@example.ch';

describe.each(['Regular', 'Bold'])('Club Report Sans %s (the reports’ copy of Liberation Sans)', (style) => {
  const original = font(`LiberationSans-${style}.ttf`);
  const copy = font(`ClubReportSans-${style}.ttf`);

  it('is renamed: no name of it says Liberation (SIL OFL, Reserved Font Name)', () => {
    expect(copy.familyName).toBe('Club Report Sans');
    expect(copy.postscriptName).toBe(style === 'Regular' ? 'ClubReportSans' : 'ClubReportSans-Bold');
    expect(`${copy.familyName} ${copy.subfamilyName} ${copy.fullName} ${copy.postscriptName}`).not.toMatch(/Liberation/);
    expect(copy.copyright).toBe(original.copyright);
  });

  it('has no OpenType layout tables but keeps the kern table', () => {
    expect(tablesOf(original)).toEqual(expect.arrayContaining(['GSUB', 'GPOS', 'GDEF', 'kern']));
    expect(tablesOf(copy).filter((tag) => ['GSUB', 'GPOS', 'GDEF'].includes(tag))).toEqual([]);
    expect(tablesOf(copy)).toContain('kern');
  });

  it('has every glyph and lays out text as the original does, kerning included', () => {
    expect(copy.numGlyphs).toBe(original.numGlyphs);
    expect(copy.characterSet).toEqual(original.characterSet);
    const run = (f: fontkit.Font) => f.layout(SAMPLE);
    const [a, b] = [run(original), run(copy)];
    expect(b.glyphs.map((g) => g.id)).toEqual(a.glyphs.map((g) => g.id));
    expect(b.glyphs.some((g) => g.id === 0)).toBe(false);
    expect(b.positions.map((p) => p.xAdvance)).toEqual(a.positions.map((p) => p.xAdvance));
    const unkerned = b.glyphs.reduce((sum, g) => sum + g.advanceWidth, 0);
    expect(b.advanceWidth).toBeLessThan(unkerned);
  });
});
