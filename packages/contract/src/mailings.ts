import './locale.ts';
import { z } from 'zod';
import { isoDateTime, requiredLineText, requiredText } from './common.ts';

/**
 * Mail to groups (`/api/v1/admin/mailings`): the board writes one mail (subject, Markdown text,
 * optional PDF) to a group; the server writes one outbox row per member of the group.
 */

/** Who a mailing goes to: a season's members, a category's, an event's confirmed subscribers, a game's ticket holders, the board. */
export const MAILING_GROUP_KINDS = ['SEASON', 'CATEGORY', 'EVENT', 'GAME', 'BOARD'] as const;
export const mailingGroupKindSchema = z.enum(MAILING_GROUP_KINDS, {
  error: 'Gruppe: Bitte Saison, Kategorie, Veranstaltung, Spiel oder Vorstand wählen.',
});
export type MailingGroupKind = z.infer<typeof mailingGroupKindSchema>;

/** German names of the kinds, for the form's select and the confirmation. */
export const MAILING_GROUP_KIND_LABELS: Record<MailingGroupKind, string> = {
  SEASON: 'Aktive Mitglieder einer Saison',
  CATEGORY: 'Mitgliederkategorie',
  EVENT: 'Angemeldete einer Veranstaltung',
  GAME: 'Ticketinhaber eines Spiels',
  BOARD: 'Vorstand',
};

/** What the id of each kind names, for the German messages ("Bitte eine Saison wählen."). */
const ID_NOUNS: Record<Exclude<MailingGroupKind, 'BOARD'>, string> = {
  SEASON: 'eine Saison',
  CATEGORY: 'eine Kategorie',
  EVENT: 'eine Veranstaltung',
  GAME: 'ein Spiel',
};

const groupId = z
  .number({ error: 'Gruppe: Bitte eine Auswahl treffen.' })
  .refine((n) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647, { error: 'Gruppe: Ungültige Auswahl.' });

/** `{kind, id}`: `id` is the season's, category's, event's or game's id, required except for the board. */
export const mailingGroupSchema = z
  .object({ kind: mailingGroupKindSchema, id: groupId.optional() }, { error: 'Gruppe: Bitte eine Gruppe wählen.' })
  .superRefine((group, ctx) => {
    // Runs after a failed kind too (zod checks the object after its fields' failures): only known kinds.
    const noun = (ID_NOUNS as Partial<Record<string, string>>)[group.kind];
    if (noun && group.id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: `Gruppe: Bitte ${noun} wählen.` });
    }
  })
  .transform((group) => (group.kind === 'BOARD' ? { kind: group.kind } : group));
export type MailingGroup = z.output<typeof mailingGroupSchema>;

export const MAILING_SUBJECT_MAX = 200;
export const MAILING_TEXT_MAX = 20_000;

/** `POST /api/v1/admin/mailings`; `attachmentId` names a PDF uploaded before (`POST .../mailings/attachments`). */
export const mailingBodySchema = z.object(
  {
    subject: requiredLineText('Betreff', MAILING_SUBJECT_MAX),
    text: requiredText('Text', MAILING_TEXT_MAX),
    group: mailingGroupSchema,
    attachmentId: groupId.optional(),
  },
  { error: 'Bitte Betreff, Text und Gruppe angeben.' },
);
export type MailingBody = z.input<typeof mailingBodySchema>;

/**
 * `POST /api/v1/admin/mailings/preview`: who would get the mail, and with subject and text the
 * mail itself as a member of the group gets it.
 */
export const mailingPreviewBodySchema = z.object(
  {
    group: mailingGroupSchema,
    subject: mailingBodySchema.shape.subject.optional(),
    text: mailingBodySchema.shape.text.optional(),
  },
  { error: 'Bitte eine Gruppe angeben.' },
);
export type MailingPreviewBody = z.input<typeof mailingPreviewBodySchema>;

/** A mail as sent: subject, the HTML part (a whole document) and the plain text part. */
export const renderedMailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedMail = z.infer<typeof renderedMailSchema>;

/**
 * Answer of the preview: the group's German name, how many members would get the mail, and the
 * mail as they see it (greeting the board member asking; null without subject and text).
 */
export const mailingPreviewSchema = z.object({
  group: z.object({ kind: mailingGroupKindSchema, id: z.number().nullable() }),
  label: z.string(),
  recipients: z.number().int(),
  mail: renderedMailSchema.nullable(),
});
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

/** Answer 202 of `POST /api/v1/admin/mailings/test` (the mailing's body): the test mail is on its way to `to`, the board member's own address. */
export const mailingTestSchema = z.object({ to: z.string() });
export type MailingTest = z.infer<typeof mailingTestSchema>;

/** A PDF uploaded for a mailing (answer 201 of `POST /api/v1/admin/mailings/attachments`). */
export const mailingAttachmentSchema = z.object({ id: z.number(), fileName: z.string(), size: z.number().int() });
export type MailingAttachment = z.infer<typeof mailingAttachmentSchema>;

/**
 * A mailing in the board's list (newest first), with the outbox's counts: `sent` mails the mail
 * server accepted, `failed` mails whose last attempt failed (they are retried), the rest waiting.
 */
export const mailingSchema = z.object({
  id: z.number(),
  subject: z.string(),
  groupKind: mailingGroupKindSchema,
  groupLabel: z.string(),
  senderName: z.string(),
  createdAt: isoDateTime,
  attachmentName: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type Mailing = z.infer<typeof mailingSchema>;

/**
 * The choices of the form: seasons with their categories (newest first), events and games
 * (upcoming ones first, the next first; then the past ones, the latest first, marked `past`).
 */
export const mailingGroupOptionSchema = z.object({ id: z.number(), label: z.string() });
export const mailingDatedOptionSchema = mailingGroupOptionSchema.extend({ past: z.boolean() });
export type MailingDatedOption = z.infer<typeof mailingDatedOptionSchema>;
export const mailingGroupOptionsSchema = z.object({
  seasons: z.array(mailingGroupOptionSchema),
  categories: z.array(mailingGroupOptionSchema),
  events: z.array(mailingDatedOptionSchema),
  games: z.array(mailingDatedOptionSchema),
});
export type MailingGroupOptions = z.infer<typeof mailingGroupOptionsSchema>;
