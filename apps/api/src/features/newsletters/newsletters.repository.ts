import type { DbOrTx } from '../../lib/ctx.ts';

const listFields = { id: true, title: true, publicationDate: true, size: true } as const;

/** Every newsletter without its content, newest first. */
export function listNewsletters(db: DbOrTx) {
  return db.newsletter.findMany({ select: listFields, orderBy: [{ publicationDate: 'desc' }, { id: 'desc' }] });
}
export type NewsletterRow = Awaited<ReturnType<typeof listNewsletters>>[number];

/**
 * One newsletter with its PDF. The bytes travel as base64 text: the embedded database turns a
 * bytea parameter or column into JavaScript byte by byte (20 MB: 20 s in, 7 s out); as text
 * it takes well under a second. The same SQL runs on PostgreSQL.
 */
export async function findNewsletterFile(db: DbOrTx, id: number): Promise<{ id: number; fileName: string; content: Buffer } | undefined> {
  const rows = await db.$queryRaw<{ id: number; fileName: string; content: string }[]>`
    SELECT "id", "fileName", encode("content", 'base64') AS "content" FROM "newsletters" WHERE "id" = ${id}`;
  const row = rows[0];
  // PostgreSQL breaks base64 into lines; Node's decoder skips the line breaks.
  return row && { id: row.id, fileName: row.fileName, content: Buffer.from(row.content, 'base64') };
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
}

/** Stores a newsletter; its PDF goes in as base64 text (see findNewsletterFile). */
export async function insertNewsletter(db: DbOrTx, fields: NewsletterFields): Promise<NewsletterRow> {
  const rows = await db.$queryRaw<NewsletterRow[]>`
    INSERT INTO "newsletters" ("title", "publicationDate", "fileName", "size", "content", "createdAt")
    VALUES (${fields.title}, ${fields.publicationDate}::date, ${fields.fileName}, ${fields.content.byteLength},
            decode(${fields.content.toString('base64')}, 'base64'), ${fields.createdAt})
    RETURNING "id", "title", "publicationDate", "size"`;
  return rows[0] as NewsletterRow;
}

/** Deletes one newsletter; false when there was none. */
export async function deleteNewsletterRow(db: DbOrTx, id: number): Promise<boolean> {
  const { count } = await db.newsletter.deleteMany({ where: { id } });
  return count > 0;
}

/** Members with a membership covering `today`: who gets the notice of a new newsletter. */
export function listActiveMembers(db: DbOrTx, today: Date) {
  return db.member.findMany({
    where: { memberships: { some: { validFrom: { lte: today }, validTo: { gte: today } } } },
    select: { id: true, firstName: true, email: true },
    orderBy: { id: 'asc' },
  });
}
