/**
 * Worksheet names: Excel allows at most 31 characters, none of `\ / ? * [ ] :`, no apostrophe
 * at either end, and no two names of a workbook that differ only in case. A longer name is
 * shortened word by word instead of cut off: the longest word loses letters first and ends in
 * a dot ("Heimspiele Qualifikation Sitzplätze 2026-27" → "Heimsp. Qualif. Sitzpl. 2026-27"), words
 * with digits (seasons, years) and short words stay whole. Only when that is not enough is the
 * end cut with «…».
 */

export const SHEET_NAME_MAX = 31;
const MIN_LETTERS = 3;

/** A name without the characters Excel refuses; "Tabelle" when nothing is left. */
function clean(wanted: string): string {
  return (
    wanted
      .replace(/[\\/?*[\]:]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '')
      .trim() || 'Tabelle'
  );
}

/** `name` shortened meaningfully to at most `max` characters. */
export function shortenSheetName(wanted: string, max = SHEET_NAME_MAX): string {
  const name = clean(wanted);
  if (name.length <= max) return name;
  const words = name.split(' ').map((text) => ({
    text,
    // Letters kept; a word with digits or of a few letters is never shortened.
    keep: text.length,
    canShorten: /^\p{L}+$/u.test(text) && text.length > MIN_LETTERS + 1,
  }));
  const shown = (w: (typeof words)[number]) => (w.keep < w.text.length ? `${w.text.slice(0, w.keep)}.` : w.text);
  const length = () => words.reduce((sum, w) => sum + shown(w).length, 0) + words.length - 1;
  while (length() > max) {
    let longest: (typeof words)[number] | undefined;
    for (const w of words) {
      if (w.canShorten && w.keep > MIN_LETTERS && (!longest || shown(w).length > shown(longest).length)) longest = w;
    }
    if (!longest) break;
    // The first step drops two letters for the dot; each further one a letter.
    longest.keep = longest.keep === longest.text.length ? longest.text.length - 2 : longest.keep - 1;
  }
  const short = words.map(shown).join(' ');
  if (short.length <= max) return short;
  return `${short.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A valid worksheet name not yet in `used` (lower case names; the chosen one is added): the
 * shortened name, or with " (2)", " (3)"... when a sheet of that name exists already.
 */
export function sheetName(wanted: string, used: Set<string>): string {
  let name = shortenSheetName(wanted);
  for (let i = 2; used.has(name.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    name = `${shortenSheetName(wanted, SHEET_NAME_MAX - suffix.length)}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}
