import type { DbOrTx } from '../../lib/ctx.ts';

/** Calendar feeds: the only file of them with Prisma calls and SQL. */

export function findFeedOfMember(db: DbOrTx, memberId: number) {
  return db.calendarFeed.findUnique({ where: { memberId }, select: { createdAt: true } });
}

/** The member of a feed secret (its sha256), or null: unknown or revoked. */
export async function findMemberOfFeed(db: DbOrTx, tokenHash: string): Promise<number | null> {
  const row = await db.calendarFeed.findUnique({ where: { tokenHash }, select: { memberId: true } });
  return row?.memberId ?? null;
}

/** A new secret for the member's feed: the old URL stops working at once. */
export function replaceFeed(db: DbOrTx, memberId: number, tokenHash: string, now: Date) {
  return db.calendarFeed.upsert({
    where: { memberId },
    create: { memberId, tokenHash, createdAt: now },
    update: { tokenHash, createdAt: now },
    select: { createdAt: true },
  });
}

export async function deleteFeed(db: DbOrTx, memberId: number): Promise<boolean> {
  const { count } = await db.calendarFeed.deleteMany({ where: { memberId } });
  return count > 0;
}

export interface FeedGameRow {
  id: number;
  start: Date;
  opponent: string;
  homeGame: boolean;
  venue: string;
  tickets: number;
}

/** The games the member holds tickets for since `from`, with the tickets added up. */
export function findGamesWithTickets(db: DbOrTx, memberId: number, from: Date) {
  return db.$queryRaw<FeedGameRow[]>`
    SELECT g."id", g."start", g."opponent", g."homeGame", g."venue", sum(r."amount")::int AS "tickets"
      FROM "ticket_reservations" r JOIN "games" g ON g."id" = r."gameId"
     WHERE r."memberId" = ${memberId} AND g."start" >= ${from}
     GROUP BY g."id"
     ORDER BY g."start", g."id"`;
}

export interface FeedEventRow {
  id: number;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  cancelledAt: Date | null;
  /** the member's confirmed places; null in the public feed */
  places: number | null;
}

/** The events the member has confirmed places at, ending after `from`. */
export function findEventsSignedUp(db: DbOrTx, memberId: number, from: Date) {
  return db.$queryRaw<FeedEventRow[]>`
    SELECT e."id", e."title", e."description", e."location", e."start", e."end", e."cancelledAt", s."amount"::int AS "places"
      FROM "event_subscriptions" s JOIN "events" e ON e."id" = s."eventId"
     WHERE s."memberId" = ${memberId} AND s."status" = 'CONFIRMED' AND e."end" >= ${from}
     ORDER BY e."start", e."id"`;
}

/** Every club event ending after `from` (cancelled ones too: a subscribed calendar shows them cancelled). */
export function findClubEvents(db: DbOrTx, from: Date) {
  return db.$queryRaw<FeedEventRow[]>`
    SELECT e."id", e."title", e."description", e."location", e."start", e."end", e."cancelledAt", NULL::int AS "places"
      FROM "events" e
     WHERE e."end" >= ${from}
     ORDER BY e."start", e."id"`;
}
