import './locale.ts';
import { z } from 'zod';
import { addressSchema, feeSchema, isoDateTime, moneySchema, requiredText, storedAddressSchema, wholeNumber } from './common.ts';
import { billingStatusFields } from './invoices.ts';
import { OWN_TEAM } from './teams.ts';

/** Limits of a game group and of one reservation. */
export const ticketLimits = {
  maxQuota: 100_000,
  maxPerMember: 100,
  /** Largest amount one request may ask for; above: 422, below but over what is left: 409. */
  maxAmount: 1_000,
} as const;

// ---------------------------------------------------------------------------------------
// Delivery options
// ---------------------------------------------------------------------------------------

/** A delivery option; `fee` is charged once per reservation when it is billed (0: free). */
export const deliveryOptionSchema = z.object({ id: z.number(), name: z.string(), fee: moneySchema });
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/** `POST /api/v1/admin/deliveryoptions/`, `PUT .../deliveryoptions/{id}`: the fee is optional (default 0). */
export const deliveryOptionInputSchema = z.object({
  name: requiredText('Name', 80),
  fee: feeSchema.refine((m) => m.amount <= 1_000, { error: 'Gebühr: Höchstens CHF 1000.' }).optional(),
});
export type DeliveryOptionInput = z.input<typeof deliveryOptionInputSchema>;

/** A delivery option in the board's list, with where it is used (deleting a used one is a 409). */
export const adminDeliveryOptionSchema = deliveryOptionSchema.extend({
  gameGroupCount: z.number().int(),
  reservationCount: z.number().int(),
});
export type AdminDeliveryOption = z.infer<typeof adminDeliveryOptionSchema>;

// ---------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------

/** Where the sales window stands: not yet open, open, or closed (closed also after the start). */
export const salesStateSchema = z.enum(['NOT_YET_OPEN', 'OPEN', 'CLOSED']);
export type SalesState = z.infer<typeof salesStateSchema>;

