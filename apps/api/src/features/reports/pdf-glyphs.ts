/**
 * Glyphs for the table PDFs without running the OpenType layout for every word.
 *
 * pdfkit lays out each word (up to and including a space) through fontkit's full shaping
 * (substitutions, positioning) and keeps every word's result for the life of the document.
 * Over 10,000 members nearly every e-mail address, member number, date and phone number is
 * a word of its own: the shaping was about a third of a report's CPU time, and the kept
 * results (with the garbage of making them) most of the memory it grew by.
 *
 * For the text of these reports (Latin letters, digits, punctuation) shaping comes down to
 * each character's glyph plus the kerning between neighbours, and both can be asked of
 * fontkit once per character and once per pair: the same shaping, on two characters, gives
 * the pair's kerning. Whatever does not come out as plain glyph-plus-kerning (a ligature
 * such as «fi», a combining accent, another script) is left to pdfkit's own layout, for
 * the whole text. Glyph ids and positions are those pdfkit would have written.
 */

interface FontkitGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface FontkitPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface FontkitFont {
  glyphForCodePoint(codePoint: number): FontkitGlyph;
  layout(text: string, features?: string[], script?: string): { glyphs: FontkitGlyph[]; positions: FontkitPosition[] };
}
interface Position extends FontkitPosition {
  advanceWidth: number;
}
interface Layout {
  glyphs: FontkitGlyph[] | null;
  positions: Position[] | null;
  advanceWidth: number;
}
/** The parts of pdfkit's EmbeddedFont used here (not in its published types). */
interface EmbeddedFont {
  font?: FontkitFont;
  scale: number;
  layout(text: string, features?: unknown, onlyWidth?: boolean): Layout;
  subset: { includeGlyph(id: number): number };
  widths: (number | undefined)[];
  unicode: (number[] | undefined)[];
  /** Set by usePlainLayout; `hex`: a glyph's id in the document's subset, as written. */
  plain?: { font: FontkitFont; metrics: Metrics; hex: Map<number, string> };
}

/** Characters the plain layout may take: Latin letters, digits, punctuation, spaces. */
const PLAIN = /^[\p{Script=Latin}\p{Script=Common}]$/u;
const LATIN = /^\p{Script=Latin}$/u;

interface Glyph extends FontkitGlyph {
  codePoint: number;
  /** A Latin letter: fontkit shapes a word with one as Latin, a word without as "common". */
  latin: boolean;
}

/** Per font file: kept across documents (a report opens the font anew each time). */
interface Metrics {
  /** By code point; null: not plain (pdfkit lays out texts with it). */
  glyphs: Map<number, Glyph | null>;
  /** Kerning after the first glyph of a pair, in font units, by pairKey; null: not plain. */
  kerning: Map<number, number | null>;
}
const metricsByFont = new Map<string, Metrics>();

const pairKey = (a: number, b: number, latin: boolean) => a * 131_072 + b * 2 + (latin ? 1 : 0);

function glyphOf(font: FontkitFont, metrics: Metrics, codePoint: number): Glyph | null {
  let glyph = metrics.glyphs.get(codePoint);
  if (glyph === undefined) {
    const ch = String.fromCodePoint(codePoint);
    glyph = null;
    if (PLAIN.test(ch)) {
      const cmap = font.glyphForCodePoint(codePoint);
      const run = font.layout(ch);
      const [only] = run.glyphs;
      const [at] = run.positions;
      if (
        run.glyphs.length === 1 &&
        only?.id === cmap.id &&
        at?.xAdvance === cmap.advanceWidth &&
        !at.xOffset &&
        !at.yOffset &&
        !at.yAdvance
      ) {
        glyph = { id: cmap.id, advanceWidth: cmap.advanceWidth, codePoints: cmap.codePoints, codePoint, latin: LATIN.test(ch) };
      }
    }
    metrics.glyphs.set(codePoint, glyph);
  }
  return glyph;
}

function kerningOf(font: FontkitFont, metrics: Metrics, a: Glyph, b: Glyph, latin: boolean): number | null {
  const key = pairKey(a.id, b.id, latin);
  let kern = metrics.kerning.get(key);
  if (kern === undefined) {
    const pair = String.fromCodePoint(a.codePoint, b.codePoint);
    const run = latin ? font.layout(pair, [], 'latn') : font.layout(pair);
    const [first, second] = run.positions;
    const plain =
      run.glyphs.length === 2 &&
      run.glyphs[0]?.id === a.id &&
      run.glyphs[1]?.id === b.id &&
      first !== undefined &&
      second !== undefined &&
      second.xAdvance === b.advanceWidth &&
      !first.xOffset &&
      !first.yOffset &&
      !first.yAdvance &&
      !second.xOffset &&
      !second.yOffset &&
      !second.yAdvance;
    kern = plain ? first.xAdvance - a.advanceWidth : null;
    metrics.kerning.set(key, kern);
  }
  return kern;
}

