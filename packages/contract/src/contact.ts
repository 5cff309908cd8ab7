import './locale.ts';
import { z } from 'zod';
import { emailSchema, isOneLine, lineText, oneLine, requiredLineText, requiredText } from './common.ts';

/** Who may be written to through the contact form (docs/domain-rules.md «Newsletters, documents, contact, mail»). */
export const contactRecipientTypes = ['PRAESIDENT', 'TICKETS', 'KASSIER', 'VORSTAND'] as const;
export const contactRecipientTypeSchema = z.enum(contactRecipientTypes, {
  error: 'Empfänger: Bitte einen Empfänger aus der Liste wählen.',
});
export type ContactRecipientType = z.infer<typeof contactRecipientTypeSchema>;

/** A recipient as everyone sees it (`GET /api/v1/contact/recipients`): never the e-mail address. */
export const contactRecipientSchema = z.object({ type: contactRecipientTypeSchema, label: z.string() });
export type ContactRecipient = z.infer<typeof contactRecipientSchema>;

/** Longest message and name the form accepts. */
export const contactLimits = { message: 5000, name: 100 } as const;

/**
 * Body of `POST /api/v1/contact/` (docs/domain-rules.md «Wire names»: senderEmail, recipient, message; and a name).
 * `website` is the honeypot: only robots fill it; a filled one gets the same answer, nothing is
 * stored or sent.
 */
export const contactMessageInputSchema = z.object(
  {
    senderEmail: emailSchema,
    recipient: contactRecipientTypeSchema,
    message: requiredText('Nachricht', contactLimits.message),
    name: lineText('Name', contactLimits.name).default(''),
    website: z.unknown().optional(),
  },
  { error: 'Bitte die Nachricht als JSON-Objekt senden.' },
);
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
export type ContactMessageData = z.output<typeof contactMessageInputSchema>;

/** Answer (202) to the contact form: the message is stored and will be mailed. */
export const contactReceiptSchema = z.object({ recipient: contactRecipientTypeSchema, label: z.string() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** A recipient as the board sees it: with the address; '' = not offered on the form. */
export const contactRecipientAdminSchema = contactRecipientSchema.extend({ email: z.string() });
export type ContactRecipientAdmin = z.infer<typeof contactRecipientAdminSchema>;

/** One recipient in `PUT /api/v1/admin/contact/recipients`; an empty e-mail takes it off the form. */
export const contactRecipientInputSchema = z.object({
  type: contactRecipientTypeSchema,
  label: requiredLineText('Bezeichnung', 80),
  // One line first: a control character is malformed (400) before the union asks which kind it is.
  email: z
    .string({ error: 'E-Mail: Bitte eine E-Mail-Adresse angeben.' })
    .refine(isOneLine, oneLine('E-Mail'))
    .pipe(z.literal('').or(emailSchema)),
});

/** Body of `PUT /api/v1/admin/contact/recipients`: the recipients to set, each type at most once. */
export const contactRecipientsInputSchema = z
  .array(contactRecipientInputSchema, { error: 'Bitte eine Liste der Empfänger senden.' })
  .max(contactRecipientTypes.length, { error: `Höchstens ${contactRecipientTypes.length} Empfänger.` })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((r, i) => {
      if (seen.has(r.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: 'Empfänger: Jeder Empfänger nur einmal.' });
      seen.add(r.type);
    });
  });
export type ContactRecipientsInput = z.input<typeof contactRecipientsInputSchema>;
