import type { Prisma } from '../generated/prisma/client.ts';
import type { DbOrTx } from './ctx.ts';

export interface OutboxInsert {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  attachments: unknown[];
  mailingId: number | null;
  /** Not sent before this instant (invitations spread at a bounded rate); null: at once. */
  notBefore?: Date | null;
  /** The member import whose login invitation this is. */
  memberImportId?: number | null;
}

/** A mail claimed for sending. */
export interface OutboxRow {
  id: bigint;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  attempts: number;
  attachments: unknown;
}

function toData({ notBefore, ...mail }: OutboxInsert) {
  // Attachments are descriptions (plain JSON), rendered when the mail is sent.
  return { ...mail, attachments: mail.attachments as Prisma.InputJsonValue, ...(notBefore ? { nextAttemptAt: notBefore } : {}) };
}

export async function insertMail(db: DbOrTx, mail: OutboxInsert): Promise<void> {
  await db.mailOutbox.create({ data: toData(mail) });
}

/**
 * Many mails in one statement, the columns as arrays (`unnest`): a run's thousands of mails cost
 * a few parameters instead of seven per mail.
 */
export async function insertMails(db: DbOrTx, mails: readonly OutboxInsert[]): Promise<void> {
  if (mails.length === 0) return;
  const col = <K extends keyof OutboxInsert>(k: K) => mails.map((m) => m[k]);
  await db.$executeRaw`
    INSERT INTO "mail_outbox" ("to", "subject", "text", "html", "replyTo", "attachments", "mailingId", "memberImportId", "nextAttemptAt")
    SELECT t."to", t."subject", t."text", t."html", t."replyTo", t."attachments"::jsonb, t."mailingId", t."memberImportId",
           coalesce(t."notBefore", now())
      FROM unnest(${col('to')}::text[], ${col('subject')}::text[], ${col('text')}::text[], ${col('html')}::text[],
                  ${col('replyTo')}::text[], ${mails.map((m) => JSON.stringify(m.attachments))}::text[],
                  ${col('mailingId')}::int[], ${mails.map((m) => m.memberImportId ?? null)}::int[],
                  ${mails.map((m) => m.notBefore ?? null)}::timestamptz[])
        AS t("to", "subject", "text", "html", "replyTo", "attachments", "mailingId", "memberImportId", "notBefore")`;
}

/**
 * Claims up to `limit` due mails and leases them for `leaseSeconds` (FOR UPDATE SKIP LOCKED:
 * several senders never claim the same mail); counts the attempt.
 */
export function claimDueMails(db: DbOrTx, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return db.$queryRaw<OutboxRow[]>`
      UPDATE "mail_outbox" SET "nextAttemptAt" = now() + make_interval(secs => ${leaseSeconds}), "attempts" = "attempts" + 1
       WHERE "id" IN (SELECT "id" FROM "mail_outbox"
                       WHERE "status" = 'PENDING' AND "nextAttemptAt" <= now()
                       ORDER BY "id" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING "id", "to", "subject", "text", "html", "replyTo", "attempts", "attachments"`;
}

/** Pending mails after an id, oldest first (logged when no SMTP server is configured). */
export function findPendingMailsAfter(db: DbOrTx, afterId: bigint, take: number) {
  return db.mailOutbox.findMany({
    where: { status: 'PENDING', id: { gt: afterId } },
    orderBy: { id: 'asc' },
    take,
    select: { id: true, to: true, subject: true, text: true },
  });
}

export async function markMailSent(db: DbOrTx, id: bigint, sentAt: Date): Promise<void> {
  await db.mailOutbox.update({ where: { id }, data: { status: 'SENT', sentAt, lastError: null } });
}

export async function scheduleMailRetry(db: DbOrTx, id: bigint, nextAttemptAt: Date, lastError: string): Promise<void> {
  await db.mailOutbox.update({ where: { id }, data: { nextAttemptAt, lastError } });
}
