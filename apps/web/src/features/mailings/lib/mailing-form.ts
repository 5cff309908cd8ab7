import { mailingBodySchema, mailingGroupKindSchema, PDF_MAX_BYTES, type MailingGroup, type MailingGroupKind } from '@club/contract';
import { z } from 'zod';
import { formatNumber } from '@/lib/format';

const MAX_MB = PDF_MAX_BYTES / (1024 * 1024);

/** An optional PDF: none, or one file of at most 20 MB (the server checks that it is a PDF). */
const optionalPdf = z
  .custom<FileList>((v) => typeof FileList !== 'undefined' && v instanceof FileList, { error: 'Datei: Bitte eine PDF-Datei wählen.' })
  .refine((files) => files.length <= 1, { error: 'Datei: Höchstens eine PDF-Datei.' })
  .refine((files) => (files[0]?.size ?? 0) <= PDF_MAX_BYTES, { error: `Datei: Höchstens ${MAX_MB} MB.` })
  .optional();

/** The form: the kind of group and its season, category, event or game, subject, text (Markdown) and an optional PDF. */
export const mailingFormSchema = z
  .object({
    kind: z.union([mailingGroupKindSchema, z.literal('')]).refine((v) => v !== '', { error: 'Gruppe: Bitte eine Gruppe wählen.' }),
    groupId: z.string(),
    subject: mailingBodySchema.shape.subject,
    text: mailingBodySchema.shape.text,
    file: optionalPdf,
  })
  .superRefine((values, ctx) => {
    // Runs even when the kind is not chosen yet (zod checks the object after its fields' failures too).
    const names = (GROUP_ID_LABELS as Partial<Record<string, { accusative: string }>>)[values.kind];
    if (names && values.groupId === '') {
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: `Gruppe: Bitte ${names.accusative} wählen.` });
    }
  });
export type MailingFormInput = z.input<typeof mailingFormSchema>;
export type MailingFormData = z.output<typeof mailingFormSchema>;

/** The server's field paths as the form's fields. */
export const MAILING_FIELDS = ['kind', 'groupId', 'subject', 'text', 'file'] as const;
export function formFieldOf(serverPath: string): string {
  if (serverPath === 'group.kind') return 'kind';
  if (serverPath === 'group.id' || serverPath === 'group') return 'groupId';
  return serverPath;
}

/** The label of the second select, by kind. */
export const GROUP_ID_LABELS: Record<Exclude<MailingGroupKind, 'BOARD'>, { label: string; accusative: string }> = {
  SEASON: { label: 'Saison', accusative: 'eine Saison' },
  CATEGORY: { label: 'Kategorie', accusative: 'eine Kategorie' },
  EVENT: { label: 'Veranstaltung', accusative: 'eine Veranstaltung' },
  GAME: { label: 'Spiel', accusative: 'ein Spiel' },
};

/** The group the form's two selects name, or null while it is not complete. */
export function groupOf(kind: string, groupId: string): MailingGroup | null {
  const parsed = mailingGroupKindSchema.safeParse(kind);
  if (!parsed.success) return null;
  if (parsed.data === 'BOARD') return { kind: 'BOARD' };
  const id = Number(groupId);
  return groupId !== '' && Number.isInteger(id) && id > 0 ? { kind: parsed.data, id } : null;
}

/** «An 123 Empfänger». */
export function recipientsText(count: number): string {
  return `An ${formatNumber(count)} Empfänger`;
}
