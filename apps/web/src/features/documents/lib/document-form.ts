import { clubDocumentFieldsSchema } from '@club/contract';
import type { z } from 'zod';
import { pdfFileList } from '@/lib/pdf-file';

/** The board's upload form: the contract's title and date and one PDF of at most 20 MB. */
export const documentFormSchema = clubDocumentFieldsSchema.extend({ file: pdfFileList });
export type DocumentFormInput = z.input<typeof documentFormSchema>;
export type DocumentFormData = z.output<typeof documentFormSchema>;

export const DOCUMENT_FIELDS = ['title', 'date', 'file'] as const;
