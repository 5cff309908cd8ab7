import './locale.ts';
import { z } from 'zod';
import { isoDate, requiredText } from './common.ts';
import { documentDate, pdfFileName } from './pdf-files.ts';

/** A document of the members' document area (`GET /api/v1/documents/`), newest first; `size` in bytes. */
export const clubDocumentSchema = z.object({
  id: z.number(),
  title: z.string(),
  date: isoDate,
  size: z.number().int(),
});
export type ClubDocument = z.infer<typeof clubDocumentSchema>;

/**
 * The text fields of `POST /api/v1/admin/documents` (multipart; the PDF is the part `file`),
 * the same rules in the browser's form and on the server.
 */
export const clubDocumentFieldsSchema = z.object({
  title: requiredText('Titel', 200),
  date: documentDate('Datum'),
});
export type ClubDocumentFields = z.output<typeof clubDocumentFieldsSchema>;

/** The name a downloaded document is saved under: `<date> <title>.pdf`. */
export function clubDocumentFileName(title: string, date: string): string {
  return pdfFileName(title, date, 'Dokument');
}
