import './locale.ts';
import { z } from 'zod';
import {
  addressSchema,
  idParam,
  isoDate,
  isoDateTime,
  moneySchema,
  pastDate,
  personSchema,
  phone,
  storedAddressSchema,
  text,
} from './common.ts';
import { categoryIdField } from './seasons.ts';

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

/** The public form words a wrong phone number with an example. */
function candidatePhone(label: string) {
  return phone(label, `${label}: Bitte eine gültige Telefonnummer angeben, z. B. 079 123 45 67.`).default('');
}

/**
 * Body of `POST /api/v1/candidates` and of the board's `POST/PUT .../members/candidates`
 * (docs/domain-rules.md «Wire names»). Checked in the browser and on the server with this one schema.
 */
export const candidateInputSchema = z.object(
  {
    ...personSchema.shape,
    address: addressSchema,
    mobile: candidatePhone('Mobile'),
    landLine: candidatePhone('Festnetz'),
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
  /** The membership category of the current season the applicant chooses (left out: the season's default). */
  categoryId: categoryIdField.optional(),
  /** The required tick «Ich habe die Statuten gelesen». */
  statutesRead: z.literal(true, { error: 'Statuten: Bitte bestätigen Sie, dass Sie die Statuten gelesen haben.' }),
});
export type CandidateApplicationInput = z.input<typeof candidateApplicationSchema>;
export type CandidateApplicationData = z.output<typeof candidateApplicationSchema>;

/** The board may date a paper application back to the day it arrived (default today). */
export const candidateAdminInputSchema = candidateInputSchema.extend({
  applicationDate: pastDate('Antragsdatum', '2000-01-01').optional(),
});
export type CandidateAdminInput = z.input<typeof candidateAdminInputSchema>;
export type CandidateAdminData = z.output<typeof candidateAdminInputSchema>;

/**
 * `GET /api/v1/candidates/categories`: what a membership costs, for the public form: the season
 * covering today and its categories with their fees (none without a current season).
 */
export const membershipOfferSchema = z.object({
  seasonName: z.string().nullable(),
  categories: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      fee: moneySchema,
      /** admits applicants at most this old on the season's 1 May; null: any age */
      maxAge: z.number().int().nullable(),
      isDefault: z.boolean(),
    }),
  ),
});
export type MembershipOffer = z.infer<typeof membershipOfferSchema>;

/** Answer to the public form: what the applicant needs for the confirmation screen. */
export const candidateReceiptSchema = z.object({
  firstName: z.string(),
  email: z.string(),
  applicationDate: isoDate,
});
export type CandidateReceipt = z.infer<typeof candidateReceiptSchema>;

/** Body of `.../candidates/{id}/accept` and `.../reject` (docs/domain-rules.md «Wire names»: body `{ id }`). */
export const candidateDecisionSchema = z.object({ id: idParam });
/**
 * Body of the accept call: the id, the membership category (left out: the season's default) and,
 * with `confirmDuplicates: true`, the board's confirmation that the possible duplicates it was shown
 * are other people; without it, an application with any is a 409 POSSIBLE_DUPLICATE whose
 * `details.duplicates` lists them.
 */
export const candidateAcceptSchema = candidateDecisionSchema.extend({
  categoryId: categoryIdField.optional(),
  confirmDuplicates: z.boolean({ error: 'Bestätigung: Bitte ja oder nein angeben.' }).optional(),
  /**
   * Seasons after the current one the new member joins too, in the same transaction (next season,
   * when its renewal has run already): each in the category of the same name if it admits the
   * member's age, else in its default. Billed by that season's fee run.
   */
  laterSeasonIds: z
    .array(
      z
        .number({ error: 'Weitere Saisons: Bitte Saison-IDs als Zahlen senden.' })
        .int({ error: 'Weitere Saisons: Ungültige Saison.' })
        .positive({ error: 'Weitere Saisons: Ungültige Saison.' })
        .max(2_147_483_647, { error: 'Weitere Saisons: Ungültige Saison.' }),
      { error: 'Weitere Saisons: Bitte eine Liste von Saison-IDs senden.' },
    )
    .max(5, { error: 'Weitere Saisons: Höchstens 5 Saisons.' })
    .optional(),
});
export type CandidateAccept = z.input<typeof candidateAcceptSchema>;

export const candidateListQuery = z.object({ status: candidateStatusSchema.optional() });

/**
 * A person the application may be a duplicate of: a member, or another open application, with
 * the same e-mail address (`EMAIL`) or the same first and last name and birth date (`NAME_AND_BIRTH_DATE`).
 */
export const candidateDuplicateSchema = z.object({
  kind: z.enum(['MEMBER', 'CANDIDATE']),
  id: z.number(),
  name: z.string(),
  reason: z.enum(['EMAIL', 'NAME_AND_BIRTH_DATE']),
});
export type CandidateDuplicate = z.infer<typeof candidateDuplicateSchema>;

export const candidateAddressOutSchema = storedAddressSchema;

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
  /** The category the applicant chose on the online form ('' = none: the season's default). */
  requestedCategory: z.string(),
  decidedAt: isoDateTime.nullable(),
  decidedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The member created by accepting the application. */
  memberId: z.number().nullable(),
  memberUsername: z.string().nullable(),
  /** Only for open applications: the first of `duplicates`. */
  duplicateOf: candidateDuplicateSchema.nullable(),
  /** Only for open applications: every possible duplicate, members first, oldest first. */
  duplicates: z.array(candidateDuplicateSchema),
});
export type Candidate = z.infer<typeof candidateSchema>;
