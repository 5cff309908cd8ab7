import type { InvoiceStatus } from '@club/contract';
import { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

/**
 * What the season reports read, straight from the tables: small lists (groups, games,
 * events) at once, the long ones (members, invoices, reservations, subscriptions) in
 * batches by keyset (`WHERE (sort key) > (last key) ORDER BY sort key LIMIT n`), so a
 * report holds one batch at a time however large the club.
 */

export interface SeasonRow {
  id: number;
  name: string;
  validFrom: Date;
  validTo: Date;
}

export function findSeason(db: DbOrTx, id: number): Promise<SeasonRow | null> {
  return db.season.findUnique({ where: { id }, select: { id: true, name: true, validFrom: true, validTo: true } });
}

/** Sort key of lists by name: last name, first name, then a row id that breaks ties. */
export interface NameKey {
  lastName: string;
  firstName: string;
  id: number;
}

function after(key: NameKey | null, lastName: Prisma.Sql, firstName: Prisma.Sql, id: Prisma.Sql): Prisma.Sql {
  return key ? Prisma.sql`(${lastName}, ${firstName}, ${id}) > (${key.lastName}, ${key.firstName}, ${key.id})` : Prisma.sql`TRUE`;
}

export interface CategoryReportRow {
  id: number;
  name: string;
  feeRappen: number;
  /** memberships in the category */
  members: number;
  /** membership fee invoices (not cancelled) of its members in the season */
  feeInvoices: number;
}

/** The season's membership categories, the default first, then by name (the blocks of the member and fee reports). */
export function findCategories(db: DbOrTx, seasonId: number): Promise<CategoryReportRow[]> {
  return db.$queryRaw<CategoryReportRow[]>`
    SELECT c."id", c."name", c."feeRappen",
           (SELECT count(*) FROM "memberships" ms WHERE ms."categoryId" = c."id")::int AS "members",
           (SELECT count(*) FROM "memberships" ms JOIN "invoices" i ON i."memberId" = ms."memberId" AND i."seasonId" = ms."seasonId"
             WHERE ms."categoryId" = c."id" AND i."kind" = 'MEMBERSHIP_FEE' AND i."status" <> 'CANCELLED')::int AS "feeInvoices"
      FROM "membership_categories" c
     WHERE c."seasonId" = ${seasonId}
     ORDER BY c."isDefault" DESC, c."name", c."id"`;
}

export interface MemberReportRow {
  id: number;
  memberNumber: number;
  lastName: string;
  firstName: string;
  street: string | null;
  houseNumber: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  email: string;
  landLine: string | null;
  mobile: string | null;
  dateOfBirth: Date | null;
  memberSince: Date | null;
  parkingPermit: boolean;
  board: boolean;
}

/** Members with a membership of the category in the season, by name: the batch after `key`. */
export function readSeasonMembers(
  db: DbOrTx,
  seasonId: number,
  categoryId: number,
  key: NameKey | null,
  limit: number,
): Promise<MemberReportRow[]> {
  return db.$queryRaw<MemberReportRow[]>`
    SELECT m."id", m."memberNumber", m."lastName", m."firstName", m."email", m."dateOfBirth",
           a."street", a."houseNumber", a."addressLine2", a."postalCode", a."city", a."country",
           (SELECT p."number" FROM "phones" p WHERE p."memberId" = m."id" AND p."type" = 'LANDLINE') AS "landLine",
           (SELECT p."number" FROM "phones" p WHERE p."memberId" = m."id" AND p."type" = 'MOBILE') AS "mobile",
           coalesce(m."memberSince", (SELECT min(x."validFrom") FROM "memberships" x WHERE x."memberId" = m."id")) AS "memberSince",
           ms."parkingPermit",
           EXISTS (SELECT 1 FROM "member_roles" r WHERE r."memberId" = m."id" AND r."role" = 'MEMBER_OF_THE_BOARD') AS "board"
      FROM "memberships" ms
      JOIN "members" m ON m."id" = ms."memberId"
      LEFT JOIN "addresses" a ON a."memberId" = m."id" AND a."current"
     WHERE ms."seasonId" = ${seasonId} AND ms."categoryId" = ${categoryId}
       AND ${after(key, Prisma.sql`m."lastName"`, Prisma.sql`m."firstName"`, Prisma.sql`m."id"`)}
     ORDER BY m."lastName", m."firstName", m."id"
     LIMIT ${limit}`;
}

export type FeeKind = 'MEMBERSHIP_FEE' | 'PARKING_FEE';

export interface FeeInvoiceRow {
  id: number;
  memberNumber: number;
  lastName: string;
  firstName: string;
  number: string;
  invoiceDate: Date;
  dueDate: Date;
  totalRappen: number;
  status: InvoiceStatus;
  paidAt: Date | null;
  paidRappen: number;
}

/**
 * The season's fee invoices of one kind (cancelled ones are gone from lists), by member name;
 * `categoryId` given: only those of members in that membership category of the season.
 */
export function readFeeInvoices(
  db: DbOrTx,
  seasonId: number,
  kind: FeeKind,
  categoryId: number | null,
  key: NameKey | null,
  limit: number,
): Promise<FeeInvoiceRow[]> {
  const anyCategory = categoryId === null;
  return db.$queryRaw<FeeInvoiceRow[]>`
    SELECT i."id", m."memberNumber", m."lastName", m."firstName", i."number", i."invoiceDate", i."dueDate",
           i."totalRappen", i."status"::text AS "status", i."paidAt", i."paidRappen"
      FROM "invoices" i
      JOIN "members" m ON m."id" = i."memberId"
      LEFT JOIN "memberships" ms ON ms."memberId" = i."memberId" AND ms."seasonId" = i."seasonId"
     WHERE i."seasonId" = ${seasonId} AND i."kind" = ${kind}::"InvoiceKind" AND i."status" <> 'CANCELLED'
       AND (${anyCategory}::boolean OR ms."categoryId" = ${categoryId ?? 0})
       AND ${after(key, Prisma.sql`m."lastName"`, Prisma.sql`m."firstName"`, Prisma.sql`i."id"`)}
     ORDER BY m."lastName", m."firstName", i."id"
     LIMIT ${limit}`;
}

export interface TicketFeesRow {
  /** the member's id (the key's tie-breaker) */
  id: number;
  memberNumber: number;
  lastName: string;
  firstName: string;
  invoices: number;
  numbers: string;
  billedRappen: number;
  paidRappen: number;
  openRappen: number;
}

/**
 * Per member, the season's TICKETS invoices (cancelled ones left out): how many, their numbers,
 * billed, paid, and open (what is still owed on the open ones), by member name. The sums are the
 * invoice overview's for the season and kind TICKETS.
 */
export function readTicketFees(db: DbOrTx, seasonId: number, key: NameKey | null, limit: number): Promise<TicketFeesRow[]> {
  return db.$queryRaw<TicketFeesRow[]>`
    SELECT m."id", m."memberNumber", m."lastName", m."firstName", count(*)::int AS "invoices",
           string_agg(i."number", ', ' ORDER BY i."number") AS "numbers",
           sum(i."totalRappen")::int AS "billedRappen", sum(i."paidRappen")::int AS "paidRappen",
           COALESCE(sum(i."totalRappen" - i."paidRappen") FILTER (WHERE i."status" = 'OPEN'), 0)::int AS "openRappen"
      FROM "invoices" i
      JOIN "members" m ON m."id" = i."memberId"
     WHERE i."seasonId" = ${seasonId} AND i."kind" = 'TICKETS' AND i."status" <> 'CANCELLED'
       AND ${after(key, Prisma.sql`m."lastName"`, Prisma.sql`m."firstName"`, Prisma.sql`m."id"`)}
     GROUP BY m."id"
     ORDER BY m."lastName", m."firstName", m."id"
     LIMIT ${limit}`;
}

export interface PaymentReportRow {
  id: number;
  bookingDate: Date;
  number: string;
  memberNumber: number;
  lastName: string;
  firstName: string;
  source: 'BANK_FILE' | 'MANUAL';
  method: 'BANK' | 'CASH' | 'TWINT' | 'CARD' | null;
  amountRappen: number;
  note: string;
}

/** Key of the payments report: by payment date, then id. */
export interface PaymentKey {
  bookingDate: Date;
  id: number;
}

/**
 * The payments booked on the season's invoices (read from a bank file, booked by the board from the
 * review list, or recorded by hand with their method and note), by date: what paid the invoices'
 * `paidRappen`.
 */
export function readPayments(db: DbOrTx, seasonId: number, key: PaymentKey | null, limit: number): Promise<PaymentReportRow[]> {
  return db.$queryRaw<PaymentReportRow[]>`
    SELECT p."id", p."bookingDate", i."number", m."memberNumber", m."lastName", m."firstName", p."source"::text AS "source",
           p."method"::text AS "method", p."amountRappen", p."note"
      FROM "payments" p
      JOIN "invoices" i ON i."id" = p."invoiceId"
      JOIN "members" m ON m."id" = i."memberId"
     WHERE i."seasonId" = ${seasonId} AND p."outcome" IN ('MATCHED', 'AMOUNT_DIFFERS') AND p."bookingDate" IS NOT NULL
       AND ${key ? Prisma.sql`(p."bookingDate", p."id") > (${key.bookingDate}::date, ${key.id})` : Prisma.sql`TRUE`}
     ORDER BY p."bookingDate", p."id"
     LIMIT ${limit}`;
}

export interface GameGroupRow {
  id: number;
  name: string;
}

/** Groups with at least one game starting within [from, until), by name. */
export function findGroupsWithGames(db: DbOrTx, from: Date, until: Date): Promise<GameGroupRow[]> {
  return db.gameGroup.findMany({
    where: { games: { some: { start: { gte: from, lt: until } } } },
    orderBy: { name: 'asc' },
    select: { id: true, name: true },
  });
}

export interface GameRow {
  id: number;
  start: Date;
  opponent: string;
  homeGame: boolean;
  venue: string;
}

export function findGroupGames(db: DbOrTx, groupId: number, from: Date, until: Date): Promise<GameRow[]> {
  return db.game.findMany({
    where: { gameGroupId: groupId, start: { gte: from, lt: until } },
    orderBy: [{ start: 'asc' }, { id: 'asc' }],
    select: { id: true, start: true, opponent: true, homeGame: true, venue: true },
  });
}

export interface ReservationReportRow {
  id: number;
  memberNumber: number;
  lastName: string;
  firstName: string;
  amount: number;
  deliveryOption: string;
  street: string;
  houseNumber: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  pricePerTicketRappen: number;
  /** the delivery option's fee */
  feeRappen: number;
}

/** A game's reservations by member name: the batch after `key`. */
export function readGameReservations(db: DbOrTx, gameId: number, key: NameKey | null, limit: number): Promise<ReservationReportRow[]> {
  return db.$queryRaw<ReservationReportRow[]>`
    SELECT r."id", m."memberNumber", m."lastName", m."firstName", r."amount", d."name" AS "deliveryOption",
           r."street", r."houseNumber", r."addressLine2", r."postalCode", r."city", r."country", r."pricePerTicketRappen",
           d."feeRappen"
      FROM "ticket_reservations" r
      JOIN "members" m ON m."id" = r."memberId"
      JOIN "delivery_options" d ON d."id" = r."deliveryOptionId"
     WHERE r."gameId" = ${gameId} AND r."status" = 'CONFIRMED'
       AND ${after(key, Prisma.sql`m."lastName"`, Prisma.sql`m."firstName"`, Prisma.sql`r."id"`)}
     ORDER BY m."lastName", m."firstName", r."id"
     LIMIT ${limit}`;
}

export interface EventRow {
  id: number;
  title: string;
  start: Date;
  priceRappen: number;
}

/** Events (not cancelled) starting within [from, until), in order. */
export function findEvents(db: DbOrTx, from: Date, until: Date): Promise<EventRow[]> {
  return db.event.findMany({
    where: { start: { gte: from, lt: until }, cancelledAt: null },
    orderBy: [{ start: 'asc' }, { id: 'asc' }],
    select: { id: true, title: true, start: true, priceRappen: true },
  });
}

export interface SubscriptionReportRow {
  id: number;
  memberNumber: number;
  lastName: string;
  firstName: string;
  amount: number;
  status: 'CONFIRMED' | 'WAITING';
  subscriptionTimestamp: Date;
}

/** Sort key of subscriptions: confirmed before waiting, then in sign-up order. */
export interface SubscriptionKey {
  waiting: number;
  subscriptionTimestamp: Date;
  id: number;
}

export function readEventSubscriptions(
  db: DbOrTx,
  eventId: number,
  key: SubscriptionKey | null,
  limit: number,
): Promise<SubscriptionReportRow[]> {
  const waiting = Prisma.sql`(CASE WHEN s."status" = 'WAITING' THEN 1 ELSE 0 END)`;
  const afterKey = key
    ? Prisma.sql`(${waiting}, s."subscriptionTimestamp", s."id") > (${key.waiting}, ${key.subscriptionTimestamp}, ${key.id})`
    : Prisma.sql`TRUE`;
  return db.$queryRaw<SubscriptionReportRow[]>`
    SELECT s."id", m."memberNumber", m."lastName", m."firstName", s."amount", s."status"::text AS "status", s."subscriptionTimestamp"
      FROM "event_subscriptions" s
      JOIN "members" m ON m."id" = s."memberId"
     WHERE s."eventId" = ${eventId} AND ${afterKey}
     ORDER BY ${waiting}, s."subscriptionTimestamp", s."id"
     LIMIT ${limit}`;
}
