import './locale.ts';
import { z } from 'zod';

/** The largest PDF the board may upload as a newsletter or a document (bytes): larger is a 413. */
export const PDF_MAX_BYTES = 20 * 1024 * 1024;

/** A document's date (a newsletter's publication date, a document's date) under its German label. */
export function documentDate(label: string) {
  return z
    .string({ error: `${label}: Bitte ein Datum angeben.` })
    .trim()
    .min(1, { error: `${label}: Bitte ausfüllen.` })
    .pipe(z.iso.date({ error: `${label}: Bitte ein gültiges Datum angeben.` }))
    .refine((d) => d >= '2000-01-01' && d <= '2099-12-31', { error: `${label}: Bitte ein Datum zwischen 2000 und 2099 angeben.` });
}

/**
 * The name a downloaded PDF is saved under: date and title, with what file systems refuse
 * replaced (`/ \ : * ? " < > |`, control characters); `fallback` when nothing of the title is
 * left. Umlauts stay; the download header encodes them (RFC 6266 / 5987).
 */
export function pdfFileName(title: string, date: string, fallback: string): string {
  const cleaned = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100)
    .trim();
  return `${date} ${cleaned || fallback}.pdf`;
}
