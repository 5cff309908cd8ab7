import { z } from 'zod';

/** Positive integer id in a path (`/games/7`). */
export const idParam = z.coerce
  .number({ error: 'Ungültige Nummer.' })
  .int({ error: 'Ungültige Nummer.' })
  .positive({ error: 'Ungültige Nummer.' })
  .max(2_147_483_647, { error: 'Ungültige Nummer.' });
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

export const roleSchema = z.enum(['MEMBER', 'MEMBER_OF_THE_BOARD']);
export type Role = z.infer<typeof roleSchema>;

/** Text that a person types: trimmed, bounded, no control characters. */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label}: Bitte einen Text angeben.` })
    .trim()
    .max(max, { error: `${label}: Höchstens ${max} Zeichen.` })
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), {
      error: `${label}: Enthält ungültige Zeichen.`,
    });
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
