/** A new member's username: derived from the name, numbered when taken (accepted applications, the import). */

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };
const MAX_PART = 30;

function asciiPart(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[äöüßæœøłđþ]/g, (c) => GERMAN[c] ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s'’_-]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, MAX_PART)
    .replace(/-$/, '');
}

/** `Lara Meier` → `lara.meier`; `Zoë Müller-Kälin` → `zoe.mueller-kaelin`; lower-case ASCII only. */
export function usernameBase(firstName: string, lastName: string): string {
  const parts = [asciiPart(firstName), asciiPart(lastName)].filter(Boolean);
  return parts.length ? parts.join('.') : 'mitglied';
}

/** The base itself, or the base with the smallest number from 2 that is not taken (`lara.meier2`). */
export function pickUsername(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((u) => u.toLowerCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
