import { z } from 'zod';
import { idParam, isoDateTime } from './common.ts';

/**
 * A club moving in: the board uploads its member list (CSV or XLSX), corrects the proposed
 * column mapping, sees every row with its status and commits; the member export has the same
 * columns, so export → import is a round trip.
 */

/** The fields a column can be mapped to, in the order of the export's columns. */
export const IMPORT_FIELDS = [
  'memberNumber',
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'street',
  'houseNumber',
  'addressLine2',
  'postalCode',
  'city',
  'country',
  'mobile',
  'landLine',
  'memberSince',
  'category',
  'remarks',
] as const;
export const importFieldSchema = z.enum(IMPORT_FIELDS, { error: 'Zuordnung: Dieses Feld gibt es nicht.' });
export type ImportField = z.infer<typeof importFieldSchema>;

/** The German column heading of each field (the export's headings; the import recognises them). */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  memberNumber: 'Mitglied-Nr.',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  dateOfBirth: 'Geburtsdatum',
  street: 'Strasse',
  houseNumber: 'Nr.',
  addressLine2: 'Adresszusatz',
  postalCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  mobile: 'Natel',
  landLine: 'Telefon',
  memberSince: 'Mitglied seit',
  category: 'Kategorie',
  remarks: 'Bemerkungen',
};

/** Most bytes and rows a member file may have. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/** NEW: becomes a member; UPDATE: changes the member it matches; DUPLICATE: nothing to do; ERROR: see its errors. */
export const importRowStatusSchema = z.enum(['NEW', 'UPDATE', 'DUPLICATE', 'ERROR']);
export type ImportRowStatus = z.infer<typeof importRowStatusSchema>;

/** What a row that matches an existing member does: change the member, or leave it as it is. */
export const importDuplicateActionSchema = z.enum(['UPDATE', 'SKIP'], { error: 'Bitte «UPDATE» oder «SKIP» wählen.' });
export type ImportDuplicateAction = z.infer<typeof importDuplicateActionSchema>;

export const importRowSchema = z.object({
  /** The row's line in the file (the heading is line 1). */
  row: z.number().int(),
  status: importRowStatusSchema,
  /** The existing member the row matches, or null. */
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  /** For a row matching a member: what it does (the row's own choice, else the choice for all). */
  action: importDuplicateActionSchema.nullable(),
  /** Why: a duplicate's reason, or what an update changes. */
  note: z.string().nullable(),
  /** The mapped values as they will be stored (phones normalised, dates ISO). */
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCountsSchema = z.object({
  new: z.number().int(),
  update: z.number().int(),
  duplicate: z.number().int(),
  error: z.number().int(),
});

export const importCommitResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  invited: z.number().int(),
});
export type ImportCommitResult = z.infer<typeof importCommitResultSchema>;

/** An import as the board sees it: answer of the upload, the change and the read. */
export const memberImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  createdAt: isoDateTime,
  columns: z.array(z.string()),
  mapping: z.record(z.string(), importFieldSchema.nullable()),
  seasonId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  invite: z.boolean(),
  duplicates: importDuplicateActionSchema,
  rows: z.number().int(),
  counts: importCountsSchema,
  preview: z.array(importRowSchema),
  committedAt: isoDateTime.nullable(),
  result: importCommitResultSchema.nullable(),
  /** Login invitations of this import still waiting in the outbox. */
  invitationsWaiting: z.number().int(),
});
export type MemberImport = z.infer<typeof memberImportSchema>;

/** An open import in the list (without its rows). */
export const memberImportSummarySchema = memberImportSchema.pick({ id: true, fileName: true, createdAt: true, rows: true });
export type MemberImportSummary = z.infer<typeof memberImportSummarySchema>;

const BODY_ERROR = 'Anfrage: Bitte die Angaben als JSON-Objekt senden.';

/** `PUT /api/v1/admin/members/imports/{id}`: the board's choices; the rows are checked again. */
export const memberImportUpdateBodySchema = z.object(
  {
    mapping: z.record(z.string().max(200), importFieldSchema.nullable(), {
      error: 'Zuordnung: Bitte je Spalte ein Feld oder null angeben.',
    }),
    seasonId: idParam.nullable(),
    categoryId: idParam.nullable(),
    invite: z.boolean({ error: 'Einladungen: Bitte true oder false angeben.' }),
    /** For every row that matches a member (default SKIP). */
    duplicates: importDuplicateActionSchema.optional(),
    /** One row's own choice, by its line: `{"7": "UPDATE"}`. */
    rowActions: z
      .record(z.string().regex(/^[1-9][0-9]{0,5}$/, { error: 'Zeile: Bitte eine Zeilennummer angeben.' }), importDuplicateActionSchema)
      .optional(),
  },
  { error: BODY_ERROR },
);
export type MemberImportUpdateBody = z.input<typeof memberImportUpdateBodySchema>;

/** `POST .../imports/{id}/commit`: error rows stay out only when the board says so. */
export const memberImportCommitBodySchema = z
  .object({ skipErrors: z.boolean({ error: 'skipErrors: Bitte true oder false angeben.' }).optional() }, { error: BODY_ERROR })
  .optional()
  .transform((b) => ({ skipErrors: b?.skipErrors ?? false }));
