import type { DbOrTx } from '../../lib/ctx.ts';

const listFields = { id: true, title: true, date: true, size: true } as const;

/** Every document without its content, newest first. */
export function listDocuments(db: DbOrTx) {
  return db.clubDocument.findMany({ select: listFields, orderBy: [{ date: 'desc' }, { id: 'desc' }] });
}
export type DocumentRow = Awaited<ReturnType<typeof listDocuments>>[number];

export function findDocument(db: DbOrTx, id: number) {
  return db.clubDocument.findUnique({ where: { id }, select: listFields });
}

/**
 * One document with its PDF, the bytes as base64 text (the embedded database moves bytea byte
 * by byte; see `findNewsletterFile`). The same SQL runs on PostgreSQL.
 */
export async function findDocumentFile(db: DbOrTx, id: number): Promise<{ fileName: string; content: Buffer } | undefined> {
  const rows = await db.$queryRaw<{ fileName: string; content: string }[]>`
    SELECT "fileName", encode("content", 'base64') AS "content" FROM "documents" WHERE "id" = ${id}`;
  const row = rows[0];
  return row && { fileName: row.fileName, content: Buffer.from(row.content, 'base64') };
}

export interface DocumentFields {
  title: string;
  /** `YYYY-MM-DD` */
  date: string;
  fileName: string;
  content: Buffer;
  createdAt: Date;
}

/** Stores a document; its PDF goes in as base64 text (see findDocumentFile). */
export async function insertDocument(db: DbOrTx, fields: DocumentFields): Promise<DocumentRow> {
  const rows = await db.$queryRaw<DocumentRow[]>`
    INSERT INTO "documents" ("title", "date", "fileName", "size", "content", "createdAt")
    VALUES (${fields.title}, ${fields.date}::date, ${fields.fileName}, ${fields.content.byteLength},
            decode(${fields.content.toString('base64')}, 'base64'), ${fields.createdAt})
    RETURNING "id", "title", "date", "size"`;
  return rows[0] as DocumentRow;
}

/** Deletes one document; false when there was none. */
export async function deleteDocumentRow(db: DbOrTx, id: number): Promise<boolean> {
  const { count } = await db.clubDocument.deleteMany({ where: { id } });
  return count > 0;
}
