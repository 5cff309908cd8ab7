import './locale.ts';
import { z } from 'zod';
import { idParam, isoDateTime, moneySchema, paymentModeSchema, requiredLineText, text, wholeNumber } from './common.ts';
import { billingStatusFields } from './invoices.ts';

/** Limits of an event and of one subscription. */
export const eventLimits = {
  maxCapacity: 100_000,
  maxPlacesPerMember: 100,
  /** Largest amount one request may ask for; above: 422, within but over the event's limit: 409. */
  maxAmount: 1_000,
  maxDescription: 20_000,
} as const;

export const subscriptionStatusSchema = z.enum(['CONFIRMED', 'WAITING']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

// ---------------------------------------------------------------------------------------
// The board's event data
// ---------------------------------------------------------------------------------------

/**
 * `POST /api/v1/admin/events/`, `PUT /api/v1/admin/events/{id}` (docs/domain-rules.md «Wire names»).
 * `capacity` null or absent: unlimited places. The end may not lie before the start, the
 * registration deadline not after the start (422).
 */
export const eventFieldsSchema = z.object({
  title: requiredLineText('Titel', 120),
  /** Markdown; shown without any HTML of its own. */
  description: text('Beschreibung', eventLimits.maxDescription).default(''),
  location: text('Ort', 200).default(''),
  start: isoDateTime,
  end: isoDateTime,
  registrationDeadline: isoDateTime,
  capacity: wholeNumber('Plätze', 1, eventLimits.maxCapacity)
    .nullish()
    .transform((n) => n ?? null),
  price: moneySchema,
  maxPlacesPerMember: wholeNumber('Plätze pro Mitglied', 1, eventLimits.maxPlacesPerMember),
  /** absent: `INVOICE` */
  paymentMode: paymentModeSchema.default('INVOICE'),
});

/** The end not before the start, the registration deadline not after it. */
export function checkEventTimes(e: { start: string; end: string; registrationDeadline: string }, ctx: z.RefinementCtx): void {
  const start = Date.parse(e.start);
  if (Date.parse(e.end) < start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'Ende: Darf nicht vor dem Beginn liegen.' });
  if (Date.parse(e.registrationDeadline) > start) {
    ctx.addIssue({ code: 'custom', path: ['registrationDeadline'], message: 'Anmeldeschluss: Spätestens bei Beginn des Anlasses.' });
  }
}

export const eventInputSchema = eventFieldsSchema.superRefine(checkEventTimes);
export type EventInput = z.input<typeof eventInputSchema>;

// ---------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------

/** `POST /api/v1/events/{id}/subscriptions`: `amount` 0 cancels; `waitlist` asks for the waiting list when the places are not left. */
export const eventSubscriptionInputSchema = z.object({
  /** The event's id (as in the path); optional. */
  id: wholeNumber('Veranstaltung', 1, 2_147_483_647).optional(),
  amount: wholeNumber('Anzahl Plätze', 0, eventLimits.maxAmount),
  waitlist: z.boolean({ error: 'Warteliste: Bitte ja oder nein angeben.' }).optional(),
});
export type EventSubscriptionInput = z.input<typeof eventSubscriptionInputSchema>;

/**
 * The answer of a subscription: what the member now has. `fee` is 0 (an event has no delivery
 * option), `total` = amount × the event's price + fee: what the member pays for it.
 */
export const eventSubscriptionSchema = z.object({
  eventId: z.number(),
  amount: z.number().int(),
  status: subscriptionStatusSchema,
  subscriptionTimestamp: isoDateTime,
  fee: moneySchema,
  total: moneySchema,
  /** How the places are paid: by the invoice that follows, or on site. */
  paymentMode: paymentModeSchema,
});
export type EventSubscription = z.infer<typeof eventSubscriptionSchema>;

/** The member's own subscription as the event page shows it, with the place on the waiting list. */
export const ownEventSubscriptionSchema = eventSubscriptionSchema.extend({
  /** 1 = next to move up; null when confirmed. */
  waitingPosition: z.number().int().nullable(),
});
export type OwnEventSubscription = z.infer<typeof ownEventSubscriptionSchema>;

/** `GET /api/v1/member/eventsubscriptions`: the account page's list. */
export const memberEventSubscriptionSchema = ownEventSubscriptionSchema.extend({
  eventTitle: z.string(),
  eventStart: isoDateTime,
  eventLocation: z.string(),
  /** price per place (0: free, nothing is billed) */
  eventPrice: moneySchema,
  /** The board cancelled the event. */
  eventCancelled: z.boolean(),
  /** the TICKETS invoice that bills the places (null: not billed yet), its status, and when they were handed over */
  ...billingStatusFields,
});
export type MemberEventSubscription = z.infer<typeof memberEventSubscriptionSchema>;

// ---------------------------------------------------------------------------------------
// Events as everyone sees them
// ---------------------------------------------------------------------------------------

/** `GET /api/v1/events` (upcoming, `?past=true` for past ones). */
export const eventListQuerySchema = z.object({
  past: z
    .enum(['true', 'false'], { error: 'past: true oder false.' })
    .optional()
    .transform((v) => v === 'true'),
});

export const eventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  registrationDeadline: isoDateTime,
  /** null: unlimited. */
  capacity: z.number().int().nullable(),
  price: moneySchema,
  maxPlacesPerMember: z.number().int(),
  paymentMode: paymentModeSchema,
  /** Places a new subscriber can still get (0 while members wait); null: unlimited. */
  placesLeft: z.number().int().nullable(),
  /** Members on the waiting list. */
  waitingCount: z.number().int(),
  /** Before the deadline: members may subscribe, change and cancel. */
  registrationOpen: z.boolean(),
  /** The event is over (its end has passed). */
  ended: z.boolean(),
  /** Logged-in members only (null otherwise, or when not subscribed). */
  subscription: ownEventSubscriptionSchema.nullable(),
});
export type ClubEvent = z.infer<typeof eventSchema>;

// ---------------------------------------------------------------------------------------
// The board's views
// ---------------------------------------------------------------------------------------

export const adminEventSchema = eventSchema.omit({ subscription: true }).extend({
  /** Confirmed places. */
  placesTaken: z.number().int(),
  /** Places asked for on the waiting list. */
  placesWaiting: z.number().int(),
  subscriberCount: z.number().int(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

/** `GET /api/v1/admin/events/{id}/subscribers`. */
export const eventSubscriberSchema = z.object({
  member: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }),
  amount: z.number().int(),
  status: subscriptionStatusSchema,
  subscriptionTimestamp: isoDateTime,
});
export type EventSubscriber = z.infer<typeof eventSubscriberSchema>;

/** `POST /api/v1/admin/events/{id}/subscribers`: a member signed up by hand (a paper sign-up), with an optional reason. */
export const adminSubscriberAddSchema = z.object({
  memberId: wholeNumber('Mitglied', 1, 2_147_483_647),
  amount: wholeNumber('Plätze', 1, 1_000),
  reason: text('Grund', 300).optional(),
});
export type AdminSubscriberAdd = z.input<typeof adminSubscriberAddSchema>;

/** Body of promote, and query of remove: the board's reason, optional. */
export const subscriberChangeSchema = z.object({ reason: text('Grund', 300).optional() });
export type SubscriberChange = z.input<typeof subscriberChangeSchema>;

/** Path of the board's calls on one subscriber. */
export const subscriberParams = z.object({ id: idParam, memberId: idParam });
