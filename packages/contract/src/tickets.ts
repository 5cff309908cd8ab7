import './locale.ts';
import { z } from 'zod';
import {
  addressSchema,
  feeSchema,
  isoDateTime,
  moneySchema,
  pageQuery,
  pageSizeQuery,
  paymentModeSchema,
  requiredText,
  storedAddressSchema,
  text,
  wholeNumber,
} from './common.ts';
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

/** How a game's quota is shared out: first come, first served, or a draw at `drawAt` (docs/domain-rules.md «Tickets»). */
export const saleModeSchema = z.enum(['FIRST_COME', 'DRAW'], { error: 'Verkaufsart: FIRST_COME oder DRAW.' });
export type SaleMode = z.infer<typeof saleModeSchema>;

/** Where a member's tickets stand: held, on the waiting list, or requested for the draw. */
export const ticketStatusSchema = z.enum(['CONFIRMED', 'WAITING', 'REQUESTED']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

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
  /** absent: FIRST_COME. */
  saleMode: saleModeSchema.optional(),
  /** DRAW only (then required): when the draw runs, after the sales start and before the game. */
  drawAt: isoDateTime.nullish(),
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

/** A draw needs its time, after the sales start and before the game; a first-come sale has none. */
export function checkDrawTime(
  g: { start: string; salesOpenAt?: string | null | undefined; saleMode?: SaleMode | undefined; drawAt?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (g.saleMode !== 'DRAW') {
    if (g.drawAt) ctx.addIssue({ code: 'custom', path: ['drawAt'], message: 'Auslosung: Nur bei der Verkaufsart Auslosung.' });
    return;
  }
  if (!g.drawAt) {
    ctx.addIssue({ code: 'custom', path: ['drawAt'], message: 'Auslosung: Bitte den Zeitpunkt der Auslosung angeben.' });
    return;
  }
  const draw = Date.parse(g.drawAt);
  if (draw >= Date.parse(g.start)) {
    ctx.addIssue({ code: 'custom', path: ['drawAt'], message: 'Auslosung: Muss vor dem Spielbeginn liegen.' });
  }
  if (g.salesOpenAt && draw <= Date.parse(g.salesOpenAt)) {
    ctx.addIssue({ code: 'custom', path: ['drawAt'], message: 'Auslosung: Muss nach dem Verkaufsstart liegen.' });
  }
}

/** `POST /api/v1/admin/gamegroups/{id}/games/`, `PUT /api/v1/admin/games/{id}` (docs/domain-rules.md «Wire names»). */
export const gameInputSchema = gameFieldsSchema.superRefine(checkSalesWindow).superRefine(checkDrawTime);
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
  /** How the tickets are paid: by the invoice that follows, or on site. */
  paymentMode: paymentModeSchema,
  ticketsLeft: z.number().int(),
  /** The most tickets one member may hold for this game. */
  freeTicketAmount: z.number().int(),
  /** Logged-in members only (null for visitors): tickets they hold for this game. */
  ticketsHeld: z.number().int().nullable(),
  /** Logged-in members only: how many they may still reserve now (0 when sales are not open). */
  ticketsMayReserve: z.number().int().nullable(),
  saleMode: saleModeSchema,
  /** DRAW only: when the draw runs, and when it ran (null: not yet). */
  drawAt: isoDateTime.nullable(),
  drawnAt: isoDateTime.nullable(),
  /** DRAW only: tickets requested for the draw so far (null for a first-come sale). */
  ticketsRequested: z.number().int().nullable(),
  /** Tickets asked for on the waiting list. */
  ticketsWaiting: z.number().int(),
  /** Logged-in members only: their request for the draw or their place on the waiting list (null: none). */
  ownRequest: z
    .object({
      id: z.number(),
      status: z.enum(['WAITING', 'REQUESTED']),
      amount: z.number().int(),
      /** WAITING only: 1 is served next. */
      position: z.number().int().nullable(),
    })
    .nullable(),
});
export type Game = z.infer<typeof gameSchema>;

// ---------------------------------------------------------------------------------------
// Reservations
// ---------------------------------------------------------------------------------------

/**
 * A member's ticket reservation (docs/domain-rules.md «Wire names»), with what the account page shows.
 * `price` is the price per ticket at reservation time, `totalPrice` = amount × price, `fee` the
 * delivery option's fee and `total` = amount × price + fee: what the member pays for it.
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
  fee: moneySchema,
  total: moneySchema,
  /** How it is paid: by the invoice that follows, or on site. */
  paymentMode: paymentModeSchema,
  gameGroupName: z.string(),
  opponent: z.string(),
  homeGame: z.boolean(),
  venue: z.string(),
  /** true while the member may still cancel it (a request: until the draw). */
  cancellable: z.boolean(),
  /** CONFIRMED: tickets held; WAITING: on the waiting list; REQUESTED: in the draw. */
  status: ticketStatusSchema,
  /** When it came from the waiting list (null: it did not). */
  movedUpAt: isoDateTime.nullable(),
  /** the TICKETS invoice that bills it (null: not billed yet), its status, and when the tickets were handed over */
  ...billingStatusFields,
});
export type TicketReservation = z.infer<typeof ticketReservationSchema>;

/** `POST /api/v1/games/{id}/deliveryoptions/{optionId}/ticketreservations/`. */
export const ticketReservationInputSchema = z.object({
  amount: wholeNumber('Anzahl', 1, ticketLimits.maxAmount),
  /** absent or null: the member's current address. */
  deliveryAddress: addressSchema.nullish(),
  /** true: when the tickets are not there, join the waiting list (answer `status: "WAITING"`). */
  waitlist: z.boolean({ error: 'Warteliste: Bitte ja oder nein angeben.' }).optional(),
});
export type TicketReservationInput = z.input<typeof ticketReservationInputSchema>;

