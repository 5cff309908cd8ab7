import type { MailingGroupKind } from '@club/contract';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

/** Mailings (mail to groups): the only file of them with Prisma calls and SQL. */

/** Members who can get a mail: not anonymised, with an address. */
const reachable = { anonymisedAt: null, email: { not: '' } } satisfies Prisma.MemberWhereInput;

/** The members of a group (each once), as the mails need them: oldest member first. */
function groupWhere(kind: MailingGroupKind, id: number | undefined): Prisma.MemberWhereInput {
  switch (kind) {
    case 'SEASON':
      return { memberships: { some: { seasonId: id } } };
    case 'CATEGORY':
      return { memberships: { some: { categoryId: id } } };
    case 'EVENT':
      return { eventSubscriptions: { some: { eventId: id, status: 'CONFIRMED' } } };
    case 'GAME':
      return { ticketReservations: { some: { gameId: id, status: 'CONFIRMED' } } };
    case 'BOARD':
      return { roles: { some: { role: 'MEMBER_OF_THE_BOARD' } } };
  }
}

export function findGroupMembers(db: DbOrTx, kind: MailingGroupKind, id: number | undefined) {
  return db.member.findMany({
    where: { ...reachable, ...groupWhere(kind, id) },
    select: { id: true, firstName: true, email: true },
    orderBy: { id: 'asc' },
  });
}

export function countGroupMembers(db: DbOrTx, kind: MailingGroupKind, id: number | undefined) {
  return db.member.count({ where: { ...reachable, ...groupWhere(kind, id) } });
}

export function findSeason(db: DbOrTx, id: number) {
  return db.season.findUnique({ where: { id }, select: { id: true, name: true } });
}

/** The season covering a day (`date`), if any. */
export function findSeasonCovering(db: DbOrTx, day: Date) {
  return db.season.findFirst({ where: { validFrom: { lte: day }, validTo: { gte: day } }, select: { id: true, name: true } });
}

export function findCategory(db: DbOrTx, id: number) {
  return db.membershipCategory.findUnique({ where: { id }, select: { id: true, name: true, season: { select: { name: true } } } });
}

export function findEvent(db: DbOrTx, id: number) {
  return db.event.findUnique({ where: { id }, select: { id: true, title: true, start: true } });
}

export function findGame(db: DbOrTx, id: number) {
  return db.game.findUnique({ where: { id }, select: { id: true, opponent: true, start: true, homeGame: true } });
}

export function findSender(db: DbOrTx, id: number) {
  return db.member.findUnique({ where: { id }, select: { id: true, firstName: true, lastName: true, email: true } });
}

export function findAttachment(db: DbOrTx, id: number) {
  return db.mailingAttachment.findUnique({ where: { id }, select: { id: true, fileName: true, size: true } });
}

export interface MailingInsert {
  subject: string;
  text: string;
  groupKind: MailingGroupKind;
  groupId: number | null;
  groupLabel: string;
  senderId: number | null;
  senderName: string;
  replyTo: string | null;
  recipients: number;
  attachmentId: number | null;
  createdAt: Date;
}

export function insertMailing(db: DbOrTx, data: MailingInsert) {
  return db.mailing.create({ data, select: { id: true } });
}

/** Stores an attachment's PDF as base64 text (the newsletters' way: fast on the embedded database). */
export async function insertAttachment(
  db: DbOrTx,
  data: { fileName: string; content: Buffer; createdById: number | null; createdAt: Date },
): Promise<{ id: number; fileName: string; size: number }> {
  const rows = await db.$queryRaw<{ id: number; fileName: string; size: number }[]>`
    INSERT INTO "mailing_attachments" ("fileName", "size", "content", "createdById", "createdAt")
    VALUES (${data.fileName}, ${data.content.byteLength}, decode(${data.content.toString('base64')}, 'base64'),
            ${data.createdById}, ${data.createdAt})
    RETURNING "id", "fileName", "size"`;
  return rows[0] as { id: number; fileName: string; size: number };
}

/**
 * Deletes the attachments uploaded before `createdBefore` that no mailing uses (the form was left
 * after the upload); returns how many. An attachment a mailing uses stays with it.
 */
export async function deleteUnusedAttachments(db: DbOrTx, createdBefore: Date): Promise<number> {
  const { count } = await db.mailingAttachment.deleteMany({ where: { createdAt: { lt: createdBefore }, mailings: { none: {} } } });
  return count;
}

/** An attachment's PDF, for the outbox worker. */
export async function findAttachmentFile(db: DbOrTx, id: number): Promise<{ fileName: string; content: Buffer } | undefined> {
  const rows = await db.$queryRaw<{ fileName: string; content: string }[]>`
    SELECT "fileName", encode("content", 'base64') AS "content" FROM "mailing_attachments" WHERE "id" = ${id}`;
  const row = rows[0];
  return row && { fileName: row.fileName, content: Buffer.from(row.content, 'base64') };
}

export interface MailingListRow {
  id: number;
  subject: string;
  groupKind: MailingGroupKind;
  groupLabel: string;
  senderName: string;
  createdAt: Date;
  attachmentName: string | null;
  recipients: number;
  sent: number;
  failed: number;
}

/** The newest mailings with their outbox rows counted: sent, and pending after a failed attempt. */
export function listMailings(db: DbOrTx, take: number) {
  return db.$queryRaw<MailingListRow[]>`
    SELECT m."id", m."subject", m."groupKind", m."groupLabel", m."senderName", m."createdAt", a."fileName" AS "attachmentName",
           m."recipients",
           (SELECT count(*) FROM "mail_outbox" o WHERE o."mailingId" = m."id" AND o."status" = 'SENT')::int AS "sent",
           (SELECT count(*) FROM "mail_outbox" o
             WHERE o."mailingId" = m."id" AND o."status" = 'PENDING' AND o."lastError" IS NOT NULL)::int AS "failed"
      FROM "mailings" m LEFT JOIN "mailing_attachments" a ON a."id" = m."attachmentId"
     ORDER BY m."createdAt" DESC, m."id" DESC
     LIMIT ${take}`;
}

/** The form's choices: seasons (newest first), their categories, events and games of the last year and later. */
export async function findGroupOptions(db: DbOrTx, since: Date) {
  const [seasons, categories, events, games] = await Promise.all([
    db.season.findMany({ select: { id: true, name: true }, orderBy: { validFrom: 'desc' } }),
    db.membershipCategory.findMany({
      select: { id: true, name: true, season: { select: { name: true } } },
      orderBy: [{ season: { validFrom: 'desc' } }, { isDefault: 'desc' }, { name: 'asc' }],
    }),
    db.event.findMany({
      where: { end: { gte: since } },
      select: { id: true, title: true, start: true, end: true },
      orderBy: { start: 'asc' },
    }),
    db.game.findMany({
      where: { start: { gte: since } },
      select: { id: true, opponent: true, start: true, homeGame: true },
      orderBy: { start: 'asc' },
    }),
  ]);
  return { seasons, categories, events, games };
}
