import { PDF_MAX_BYTES } from '@club/contract';
import { z } from 'zod';

const MAX_MB = PDF_MAX_BYTES / (1024 * 1024);

/** A form's file input for one PDF of at most 20 MB (a newsletter, a document). */
export const pdfFileList = z
  .custom<FileList>((v) => typeof FileList !== 'undefined' && v instanceof FileList, { error: 'Datei: Bitte eine PDF-Datei wählen.' })
  .refine((files) => files.length === 1, { error: 'Datei: Bitte eine PDF-Datei wählen.' })
  .refine((files) => (files[0]?.size ?? 0) <= PDF_MAX_BYTES, { error: `Datei: Höchstens ${MAX_MB} MB.` });

const oneDecimal = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 1 });

/** A file size as people read it: `850 KB`, `1.2 MB` (de-CH: decimal point). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
