import './locale.ts';
import { z } from 'zod';
import { isoDate, moneySchema, paymentModeSchema } from './common.ts';
import { billingStatusFields } from './invoices.ts';
import { deliveryOptionSchema } from './tickets.ts';

/** `GET /api/v1/member/card`: the member card of the current season; `token` is what its QR code holds. */
export const memberCardSchema = z.object({
  memberNumber: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  /** e.g. `2026/27` */
  season: z.string(),
  validTo: isoDate,
  /** signed by the server: member number and season, valid until the end of the season */
  token: z.string(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

/** `POST /api/v1/admin/membercards/verify`. */
export const memberCardVerifySchema = z.object(
  {
    token: z
      .string({ error: 'Bitte den Inhalt des Mitgliederausweises senden.' })
      .min(1, { error: 'Bitte den Inhalt des Mitgliederausweises senden.' })
      .max(2_000, { error: 'Dieser Mitgliederausweis ist ungültig.' }),
  },
  { error: 'Bitte die Angaben als JSON-Objekt senden.' },
);
export type MemberCardVerify = z.input<typeof memberCardVerifySchema>;

const handoverMemberSchema = z.object({ id: z.number(), memberNumber: z.number(), firstName: z.string(), lastName: z.string() });

/** Answer of the verification: a valid card's member and season (a forged, altered or expired card is a 422). */
export const memberCardCheckSchema = z.object({
  member: handoverMemberSchema,
  season: z.string(),
  validTo: isoDate,
});
export type MemberCardCheck = z.infer<typeof memberCardCheckSchema>;

/**
 * One entry of a hand-over list: a confirmed ticket reservation of a game
 * (`GET /api/v1/admin/games/{id}/ticketreservations`) or a confirmed subscription of an event
 * (`GET /api/v1/admin/events/{id}/eventsubscriptions`), with what it costs and whether it is paid.
 */
export const handoverItemSchema = z.object({
  id: z.number(),
  member: handoverMemberSchema,
  /** tickets or places */
  amount: z.number().int(),
  /** reservations only (null for event places) */
  deliveryOption: deliveryOptionSchema.nullable(),
  price: moneySchema,
  /** amount × price, plus the delivery fee */
  total: z.object({ currency: z.literal('CHF'), amount: z.number() }),
  /** `ON_SITE`: the total is collected at the hand-over (never invoiced) */
  paymentMode: paymentModeSchema,
  ...billingStatusFields,
});
export type HandoverItem = z.infer<typeof handoverItemSchema>;

/** Answer of `POST .../ticketreservations/{id}/handover` and `.../eventsubscriptions/{id}/handover`. */
export const handoverResultSchema = z.object({ id: z.number(), handedOverAt: z.string() });
export type HandoverResult = z.infer<typeof handoverResultSchema>;
