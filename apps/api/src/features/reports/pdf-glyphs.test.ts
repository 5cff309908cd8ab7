import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { drawTexts, usePlainLayout } from './pdf-glyphs.ts';
import { fontFiles } from './pdf-table.ts';

type Layout = { glyphs: { id: number }[]; positions: Record<string, number>[]; advanceWidth: number };
const layoutOf = (doc: PDFKit.PDFDocument, text: string): Layout =>
  (doc as unknown as { _font: { layout(t: string): Layout } })._font.layout(text);

const texts = [
  'Müller-Lüdenscheidt von Wartensee',
  'Marjanović',
  'Nguyễn Zoë Léa Öztürk Häfliger',
  'AVAVA Te To Wa 1. T. 7,4',
  '+41 79 123 45 67',
  'bench.1234@example.ch',
  'Hardturmstrasse 171',
  '1’234.50',
  'Seite 12 von 558',
  'Total Mitgliederbeitrag – offen',
  // pdfkit's own layout: a ligature, a combining accent, Cyrillic.
  'Stiftung fiktiv',
  'Пётр',
  // Last: drawTexts draws a text with glyph offsets after its block.
  'Rene\u0301',
];

/** A document whose fonts lay out through pdfkit's shaping, and one with the plain layout. */
function docs(font: keyof typeof fontFiles): [PDFKit.PDFDocument, PDFKit.PDFDocument] {
  const shaped = new PDFDocument({ compress: false });
  shaped.font(fontFiles[font]);
  const plain = new PDFDocument({ compress: false });
  plain.font(fontFiles[font]);
  usePlainLayout(plain, fontFiles[font]);
  return [shaped, plain];
}

describe('plain glyph layout', () => {
  it.each(['regular', 'bold'] as const)('lays out %s text exactly as pdfkit shapes it', (font) => {
    const [shaped, plain] = docs(font);
    for (const text of texts) {
      const a = layoutOf(shaped, text);
      const b = layoutOf(plain, text);
      expect(
        b.glyphs.map((g) => g.id),
        text,
      ).toEqual(a.glyphs.map((g) => g.id));
      expect(b.positions, text).toEqual(a.positions);
      expect(b.advanceWidth, text).toBeCloseTo(a.advanceWidth, 9);
    }
  });

  it('writes the same glyphs and kerning as doc.text', async () => {
    const operators = async (how: 'text' | 'block') => {
      const [shaped, plain] = docs('regular');
      const doc = how === 'text' ? shaped : plain;
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise((resolve) => doc.on('end', resolve));
      doc.fontSize(7.5);
      if (how === 'text') texts.forEach((text, i) => doc.text(text, 40, 40 + 12 * i, { lineBreak: false }));
      else
        drawTexts(
          doc,
          texts.map((text, i) => ({ text, x: 40, y: 40 + 12 * i })),
        );
      doc.end();
      await done;
      // The text operators only: where each text starts, its glyphs with their kerning.
      return Buffer.concat(chunks)
        .toString('latin1')
        .match(/1 0 0 1 [\d.]+ [\d.]+ Tm|\[[^\]]*\] TJ/g);
    };
    const expected = await operators('text');
    expect(expected?.length).toBeGreaterThanOrEqual(2 * texts.length);
    expect(await operators('block')).toEqual(expected);
  });
});
