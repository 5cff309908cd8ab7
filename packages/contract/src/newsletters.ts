import './locale.ts';
import { z } from 'zod';
import { isoDate, requiredText } from './common.ts';

/** The largest newsletter PDF the board may upload (bytes): larger is a 413. */
export const NEWSLETTER_MAX_BYTES = 20 * 1024 * 1024;

/** A newsletter in the members' list (`GET /api/v1/newsletters/`), newest first; `size` in bytes. */
export const newsletterSchema = z.object({
  id: z.number(),
  title: z.string(),
  publicationDate: isoDate,
  size: z.number().int(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

/** Answer (201) to the upload: the new newsletter and how many members get the notice by mail. */
export const newsletterUploadedSchema = newsletterSchema.extend({ notified: z.number().int() });
export type NewsletterUploaded = z.infer<typeof newsletterUploadedSchema>;

/** Title and date of a newsletter, the same rules in the browser's form and on the server. */
export const newsletterFieldsSchema = z.object({
  title: requiredText('Titel', 200),
  publicationDate: z
    .string({ error: 'Erscheinungsdatum: Bitte ein Datum angeben.' })
    .trim()
    .min(1, { error: 'Erscheinungsdatum: Bitte ausfüllen.' })
    .pipe(z.iso.date({ error: 'Erscheinungsdatum: Bitte ein gültiges Datum angeben.' }))
    .refine((d) => d >= '2000-01-01' && d <= '2099-12-31', { error: 'Erscheinungsdatum: Bitte ein Datum zwischen 2000 und 2099 angeben.' }),
});

/**
 * The text fields of `POST /api/v1/admin/newsletters` (multipart, DESIGN.md §8; the PDF is the
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

/**
 * The name a downloaded newsletter is saved under: date and title, with what file systems
 * refuse replaced (`/ \ : * ? " < > |`, control characters). Umlauts stay; the download
 * header encodes them (RFC 6266 / 5987).
 */
export function newsletterFileName(title: string, publicationDate: string): string {
  const cleaned = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100)
    .trim();
  return `${publicationDate} ${cleaned || 'Newsletter'}.pdf`;
}
