import type { DbOrTx } from '../../lib/ctx.ts';

const listFields = { id: true, title: true, publicationDate: true, size: true } as const;

/** Newsletters without their content, newest first; with `publishedBy`, only those published by that day. */
export function listNewsletters(db: DbOrTx, publishedBy?: Date) {
  return db.newsletter.findMany({
    where: publishedBy ? { publicationDate: { lte: publishedBy } } : {},
    select: listFields,
    orderBy: [{ publicationDate: 'desc' }, { id: 'desc' }],
  });
}
export type NewsletterRow = Awaited<ReturnType<typeof listNewsletters>>[number];

/**
 * One newsletter with its PDF. The bytes travel as base64 text: the embedded database turns a
 * bytea parameter or column into JavaScript byte by byte (20 MB: 20 s in, 7 s out); as text
 * it takes well under a second. The same SQL runs on PostgreSQL.
 */
export async function findNewsletterFile(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; fileName: string; publicationDate: Date; content: Buffer } | undefined> {
  const rows = await db.$queryRaw<{ id: number; fileName: string; publicationDate: Date; content: string }[]>`
    SELECT "id", "fileName", "publicationDate", encode("content", 'base64') AS "content" FROM "newsletters" WHERE "id" = ${id}`;
  const row = rows[0];
  // PostgreSQL breaks base64 into lines; Node's decoder skips the line breaks.
  return row && { ...row, content: Buffer.from(row.content, 'base64') };
}

export function findNewsletter(db: DbOrTx, id: number) {
  return db.newsletter.findUnique({ where: { id }, select: listFields });
}

export interface NewsletterFields {
  title: string;
  /** `YYYY-MM-DD` */
  publicationDate: string;
  fileName: string;
  content: Buffer;
  createdAt: Date;
  /** The notice goes out on the publication date (`announcedAt` set when it is written). */
  notify: boolean;
  uploadedById: number | null;
}

/** Stores a newsletter; its PDF goes in as base64 text (see findNewsletterFile). */
export async function insertNewsletter(db: DbOrTx, fields: NewsletterFields): Promise<NewsletterRow> {
  const rows = await db.$queryRaw<NewsletterRow[]>`
    INSERT INTO "newsletters" ("title", "publicationDate", "fileName", "size", "content", "createdAt", "notify", "uploadedById")
    VALUES (${fields.title}, ${fields.publicationDate}::date, ${fields.fileName}, ${fields.content.byteLength},
            decode(${fields.content.toString('base64')}, 'base64'), ${fields.createdAt}, ${fields.notify}, ${fields.uploadedById})
    RETURNING "id", "title", "publicationDate", "size"`;
  return rows[0] as NewsletterRow;
}

/** Deletes one newsletter; false when there was none. */
export async function deleteNewsletterRow(db: DbOrTx, id: number): Promise<boolean> {
  const { count } = await db.newsletter.deleteMany({ where: { id } });
  return count > 0;
}

/** Newsletters whose notice is due by `today` and not yet written, oldest first. */
export async function findDueAnnouncements(db: DbOrTx, today: Date): Promise<number[]> {
  const rows = await db.newsletter.findMany({
    where: { notify: true, announcedAt: null, publicationDate: { lte: today } },
    select: { id: true },
    orderBy: [{ publicationDate: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => r.id);
}

/**
 * Locks a newsletter whose notice is still due (FOR UPDATE SKIP LOCKED: another instance's
 * timer announcing it now makes this one skip it); undefined when announced or locked.
 */
export async function lockDueAnnouncement(db: DbOrTx, id: number) {
  const rows = await db.$queryRaw<{ id: number; title: string; publicationDate: Date; uploadedById: number | null }[]>`
    SELECT "id", "title", "publicationDate", "uploadedById" FROM "newsletters"
     WHERE "id" = ${id} AND "notify" AND "announcedAt" IS NULL
     FOR UPDATE SKIP LOCKED`;
  return rows[0];
}

export async function markAnnounced(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.newsletter.update({ where: { id }, data: { announcedAt: at } });
}
