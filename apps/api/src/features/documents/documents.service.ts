import { clubDocumentFileName, type ClubDocument, type ClubDocumentFields } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toIsoDate } from '../../lib/dates.ts';
import { checkPdfUpload } from '../../lib/pdf.ts';
import {
  deleteDocumentRow,
  findDocument,
  findDocumentFile,
  insertDocument,
  listDocuments as listDocumentRows,
  type DocumentRow,
} from './documents.repository.ts';

const NOT_FOUND = 'Dieses Dokument gibt es nicht.';

function toDocument(row: DocumentRow): ClubDocument {
  return { id: row.id, title: row.title, date: toIsoDate(row.date), size: row.size };
}

/** The members' document area, newest first (without the PDFs). */
export async function listDocuments(ctx: Ctx): Promise<ClubDocument[]> {
  return (await listDocumentRows(ctx.db)).map(toDocument);
}

/** The PDF of one document and the name to save it under. */
export async function getDocumentFile(ctx: Ctx, id: number): Promise<{ fileName: string; content: Buffer }> {
  const file = await findDocumentFile(ctx.db, id);
  if (!file) throw notFound(NOT_FOUND);
  return file;
}

/** The board's upload: checks the content is a PDF and stores it, with its audit row, in one transaction. */
export async function uploadDocument(ctx: Ctx, input: { fields: ClubDocumentFields; content: Buffer | undefined }): Promise<ClubDocument> {
  const { fields, content } = input;
  checkPdfUpload(content);
  return withTx(ctx, async (tx) => {
    const row = await insertDocument(tx.db, {
      title: fields.title,
      date: fields.date,
      fileName: clubDocumentFileName(fields.title, fields.date),
      content,
      createdAt: tx.now,
    });
    await writeAudit(tx, {
      action: 'document.uploaded',
      entity: 'document',
      entityId: row.id,
      data: { title: row.title, date: fields.date, size: row.size },
    });
    return toDocument(row);
  });
}

export async function deleteDocument(ctx: Ctx, id: number): Promise<void> {
  await withTx(ctx, async (tx) => {
    const row = await findDocument(tx.db, id);
    if (!row || !(await deleteDocumentRow(tx.db, id))) throw notFound(NOT_FOUND);
    await writeAudit(tx, {
      action: 'document.deleted',
      entity: 'document',
      entityId: id,
      data: { title: row.title, date: toIsoDate(row.date) },
    });
  });
}
