import './locale.ts';
import { z } from 'zod';
import { isoDate, requiredLineText } from './common.ts';
import { documentDate, PDF_MAX_BYTES, pdfFileName } from './pdf-files.ts';

/** The largest newsletter PDF the board may upload (bytes): larger is a 413. */
export const NEWSLETTER_MAX_BYTES = PDF_MAX_BYTES;

/**
 * A newsletter in the members' list (`GET /api/v1/newsletters/`), newest first; `size` in bytes.
 * Members see a newsletter from its publication date on; the board sees the coming ones too,
 * with `upcoming` set (shown «ab dd.mm.yyyy»).
 */
export const newsletterSchema = z.object({
  id: z.number(),
  title: z.string(),
  publicationDate: isoDate,
  size: z.number().int(),
  upcoming: z.boolean(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

/**
 * Answer (201) to the upload: the new newsletter and how many members get the notice by mail now;
 * `announcedOn` is the publication date when the notice waits for it (a coming newsletter), else null.
 */
export const newsletterUploadedSchema = newsletterSchema.extend({ notified: z.number().int(), announcedOn: isoDate.nullable() });
export type NewsletterUploaded = z.infer<typeof newsletterUploadedSchema>;

/** Title and date of a newsletter, the same rules in the browser's form and on the server. */
export const newsletterFieldsSchema = z.object({
  title: requiredLineText('Titel', 200),
  publicationDate: documentDate('Erscheinungsdatum'),
});

/**
 * The text fields of `POST /api/v1/admin/newsletters` (multipart, docs/domain-rules.md «Wire names»; the PDF is the
 * part `file`). `notify` is the checkbox "Mitglieder per E-Mail benachrichtigen": a form sends
 * `on`/`true`/`1` when ticked and nothing when not.
 */
export const newsletterUploadFieldsSchema = newsletterFieldsSchema.extend({
  notify: z
    .enum(['true', 'false', 'on', '1', '0', ''], { error: 'Benachrichtigen: Bitte ja oder nein angeben.' })
    .optional()
    .transform((v) => v === 'true' || v === 'on' || v === '1'),
});
export type NewsletterUploadFields = z.output<typeof newsletterUploadFieldsSchema>;

/** The name a downloaded newsletter is saved under: `<date> <title>.pdf` (`pdfFileName`). */
export function newsletterFileName(title: string, publicationDate: string): string {
  return pdfFileName(title, publicationDate, 'Newsletter');
}