/** The fields of a game (`gameInputSchema` without the sales-window rule, for `.pick`/`.extend`). */
export const gameFieldsSchema = z.object({
  start: isoDateTime,
  opponent: z
    .string({ error: 'Gegner: Bitte einen Teamcode angeben.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,8}$/, { error: 'Gegner: Bitte einen Teamcode aus 2 bis 8 Buchstaben angeben (z. B. SCB).' })
    .refine((code) => code !== OWN_TEAM, { error: 'Gegner: Der ZSC kann nicht gegen sich selbst spielen.' }),
  homeGame: z.boolean({ error: 'Heimspiel: Bitte ja oder nein angeben.' }),
  venue: requiredText('Spielort', 100),
  /** null or absent: sales open at once. */
  salesOpenAt: isoDateTime.nullish(),
  /** null or absent: sales close at the start of the game. */
  salesCloseAt: isoDateTime.nullish(),
});

/** Sales close at the latest when the game starts, and open before they close. */
export function checkSalesWindow(
  g: { start: string; salesOpenAt?: string | null | undefined; salesCloseAt?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const start = Date.parse(g.start);
  const open = g.salesOpenAt ? Date.parse(g.salesOpenAt) : undefined;
  const close = g.salesCloseAt ? Date.parse(g.salesCloseAt) : undefined;
  if (close !== undefined && close > start) {
    ctx.addIssue({ code: 'custom', path: ['salesCloseAt'], message: 'Verkaufsende: Spätestens bei Spielbeginn.' });
  }
  if (open !== undefined && open >= (close ?? start)) {
    ctx.addIssue({ code: 'custom', path: ['salesOpenAt'], message: 'Verkaufsstart: Muss vor dem Verkaufsende liegen.' });
  }
}

/** `POST /api/v1/admin/gamegroups/{id}/games/`, `PUT /api/v1/admin/games/{id}` (DESIGN.md §8). */
export const gameInputSchema = gameFieldsSchema.superRefine(checkSalesWindow);
export type GameInput = z.input<typeof gameInputSchema>;

/** A game as everyone sees it (`GET /api/v1/games/` and `/{id}`). */
export const gameSchema = z.object({
  id: z.number(),
  gameGroupId: z.number(),
  gameGroupName: z.string(),
  start: isoDateTime,
  /** Team code of the opponent; our team is always ZSC. */
  opponent: z.string(),
  homeGame: z.boolean(),
  venue: z.string(),
  /** null: open since the game was published. */
  salesOpenAt: isoDateTime.nullable(),
  /** null: until the start of the game. */
  salesCloseAt: isoDateTime.nullable(),
  salesOpen: z.boolean(),
  salesState: salesStateSchema,
  pricePerTicket: moneySchema,
  ticketsLeft: z.number().int(),
  /** The most tickets one member may hold for this game. */
  freeTicketAmount: z.number().int(),
  /** Logged-in members only (null for visitors): tickets they hold for this game. */
  ticketsHeld: z.number().int().nullable(),
  /** Logged-in members only: how many they may still reserve now (0 when sales are not open). */
  ticketsMayReserve: z.number().int().nullable(),
});
export type Game = z.infer<typeof gameSchema>;

// ---------------------------------------------------------------------------------------
// Reservations
// ---------------------------------------------------------------------------------------

/**
 * A member's ticket reservation (DESIGN.md §8), with what the account page shows.
 * `price` is the price per ticket at reservation time, `totalPrice` = amount × price.
 */
export const ticketReservationSchema = z.object({
  id: z.number(),
  gameId: z.number(),
  gameBegin: isoDateTime,
  amount: z.number().int(),
  deliveryOption: deliveryOptionSchema,
  deliveryAddress: storedAddressSchema,
  price: moneySchema,
  createdAt: isoDateTime,
  totalPrice: moneySchema,
  gameGroupName: z.string(),
  opponent: z.string(),
  homeGame: z.boolean(),
  venue: z.string(),
  /** true while the game's sales are open: the member may cancel it. */
  cancellable: z.boolean(),
  /** the TICKETS invoice that bills it (null: not billed yet), its status, and when the tickets were handed over */
  ...billingStatusFields,
});
export type TicketReservation = z.infer<typeof ticketReservationSchema>;

/** `POST /api/v1/games/{id}/deliveryoptions/{optionId}/ticketreservations/`. */
export const ticketReservationInputSchema = z.object({
  amount: wholeNumber('Anzahl', 1, ticketLimits.maxAmount),
  /** absent or null: the member's current address. */
  deliveryAddress: addressSchema.nullish(),
});
export type TicketReservationInput = z.input<typeof ticketReservationInputSchema>;

/** `PUT /api/v1/member/ticketreservations/{id}`: the new amount (lower, or higher within the limits). */
export const ticketReservationChangeSchema = ticketReservationInputSchema.pick({ amount: true });
export type TicketReservationChange = z.input<typeof ticketReservationChangeSchema>;

/**
 * Optional `Idempotency-Key` header of a reservation: a retried request with the same key
 * returns the reservation the first one made instead of reserving again.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, { error: 'Idempotency-Key: 8 bis 100 Zeichen aus Buchstaben, Ziffern und ._:-' });

/** `GET /api/v1/games/{id}/deliveryaddress/`: the member's current address (null when none is on file). */
export const deliveryAddressSchema = storedAddressSchema;

// ---------------------------------------------------------------------------------------
// Game groups (board)
// ---------------------------------------------------------------------------------------

/** The fields of a game group, without the rule across them (`checkTicketAmounts`), for forms to extend. */
export const gameGroupFieldsSchema = z.object({
  name: requiredText('Name', 100),
  defaultPricePerTicket: moneySchema,
  availableTicketsPerGame: wholeNumber('Tickets pro Spiel', 0, ticketLimits.maxQuota),
  freeTicketAmount: wholeNumber('Tickets pro Mitglied', 1, ticketLimits.maxPerMember),
});

/** A member may hold at most the whole quota: `freeTicketAmount` ≤ `availableTicketsPerGame` (a quota of 0, no sale, excepted). */
export function checkTicketAmounts(g: { availableTicketsPerGame: number; freeTicketAmount: number }, ctx: z.RefinementCtx): void {
  if (g.availableTicketsPerGame > 0 && g.freeTicketAmount > g.availableTicketsPerGame) {
    ctx.addIssue({
      code: 'custom',
      path: ['freeTicketAmount'],
      message: `Tickets pro Mitglied: Höchstens so viele wie Tickets pro Spiel (${g.availableTicketsPerGame}).`,
    });
  }
}

/** `POST /api/v1/admin/gamegroups/`, `PUT .../gamegroups/{id}` (DESIGN.md §8). */
export const gameGroupInputSchema = gameGroupFieldsSchema.superRefine(checkTicketAmounts);
export type GameGroupInput = z.input<typeof gameGroupInputSchema>;

/** `PUT /api/v1/admin/gamegroups/{id}/deliveryoptions/`: the complete list of offered options. */
export const gameGroupDeliveryOptionsInputSchema = z
  .array(z.object({ id: wholeNumber('Zustelloption', 1, 2_147_483_647) }), { error: 'Bitte eine Liste von Zustelloptionen senden.' })
  .max(100, { error: 'Höchstens 100 Zustelloptionen.' });
export type GameGroupDeliveryOptionsInput = z.input<typeof gameGroupDeliveryOptionsInputSchema>;

/** A reservation as the board sees it on the group screen. */
export const adminTicketReservationSchema = z.object({
  id: z.number(),
  member: z.object({ id: z.number(), memberNumber: z.number(), firstName: z.string(), lastName: z.string() }),
  amount: z.number().int(),
  deliveryOption: deliveryOptionSchema,
  deliveryAddress: storedAddressSchema,
  price: moneySchema,
  createdAt: isoDateTime,
});
export type AdminTicketReservation = z.infer<typeof adminTicketReservationSchema>;

/** A game on the board's group screen: sales data, reserved / quota and (detail only) the reservations. */
export const adminGameSchema = z.object({
  id: z.number(),
  gameGroupId: z.number(),
  start: isoDateTime,
  opponent: z.string(),
  homeGame: z.boolean(),
  venue: z.string(),
  salesOpenAt: isoDateTime.nullable(),
  salesCloseAt: isoDateTime.nullable(),
  salesOpen: z.boolean(),
  salesState: salesStateSchema,
  reserved: z.number().int(),
  ticketsLeft: z.number().int(),
  reservations: z.array(adminTicketReservationSchema).optional(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

/** SPEC.md §3 "Game group". */
export const gameGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  defaultPricePerTicket: moneySchema,
  availableTicketsPerGame: z.number().int(),
  freeTicketAmount: z.number().int(),
  deliveryOptions: z.array(deliveryOptionSchema),
  games: z.array(adminGameSchema),
});
export type GameGroup = z.infer<typeof gameGroupSchema>;

/** Names of the expands of `GET /api/v1/admin/gamegroups/{id}?expands=*` (SPEC.md §3). */
export const gameGroupExpands = ['gamegroupdeliveryoption', 'games'] as const;
