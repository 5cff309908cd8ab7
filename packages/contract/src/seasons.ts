import './locale.ts';
import { z } from 'zod';
import { feeSchema, idParam, isoDate, moneySchema, requiredText, wholeNumber } from './common.ts';

const BODY_ERROR = 'Bitte die Angaben als JSON-Objekt senden.';

/** Invoices of one kind in a season: how many exist, how many are paid, and who is still to bill. */
export const feeRunStateSchema = z.object({
  /** members eligible for this fee in the season */
  eligible: z.number().int(),
  /** fee invoices issued (cancelled ones included: they are not billed again) */
  issued: z.number().int(),
  paid: z.number().int(),
  /** eligible members without an invoice of this kind yet: what a run would bill */
  toBill: z.number().int(),
});
export type FeeRunState = z.infer<typeof feeRunStateSchema>;

/** `GET /api/v1/admin/seasons/`: a season with what the seasons screen shows. */
export const seasonSchema = z.object({
  id: z.number(),
  name: z.string(),
  validFrom: isoDate,
  validTo: isoDate,
  membershipFee: moneySchema,
  parkingFee: moneySchema,
  /** added as an invoice line from the second reminder on (0: none) */
  reminderFee: moneySchema,
  /** the season covering today */
  current: z.boolean(),
  /** members with a membership in the season */
  memberCount: z.number().int(),
  /** memberships with a parking permit */
  parkingPermitCount: z.number().int(),
  membershipFees: feeRunStateSchema,
  parkingFees: feeRunStateSchema,
});
export type Season = z.infer<typeof seasonSchema>;

/** `POST /api/v1/admin/seasons/`: fees left out are taken from the previous season. */
export const seasonCreateSchema = z.object(
  {
    validFrom: isoDate.refine((d) => d.slice(5) === '05-01', { error: 'Beginn: Eine Saison beginnt am 1. Mai.' }),
    membershipFee: feeSchema.optional(),
    parkingFee: feeSchema.optional(),
    reminderFee: feeSchema.optional(),
  },
  { error: BODY_ERROR },
);
export type SeasonCreate = z.input<typeof seasonCreateSchema>;

/** `PUT /api/v1/admin/seasons/{id}`: the fees (issued invoices keep their amount). */
export const seasonUpdateSchema = z.object(
  {
    /** optional; when sent it must be the season's own start */
    validFrom: isoDate.optional(),
    membershipFee: feeSchema,
    parkingFee: feeSchema,
    /** absent: unchanged */
    reminderFee: feeSchema.optional(),
  },
  { error: BODY_ERROR },
);
export type SeasonUpdate = z.input<typeof seasonUpdateSchema>;

/** Body of renewals and fee runs: member ids; `[]` means every eligible member. */
export const memberIdListSchema = z
  .array(z.number({ error: 'Bitte Mitglieder-IDs als Zahlen senden.' }).int().positive().max(2_147_483_647), {
    error: 'Bitte eine Liste von Mitglieder-IDs senden.',
  })
  .max(100_000, { error: 'Höchstens 100’000 Einträge.' });
export type MemberIdList = z.input<typeof memberIdListSchema>;

/** Answer of renewals and fee runs. */
export const runResultSchema = z.object({ created: z.number().int(), existing: z.number().int() });
export type RunResult = z.infer<typeof runResultSchema>;

/** A membership category of the membership's season. */
export const categoryIdField = z
  .number({ error: 'Kategorie: Bitte eine Kategorie wählen.' })
  .int({ error: 'Kategorie: Ungültige Kategorie.' })
  .positive({ error: 'Kategorie: Ungültige Kategorie.' })
  .max(2_147_483_647, { error: 'Kategorie: Ungültige Kategorie.' });

/** A membership category of a season: its fee (0: no invoice) and optional age rule. */
export const categorySchema = z.object({
  id: z.number(),
  seasonId: z.number(),
  name: z.string(),
  fee: moneySchema,
  /** admits members at most this old on the season's 1 May; null: any age */
  maxAge: z.number().int().nullable(),
  /** the category of a membership when none is chosen (renewal moves juniors who came of age here) */
  isDefault: z.boolean(),
  /** memberships in this category */
  memberCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** The age rule: at most this old on the season's 1 May. */
export const categoryMaxAge = wholeNumber('Höchstalter', 0, 120);

/** `POST /api/v1/admin/seasons/{id}/categories`, `PUT .../categories/{categoryId}`. */
export const categoryBodySchema = z.object(
  {
    name: requiredText('Name', 60),
    fee: feeSchema,
    maxAge: categoryMaxAge.nullable().optional(),
  },
  { error: BODY_ERROR },
);
export type CategoryBody = z.input<typeof categoryBodySchema>;

export const categoryParams = z.object({ id: idParam, categoryId: idParam });

/** A member who moved to the default category on renewal (had come of age, or the category is gone). */
export const renewalMoveSchema = z.object({
  memberId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  /** the category of the previous season */
  from: z.string(),
  /** the default category of the renewed season */
  to: z.string(),
});
export type RenewalMove = z.infer<typeof renewalMoveSchema>;

/** Answer of `POST .../seasons/{id}/renewals`. */
export const renewalResultSchema = runResultSchema.extend({ movedToDefault: z.array(renewalMoveSchema) });
export type RenewalResult = z.infer<typeof renewalResultSchema>;
