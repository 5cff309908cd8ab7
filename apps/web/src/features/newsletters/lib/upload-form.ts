import { newsletterFieldsSchema } from '@club/contract';
import { z } from 'zod';
import { pdfFileList } from '@/lib/pdf-file';

/** The board's upload form: the contract's title and date, the checkbox and one PDF of at most 20 MB. */
export const uploadFormSchema = newsletterFieldsSchema.extend({ notify: z.boolean(), file: pdfFileList });
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormData = z.output<typeof uploadFormSchema>;

export const UPLOAD_FIELDS = ['title', 'publicationDate', 'file'] as const;