/** As pdfkit writes numbers into content streams. */
const num = (n: number) => Math.round(n * 1e6) / 1e6;

const SPACE = 32;
const TAB = 9;

/** The glyphs of the last plainRun and the kerning after each (font units); reused, not kept. */
const run = { glyphs: [] as Glyph[], kerns: [] as number[], length: 0 };

/**
 * The text's glyphs and kerning as pdfkit's EmbeddedFont.layout would lay it out (words
 * split after spaces and tabs, each shaped on its own, so no kerning across a word's end)
 * into `run`; false when it is not plain text.
 */
function plainRun(font: FontkitFont, metrics: Metrics, text: string): boolean {
  const { glyphs, kerns } = run;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const codePoint = text.codePointAt(i) ?? 0;
    if (codePoint > 0xffff) i++;
    const glyph = glyphOf(font, metrics, codePoint);
    if (!glyph) return false;
    glyphs[n] = glyph;
    kerns[n] = 0;
    n += 1;
  }
  run.length = n;
  let start = 0;
  while (start < n) {
    // One word: up to and including the next space or tab.
    let end = start;
    let latin = false;
    for (;;) {
      const glyph = glyphs[end] as Glyph;
      latin ||= glyph.latin;
      end += 1;
      if (end >= n || glyph.codePoint === SPACE || glyph.codePoint === TAB) break;
    }
    for (let i = start; i + 1 < end; i++) {
      const kern = kerningOf(font, metrics, glyphs[i] as Glyph, glyphs[i + 1] as Glyph, latin);
      if (kern === null) return false;
      kerns[i] = kern;
    }
    start = end;
  }
  return true;
}

/** The text laid out as pdfkit's EmbeddedFont.layout returns it, or null when it is not plain text. */
function plainLayout(font: FontkitFont, metrics: Metrics, scale: number, text: string, onlyWidth: boolean): Layout | null {
  if (!plainRun(font, metrics, text)) return null;
  const glyphs: FontkitGlyph[] | null = onlyWidth ? null : [];
  const positions: Position[] | null = onlyWidth ? null : [];
  let total = 0;
  for (let i = 0; i < run.length; i++) {
    const glyph = run.glyphs[i] as Glyph;
    const advance = glyph.advanceWidth + (run.kerns[i] as number);
    total += advance;
    if (glyphs && positions) {
      glyphs.push(glyph);
      positions.push({ xAdvance: advance * scale, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: glyph.advanceWidth * scale });
    }
  }
  return { glyphs, positions, advanceWidth: total * scale };
}

/**
 * Makes the document's current font lay out plain text as above (once per font of a
 * document); `key` names the font file, for metrics kept across documents.
 */
export function usePlainLayout(doc: PDFKit.PDFDocument, key: string): void {
  const embedded = (doc as unknown as { _font?: EmbeddedFont })._font;
  const font = embedded?.font;
  if (!embedded || !font || embedded.plain) return;
  let metrics = metricsByFont.get(key);
  if (!metrics) {
    metrics = { glyphs: new Map(), kerning: new Map() };
    metricsByFont.set(key, metrics);
  }
  const shaped = embedded.layout.bind(embedded);
  const kept = metrics;
  embedded.layout = (text, features, onlyWidth) =>
    (features ? null : plainLayout(font, kept, embedded.scale, text, onlyWidth === true)) ?? shaped(text, features, onlyWidth);
  embedded.plain = { font, metrics, hex: new Map() };
}

/**
 * The content being written by drawTexts, as bytes: building it as strings glyph by glyph
 * allocated several times the size of the file in short-lived strings.
 */
const out = { bytes: Buffer.allocUnsafe(1 << 16), length: 0 };

/** Appends text of ASCII characters (operators, numbers, hex). */
function put(text: string): void {
  if (out.length + text.length > out.bytes.length) {
    const larger = Buffer.allocUnsafe(Math.max(2 * out.bytes.length, out.length + text.length));
    out.bytes.copy(larger, 0, 0, out.length);
    out.bytes = larger;
  }
  for (let i = 0; i < text.length; i++) out.bytes[out.length++] = text.charCodeAt(i);
}

