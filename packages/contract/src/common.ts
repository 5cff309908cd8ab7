import './locale.ts';
import { z } from 'zod';
import { todayInZurich } from './dates.ts';

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

/**
 * Money in an answer: stored amounts and sums as they are, never capped (a club's totals pass one
 * million; a bank line may be large). Requests keep `moneySchema`'s limits.
 */
export const storedMoneySchema = z.object({ currency: z.literal('CHF'), amount: z.number().finite() });

/**
 * How members pay for a game group's tickets or an event's places: `INVOICE` (the billing run
 * bills them, «Rechnung folgt») or `ON_SITE` (never billed, «zahlbar vor Ort»).
 */
export const paymentModeSchema = z.enum(['INVOICE', 'ON_SITE'], { error: 'Zahlungsart: Rechnung (INVOICE) oder vor Ort (ON_SITE).' });
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** A payment's amount: more than zero (the form checks the number, the body the whole money object). */
/**
 * The amount of a fee the club bills (season fees, a delivery option's fee): 0 (nothing billed)
 * or at least CHF 1.00 in steps of 5 Rappen (what can be paid in cash and is worth an invoice).
 */
export const feeAmount = moneySchema.shape.amount.refine(
  (amount) => {
    const rappen = Math.round(amount * 100);
    return rappen === 0 || (rappen >= 100 && rappen % 5 === 0);
  },
  { error: 'Gebühren sind 0 oder mindestens CHF 1.00, in Schritten von 5 Rappen (z. B. 35.05 oder 35.10).' },
);
export const feeSchema = moneySchema.extend({ amount: feeAmount });

export const positiveAmount = { check: (amount: number) => amount > 0, error: 'Der Betrag muss grösser als 0 sein.' } as const;

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
const FORBIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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

/** A rule whose breach makes a request malformed (400) rather than a wrong value (422). */
const MALFORMED_ISSUE = { malformed: true } as const;

/** Whether a zod issue comes from a rule marked malformed (a line break in a header-bound text). */
export function isMalformedIssue(issue: { code: string; params?: unknown }): boolean {
  return issue.code === 'custom' && (issue.params as { malformed?: unknown } | undefined)?.malformed === true;
}

/** Line breaks and tabs, also Unicode's own line and paragraph separators. */
const LINE_BREAKS = /[\r\n\t\u0085\u2028\u2029]/;

/**
 * Whether a text fits on one header line: valid Unicode without any control character (NUL, the
 * other C0 and C1 controls, tab, CR, LF) and without Unicode's line and paragraph separators.
 */
export function isOneLine(value: string): boolean {
  return isCleanText(value) && !LINE_BREAKS.test(value);
}

/**
 * The one rule of every text that ends up in a mail header (a subject, a name beside an address,
 * an address itself) or a file name: one line. A CR or LF there could start a header of its own,
 * so any control character is refused with 400 (the issue is marked malformed), never removed.
 */
export function oneLine(label: string) {
  return {
    error: `${label}: Bitte auf einer Zeile, ohne Zeilenumbrüche, Tabulatoren und andere Steuerzeichen.`,
    abort: true,
    params: MALFORMED_ISSUE,
  } as const;
}

/** Text that ends up in a mail header or a file name: one line (`oneLine`), trimmed, bounded. */
export function lineText(label: string, max: number) {
  return z
    .string({ error: `${label}: Bitte einen Text angeben.` })
    .refine(isOneLine, oneLine(label))
    .trim()
    .max(max, { error: `${label}: Höchstens ${max} Zeichen.` });
}
export function requiredLineText(label: string, max: number) {
  return lineText(label, max).refine((s) => s.length > 0, { error: `${label}: Bitte ausfüllen.` });
}

