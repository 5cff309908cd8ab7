import { NEWSLETTER_MAX_BYTES, newsletterFieldsSchema } from '@club/contract';
import { z } from 'zod';

const MAX_MB = NEWSLETTER_MAX_BYTES / (1024 * 1024);

/** The board's upload form: the contract's title and date, the checkbox and one PDF of at most 20 MB. */
export const uploadFormSchema = newsletterFieldsSchema.extend({
  notify: z.boolean(),
  file: z
    .custom<FileList>((v) => typeof FileList !== 'undefined' && v instanceof FileList, { error: 'Datei: Bitte eine PDF-Datei wählen.' })
    .refine((files) => files.length === 1, { error: 'Datei: Bitte eine PDF-Datei wählen.' })
    .refine((files) => (files[0]?.size ?? 0) <= NEWSLETTER_MAX_BYTES, { error: `Datei: Höchstens ${MAX_MB} MB.` }),
});
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormData = z.output<typeof uploadFormSchema>;

export const UPLOAD_FIELDS = ['title', 'publicationDate', 'file'] as const;