/** `PUT /api/v1/member/ticketreservations/{id}`: the new amount (lower, or higher within the limits). */
export const ticketReservationChangeSchema = z.object({ amount: wholeNumber('Anzahl', 1, ticketLimits.maxAmount) });
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
  /** absent: `INVOICE` */
  paymentMode: paymentModeSchema.default('INVOICE'),
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

/** `POST /api/v1/admin/gamegroups/`, `PUT .../gamegroups/{id}` (docs/domain-rules.md «Wire names»). */
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
  status: ticketStatusSchema,
  /** Place in the draw's order (null: not drawn). */
  drawRank: z.number().int().nullable(),
  movedUpAt: isoDateTime.nullable(),
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
  saleMode: saleModeSchema,
  drawAt: isoDateTime.nullable(),
  drawnAt: isoDateTime.nullable(),
  /**
   * Tickets requested for the draw: before it, the open requests; once drawn, what the draw's
   * requests asked for (as published with the draw). Then the tickets asked for on the waiting list.
   */
  requested: z.number().int(),
  waiting: z.number().int(),
  /** Reservations of the game (rows, whatever their status). */
  reservationCount: z.number().int(),
  /** Group detail only: the first page of the reservations (`ADMIN_RESERVATIONS_PAGE_SIZE`); the rest through the paged list. */
  reservations: z.array(adminTicketReservationSchema).optional(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

/** docs/domain-rules.md «Data and expands». */
export const gameGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  defaultPricePerTicket: moneySchema,
  availableTicketsPerGame: z.number().int(),
  freeTicketAmount: z.number().int(),
  paymentMode: paymentModeSchema,
  deliveryOptions: z.array(deliveryOptionSchema),
  games: z.array(adminGameSchema),
});
export type GameGroup = z.infer<typeof gameGroupSchema>;

/** Names of the expands of `GET /api/v1/admin/gamegroups/{id}?expands=*` (docs/domain-rules.md «Data and expands»). */
export const gameGroupExpands = ['gamegroupdeliveryoption', 'games'] as const;

// ---------------------------------------------------------------------------------------
// The draw and the board's lists (docs/domain-rules.md «Tickets»)
// ---------------------------------------------------------------------------------------

/** `GET /api/v1/games/{id}/draw`: what anyone needs to recompute the order (`pnpm verify-draw`). */
export const gameDrawSchema = z.object({
  gameId: z.number(),
  algorithm: z.string(),
  drawAt: isoDateTime.nullable(),
  drawnAt: isoDateTime.nullable(),
  /** SHA-256 of the seed, public from the sales start (null before). */
  seedHash: z.string().nullable(),
  /** The seed itself, public after the draw. */
  seed: z.string().nullable(),
  quota: z.number().int(),
  /** After the draw: the tickets it shared out (the quota less tickets the board had given by hand before). */
  drawTickets: z.number().int().nullable(),
  /** After the draw, for logged-in members only: every request by member number, its weight and the weight's components. */
  entries: z.array(
    z.object({
      memberNumber: z.number().int(),
      amount: z.number().int(),
      weight: z.number().int(),
      /** Completed membership seasons (counted up to 10). */
      completedSeasons: z.number().int(),
      /** Draws lost among the member's last three. */
      lostDraws: z.number().int(),
    }),
  ),
  /** After the draw: member numbers in draw order. */
  order: z.array(z.number().int()),
  /** After the draw: member numbers served in the draw itself. */
  served: z.array(z.number().int()),
  /** True for a visitor after the draw: entries, order and winners are shown to logged-in members only. */
  entriesForMembersOnly: z.boolean(),
});
export type GameDraw = z.infer<typeof gameDrawSchema>;

/** Why the board changes a list by hand (kept in the audit log and told in the mail). */
export const listChangeReason = text('Grund', 300);

/** `POST /api/v1/admin/games/{id}/ticketreservations`: a member added by hand (a paper sign-up). */
export const adminTicketAddSchema = z.object({
  memberId: wholeNumber('Mitglied', 1, 2_147_483_647),
  amount: wholeNumber('Anzahl', 1, ticketLimits.maxAmount),
  /** absent: the group's first delivery option by name. */
  deliveryOptionId: wholeNumber('Zustelloption', 1, 2_147_483_647).optional(),
  /** true: onto the waiting list when the tickets are not there. */
  waitlist: z.boolean({ error: 'Warteliste: Bitte ja oder nein angeben.' }).optional(),
  reason: listChangeReason.optional(),
});
export type AdminTicketAdd = z.input<typeof adminTicketAddSchema>;

/** Reservations a game carries in the group detail; the paged list's default and largest page size. */
export const ADMIN_RESERVATIONS_PAGE_SIZE = 50;
export const ADMIN_RESERVATIONS_MAX_PAGE_SIZE = 200;

/**
 * `GET /api/v1/admin/games/{id}/reservations?page=&pageSize=`: one page of a game's
 * reservations, in the order of the group detail; answered as a paged list (`page`: page, pageSize, total, totalPages).
 */
export const adminGameReservationsQuerySchema = z.object({
  page: pageQuery,
  pageSize: pageSizeQuery(ADMIN_RESERVATIONS_MAX_PAGE_SIZE, ADMIN_RESERVATIONS_PAGE_SIZE),
});
export type AdminGameReservationsQuery = z.input<typeof adminGameReservationsQuerySchema>;

/** Body of the board's promote and remove calls: the reason, optional. */
export const listChangeSchema = z.object({ reason: listChangeReason.optional() });
export type ListChange = z.input<typeof listChangeSchema>;
