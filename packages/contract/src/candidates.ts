import './locale.ts';
import { z } from 'zod';
import { addressSchema, checkSwissPostalCode, idParam, isoDate, isoDateTime, text } from './common.ts';
import { personName } from './member.ts';

/** PENDING until the board decides; ACCEPTED and REJECTED are final. */
export const candidateStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'REJECTED'], {
  error: 'Status: Bitte PENDING, ACCEPTED oder REJECTED angeben.',
});
export type CandidateStatus = z.infer<typeof candidateStatusSchema>;

export const candidateStatusLabels: Record<CandidateStatus, string> = {
  PENDING: 'Offen',
  ACCEPTED: 'Aufgenommen',
  REJECTED: 'Abgelehnt',
};

/** ONLINE: the public form; PAPER: entered by the board. */
export const candidateSourceSchema = z.enum(['ONLINE', 'PAPER']);
export type CandidateSource = z.infer<typeof candidateSourceSchema>;

/** Today's date in Zurich as `YYYY-MM-DD` (browser and server alike). */
function zurichIsoToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const CANDIDATE_EARLIEST_BIRTH_DATE = '1900-01-01';

/** The same name rules as the board's member form: an accepted application becomes member data. */
function name(label: string) {
  return personName(label, 60);
}

function phone(label: string) {
  return text(label, 30)
    .refine((s) => s === '' || /^\+?[0-9][0-9 ()/.-]{4,27}[0-9]$/.test(s), {
      error: `${label}: Bitte eine gültige Telefonnummer angeben, z. B. 079 123 45 67.`,
    })
    .default('');
}

export const candidateEmailSchema = z
  .string({ error: 'E-Mail: Bitte eine E-Mail-Adresse angeben.' })
  .trim()
  .min(1, { error: 'E-Mail: Bitte ausfüllen.' })
  .max(254, { error: 'E-Mail: Höchstens 254 Zeichen.' })
  .pipe(z.email({ error: 'E-Mail: Bitte eine gültige E-Mail-Adresse angeben.' }));

export const candidateBirthDateSchema = z
  .string({ error: 'Geburtsdatum: Bitte ein Datum angeben.' })
  .trim()
  .min(1, { error: 'Geburtsdatum: Bitte ausfüllen.' })
  .pipe(z.iso.date({ error: 'Geburtsdatum: Bitte ein gültiges Datum angeben.' }))
  .refine((d) => d >= CANDIDATE_EARLIEST_BIRTH_DATE, { error: 'Geburtsdatum: Bitte ein Datum ab 1900 angeben.' })
  .refine((d) => d <= zurichIsoToday(), { error: 'Geburtsdatum: Das Datum liegt in der Zukunft.' });

/** The address of an application: Swiss postal codes have four digits. */
export const candidateAddressSchema = z.object(addressSchema.shape, { error: 'Adresse: Bitte eine Adresse angeben.' }).superRefine(checkSwissPostalCode);

/**
 * Body of `POST /api/v1/candidates` and of the board's `POST/PUT .../members/candidates`
 * (DESIGN.md §8). Checked in the browser and on the server with this one schema.
 */
export const candidateInputSchema = z.object(
  {
    firstName: name('Vorname'),
    lastName: name('Nachname'),
    email: candidateEmailSchema,
    dateOfBirth: candidateBirthDateSchema,
    address: candidateAddressSchema,
    mobile: phone('Mobile'),
    landLine: phone('Festnetz'),
    remarks: text('Bemerkungen', 2000).default(''),
  },
  { error: 'Bitte die Angaben zum Antrag senden.' },
);
export type CandidateInput = z.input<typeof candidateInputSchema>;
export type CandidateData = z.output<typeof candidateInputSchema>;

/**
 * The public form adds a honeypot field `website`: hidden from people and screen readers,
 * so only robots fill it. A filled honeypot gets the same answer, but nothing is stored or sent.
 */
export const candidateApplicationSchema = candidateInputSchema.extend({
  website: z.unknown().optional(),
});
export type CandidateApplicationInput = z.input<typeof candidateApplicationSchema>;
export type CandidateApplicationData = z.output<typeof candidateApplicationSchema>;

/** The board may date a paper application back to the day it arrived (default today). */
export const candidateAdminInputSchema = candidateInputSchema.extend({
  applicationDate: z
    .string({ error: 'Antragsdatum: Bitte ein Datum angeben.' })
    .pipe(z.iso.date({ error: 'Antragsdatum: Bitte ein gültiges Datum angeben.' }))
    .refine((d) => d >= '2000-01-01', { error: 'Antragsdatum: Bitte ein Datum ab 2000 angeben.' })
    .refine((d) => d <= zurichIsoToday(), { error: 'Antragsdatum: Das Datum liegt in der Zukunft.' })
    .optional(),
});
export type CandidateAdminInput = z.input<typeof candidateAdminInputSchema>;
export type CandidateAdminData = z.output<typeof candidateAdminInputSchema>;

/** Answer to the public form: what the applicant needs for the confirmation screen. */
export const candidateReceiptSchema = z.object({
  firstName: z.string(),
  email: z.string(),
  applicationDate: isoDate,
});
export type CandidateReceipt = z.infer<typeof candidateReceiptSchema>;

/** Body of `.../candidates/{id}/accept` and `.../reject` (SPEC.md §7: "body id"). */
export const candidateDecisionSchema = z.object({ id: idParam });

export const candidateListQuery = z.object({ status: candidateStatusSchema.optional() });

/** A hint that the e-mail address is known already: a member, or another open application. */
export const candidateDuplicateSchema = z.object({
  kind: z.enum(['MEMBER', 'CANDIDATE']),
  id: z.number(),
  name: z.string(),
});
export type CandidateDuplicate = z.infer<typeof candidateDuplicateSchema>;

export const candidateAddressOutSchema = z.object({
  street: z.string(),
  houseNumber: z.string(),
  addressLine2: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

/** A candidate as the board sees it (list and detail). */
export const candidateSchema = z.object({
  id: z.number(),
  applicationDate: isoDate,
  status: candidateStatusSchema,
  source: candidateSourceSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  dateOfBirth: isoDate,
  address: candidateAddressOutSchema,
  mobile: z.string(),
  landLine: z.string(),
  remarks: z.string(),
  decidedAt: isoDateTime.nullable(),
  decidedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The member created by accepting the application. */
  memberId: z.number().nullable(),
  memberUsername: z.string().nullable(),
  /** Only for open applications. */
  duplicateOf: candidateDuplicateSchema.nullable(),
});
export type Candidate = z.infer<typeof candidateSchema>;
