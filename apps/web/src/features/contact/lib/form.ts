import { contactMessageInputSchema } from '@club/contract';
import type { z } from 'zod';

/** The contact form: the contract's message, and here the name is asked for too. */
export const contactFormSchema = contactMessageInputSchema.superRefine((v, ctx) => {
  if (v.name === '') ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name: Bitte ausfüllen.' });
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormData = z.output<typeof contactFormSchema>;

export const CONTACT_FIELDS = ['recipient', 'name', 'senderEmail', 'message'] as const;
