import './locale.ts';
import { z } from 'zod';
import { feeSchema, isoDate, moneySchema } from './common.ts';

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