/** Whole number within bounds; a fraction is an invalid value (422), not a wrong type. */
export function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label}: Bitte eine Zahl angeben.` })
    .refine((n) => Number.isInteger(n), { error: `${label}: Bitte eine ganze Zahl angeben.` })
    .refine((n) => n >= min, { error: `${label}: Mindestens ${min}.` })
    .refine((n) => n <= max, { error: `${label}: Höchstens ${max.toLocaleString('de-CH')}.` });
}

// ---------------------------------------------------------------------------
// Base validators of a person: name, e-mail, phone, birth date, address.
// Every request schema takes these (with `.pick`/`.extend`), so a public application, the
// member's own account and the board's member form accept and refuse the same values: an
// accepted application is never refused when the board later edits the member.
// Names and address parts only take the characters they need, so markup or statement
// fragments are refused with a German field message.

const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
const ADDRESS_PATTERN = /^[\p{L}\p{M}\p{N} .,'’/-]*$/u;
const HOUSE_NUMBER_PATTERN = /^[\p{L}\p{N} ./-]*$/u;
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9 -]*$/;
const PHONE_PATTERN = /^\+?[0-9 ()/.-]+$/;

/** A first or last name: letters, spaces, apostrophes, dots and hyphens. */
export function personName(label: string, max = 60) {
  return requiredText(label, max).refine((s) => s === '' || NAME_PATTERN.test(s), {
    error: `${label}: Bitte nur Buchstaben, Leerzeichen, Apostroph, Punkt und Bindestrich verwenden.`,
  });
}

/** An e-mail address (it goes into the To or Reply-To header): one line, trimmed, required, at most 254 characters. */
export const emailSchema = z
  .string({ error: 'E-Mail: Bitte eine E-Mail-Adresse angeben.' })
  .refine(isOneLine, oneLine('E-Mail'))
  .trim()
  .min(1, { error: 'E-Mail: Bitte ausfüllen.' })
  .max(254, { error: 'E-Mail: Höchstens 254 Zeichen.' })
  .pipe(z.email({ error: 'E-Mail: Bitte eine gültige E-Mail-Adresse angeben.' }));

/**
 * A phone number: digits, spaces and + ( ) - / . with 6 to 20 digits; '' when none is given.
 * `invalid` replaces the messages for a wrong number (the public form words them with an example).
 */
export function phone(label: string, invalid?: string) {
  return text(label, 30)
    .refine((s) => s === '' || PHONE_PATTERN.test(s), {
      error: invalid ?? `${label}: Bitte nur Ziffern, Leerzeichen und + ( ) - / verwenden.`,
      abort: true,
    })
    .refine(
      (s) => {
        if (s === '') return true;
        const digits = s.replace(/\D/g, '').length;
        return digits >= 6 && digits <= 20;
      },
      { error: invalid ?? `${label}: Eine Telefonnummer hat 6 bis 20 Ziffern.` },
    );
}

/** A phone number of a member's record: empty means none (null). */
export function phoneNumber(label: string) {
  return phone(label).transform((s) => (s === '' ? null : s));
}

/**
 * A business date a person enters that has already happened (`YYYY-MM-DD`): from `earliest`, not
 * after today in Zurich (the same day in the browser and on the server).
 */
export function pastDate(label: string, earliest: string) {
  return z
    .string({ error: `${label}: Bitte ein Datum angeben.` })
    .trim()
    .min(1, { error: `${label}: Bitte ausfüllen.` })
    .pipe(z.iso.date({ error: `${label}: Bitte ein gültiges Datum angeben.` }))
    .refine((d) => d >= earliest, { error: `${label}: Bitte ein Datum ab ${earliest.slice(0, 4)} angeben.` })
    .refine((d) => d <= todayInZurich(), { error: `${label}: Das Datum liegt in der Zukunft.` });
}

export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** A date of birth: from 1900, not in the future. */
export const birthDateSchema = pastDate('Geburtsdatum', EARLIEST_BIRTH_DATE);

/** A person as an application and the board's member form name them (`.shape` to compose a body). */
export const personSchema = z.object({
  firstName: personName('Vorname'),
  lastName: personName('Nachname'),
  email: emailSchema,
  dateOfBirth: birthDateSchema,
});

/** A Swiss postal code has four digits (1000–9658); other countries keep their own formats. An empty one is `requiredText`'s to report. */
export function checkSwissPostalCode(address: { country: string; postalCode: string }, ctx: z.RefinementCtx): void {
  if (address.country === 'CH' && address.postalCode !== '' && !/^[1-9][0-9]{3}$/.test(address.postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'PLZ: Schweizer Postleitzahlen haben vier Ziffern.' });
  }
}

function addressPart(label: string, max: number, required: boolean) {
  const base = required ? requiredText(label, max) : text(label, max);
  return base.refine((s) => ADDRESS_PATTERN.test(s), {
    error: `${label}: Bitte nur Buchstaben, Ziffern, Leerzeichen und . , ' - / verwenden.`,
  });
}

/** The fields of an address as a person enters it (docs/domain-rules.md «Wire names»), without the cross-field rule. */
export const addressFields = {
  street: addressPart('Strasse', 100, true),
  houseNumber: text('Hausnummer', 16)
    .refine((s) => HOUSE_NUMBER_PATTERN.test(s), { error: 'Hausnummer: Bitte nur Buchstaben, Ziffern und - / verwenden.' })
    .default(''),
  addressLine2: addressPart('Adresszusatz', 100, false).default(''),
  postalCode: requiredText('PLZ', 16).refine((s) => POSTAL_CODE_PATTERN.test(s), {
    error: 'PLZ: Bitte nur Ziffern und Buchstaben verwenden.',
  }),
  city: addressPart('Ort', 80, true),
  country: z
    .string({ error: 'Land: Bitte einen zweistelligen Ländercode angeben (z. B. CH).' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Land: Bitte einen zweistelligen Ländercode angeben (z. B. CH).' })
    .default('CH'),
};

/**
 * The one address input: a member's own change, the board's correction, an application and a
 * ticket delivery address. Swiss postal codes have four digits.
 */
export const addressSchema = z.object(addressFields, { error: 'Adresse: Bitte eine Adresse angeben.' }).superRefine(checkSwissPostalCode);
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/** An address as the server sends it back: stored values, not checked again. */
export const storedAddressSchema = z.object({
  street: z.string(),
  houseNumber: z.string(),
  addressLine2: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});
export type StoredAddress = z.infer<typeof storedAddressSchema>;
