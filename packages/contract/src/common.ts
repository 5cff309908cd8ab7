import './locale.ts';
import { z } from 'zod';

/** How an id is written: a canonical positive decimal number (no sign, no leading zero, no `0x1`, no `1.0`). */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/**
 * Positive integer id in a path (`/games/7`), a query or a body. A string must be the id
 * written canonically; anything else (`0x1`, `+1`, ` 1`, `1.0`, `01`) is refused, never read
 * as a number. A JSON number must be a positive integer.
 */
export const idParam = z.preprocess(
  (value) => (typeof value === 'string' && ID_PATTERN.test(value) ? Number(value) : value),
  z
    .number({ error: 'Ungültige Nummer.' })
    .int({ error: 'Ungültige Nummer.' })
    .positive({ error: 'Ungültige Nummer.' })
    .max(2_147_483_647, { error: 'Ungültige Nummer.' }),
);
export const idParams = z.object({ id: idParam });

/** ISO date `YYYY-MM-DD`. */
export const isoDate = z.iso.date({ error: 'Bitte ein gültiges Datum angeben (JJJJ-MM-TT).' });
/** ISO timestamp with offset. */
export const isoDateTime = z.iso.datetime({ offset: true, error: 'Bitte einen gültigen Zeitpunkt angeben.' });

/** Money on the wire: `{ currency: 'CHF', amount: 35.5 }`; Rappen inside. */
export const moneySchema = z.object({
  currency: z.literal('CHF', { error: 'Nur CHF wird unterstützt.' }),
  amount: z
    .number({ error: 'Bitte einen Betrag angeben.' })
    .min(0, { error: 'Der Betrag darf nicht negativ sein.' })
    .max(1_000_000, { error: 'Der Betrag ist zu gross.' })
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: 'Höchstens zwei Nachkommastellen.',
    }),
});
export type Money = z.infer<typeof moneySchema>;

/** The search text of a paged list (`?q=`): trimmed, at most 100 characters, empty by default. */
export const searchQuery = z
  .string({ error: 'Suche: Bitte einen Text angeben.' })
  .trim()
  .max(100, { error: 'Suche: Höchstens 100 Zeichen.' })
  .default('');

/** The page of a paged list (`?page=`), from 1. */
export const pageQuery = z.coerce
  .number({ error: 'Seite: Bitte eine Zahl angeben.' })
  .int({ error: 'Seite: Bitte eine ganze Zahl angeben.' })
  .min(1, { error: 'Seite: Mindestens 1.' })
  .max(100_000, { error: 'Seite: Zu gross.' })
  .default(1);

/** The page size of a paged list (`?pageSize=`), at most `max`. */
export function pageSizeQuery(max: number, byDefault: number) {
  return z.coerce
    .number({ error: 'Seitengrösse: Bitte eine Zahl angeben.' })
    .int({ error: 'Seitengrösse: Bitte eine ganze Zahl angeben.' })
    .min(1, { error: 'Seitengrösse: Mindestens 1.' })
    .max(max, { error: `Seitengrösse: Höchstens ${max}.` })
    .default(byDefault);
}

export const roleSchema = z.enum(['MEMBER', 'MEMBER_OF_THE_BOARD']);
export type Role = z.infer<typeof roleSchema>;

/**
 * Characters no text may contain: NUL and the other control characters (tab and line
 * breaks excepted), C1 controls, and lone UTF-16 surrogates (not Unicode at all; PostgreSQL
 * would store them as U+FFFD or refuse them in JSON).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string is valid Unicode without NUL or control characters (tab and line breaks allowed). */
export function isCleanText(value: string): boolean {
  return !FORBIDDEN_CHARACTERS.test(value);
}

/** Text that a person types: trimmed, bounded, valid Unicode, no control characters (refused, never changed). */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label}: Bitte einen Text angeben.` })
    .refine(isCleanText, { error: `${label}: Enthält ungültige Zeichen.`, abort: true })
    .trim()
    .max(max, { error: `${label}: Höchstens ${max} Zeichen.` });
}
export function requiredText(label: string, max: number) {
  return text(label, max).refine((s) => s.length > 0, { error: `${label}: Bitte ausfüllen.` });
}

/** A Swiss postal code has four digits (1000–9658); other countries keep their own formats. An empty one is `requiredText`'s to report. */
export function checkSwissPostalCode(address: { country: string; postalCode: string }, ctx: z.RefinementCtx): void {
  if (address.country === 'CH' && address.postalCode !== '' && !/^[1-9][0-9]{3}$/.test(address.postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'PLZ: Schweizer Postleitzahlen haben vier Ziffern.' });
  }
}

export const addressSchema = z.object({
  street: requiredText('Strasse', 100),
  houseNumber: text('Hausnummer', 16).default(''),
  addressLine2: text('Adresszusatz', 100).default(''),
  postalCode: requiredText('PLZ', 16),
  city: requiredText('Ort', 80),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Land: Bitte einen zweistelligen Ländercode angeben (z. B. CH).' })
    .default('CH'),
}).superRefine(checkSwissPostalCode);
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