/**
 * Appends the TJ operator of a plain text as pdfkit's _fragment writes it (a segment of glyph
 * ids ends after each kerned glyph), or returns false when the text is not plain. Each glyph
 * is added to the font's subset as pdfkit's EmbeddedFont.encode adds it.
 */
function putPlainTJ(embedded: EmbeddedFont, text: string): boolean {
  const plain = embedded.plain;
  if (!plain || !plainRun(plain.font, plain.metrics, text) || run.length === 0) return false;
  const { scale } = embedded;
  put('[<');
  for (let i = 0; i < run.length; i++) {
    const glyph = run.glyphs[i] as Glyph;
    let hex = plain.hex.get(glyph.id);
    if (hex === undefined) {
      const gid = embedded.subset.includeGlyph(glyph.id);
      hex = `0000${gid.toString(16)}`.slice(-4);
      embedded.widths[gid] ??= glyph.advanceWidth * scale;
      embedded.unicode[gid] ??= glyph.codePoints;
      plain.hex.set(glyph.id, hex);
    }
    put(hex);
    const kern = run.kerns[i] as number;
    if (kern !== 0) {
      put(`> ${num(-((glyph.advanceWidth + kern) * scale - glyph.advanceWidth * scale))}`);
      if (i + 1 < run.length) put(' <');
    }
  }
  // pdfkit ends the last segment with its glyph's kerning: 0, as nothing follows it in its word.
  put(run.kerns[run.length - 1] === 0 ? '> 0] TJ\n' : '] TJ\n');
  return true;
}

/** A line of text at (x, y), y its top as in doc.text. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
}

/** The parts of pdfkit's document used by drawTexts (not in its published types). */
interface DocInternals {
  _font: EmbeddedFont & { id: string; ascender: number; ref(): unknown; encode(text: string): [string[], Position[]] };
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string | Uint8Array): unknown;
}

/**
 * Draws the texts in the current font, size and fill colour, each on one line without
 * wrapping, exactly as `doc.text(text, x, y, { lineBreak: false })` places them, but as one
 * block of text operators instead of a saved and restored graphics state per text (pdfkit's
 * own bookkeeping per call was the larger part of drawing a table row). A text whose glyphs
 * need offsets (a combining accent) goes through doc.text.
 */
export function drawTexts(doc: PDFKit.PDFDocument, texts: readonly PlacedText[]): void {
  const d = doc as unknown as DocInternals;
  const font = d._font;
  const size = d._fontSize;
  const height = d.page.height;
  const dy = (font.ascender / 1000) * size;
  const apart: PlacedText[] = [];
  out.length = 0;
  put(`q\n1 0 0 -1 0 ${num(height)} cm\nBT\n/${font.id} ${num(size)} Tf\n`);
  const head = out.length;
  for (const { text, x, y } of texts) {
    if (!text) continue;
    const at = out.length;
    put(`1 0 0 1 ${num(x)} ${num(height - y - dy)} Tm\n`);
    if (putPlainTJ(font, text)) continue;
    const [encoded, positions] = font.encode(text);
    if (positions.some((p) => p.xOffset || p.yOffset)) {
      out.length = at;
      apart.push({ text, x, y });
      continue;
    }
    // The TJ array as pdfkit's _fragment builds it: a segment ends after each kerned glyph.
    const commands: string[] = [];
    let last = 0;
    const segment = (cur: number) => {
      if (last < cur) {
        const p = positions[cur - 1] as Position;
        commands.push(`<${encoded.slice(last, cur).join('')}> ${num(-(p.xAdvance - p.advanceWidth))}`);
      }
      last = cur;
    };
    positions.forEach((p, i) => {
      if (p.xAdvance - p.advanceWidth !== 0) segment(i + 1);
    });
    segment(positions.length);
    put(`[${commands.join(' ')}] TJ\n`);
  }
  if (out.length > head) {
    put('ET\nQ\n');
    d.page.fonts[font.id] ??= font.ref();
    // pdfkit keeps the chunk until the page ends: a copy, the buffer is used again.
    d.addContent(Buffer.from(out.bytes.subarray(0, out.length)));
  }
  for (const { text, x, y } of apart) doc.text(text, x, y, { lineBreak: false });
}
