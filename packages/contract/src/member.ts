import './locale.ts';
import { z } from 'zod';
import { addressSchema, isoDate, isoDateTime, requiredText, roleSchema, text } from './common.ts';
import { invoiceSummarySchema } from './invoices.ts';
import { ticketReservationSchema } from './tickets.ts';

export const addressOutSchema = addressSchema.extend({
  id: z.number(),
  validFrom: isoDate,
  validTo: isoDate.nullable(),
  current: z.boolean(),
});
export type AddressOut = z.infer<typeof addressOutSchema>;

export const phoneSchema = z.object({
  id: z.number(),
  type: z.enum(['LANDLINE', 'MOBILE']),
  number: z.string(),
});
export type Phone = z.infer<typeof phoneSchema>;

export const membershipSchema = z.object({
  id: z.number(),
  seasonId: z.number(),
  seasonName: z.string(),
  validFrom: isoDate,
  validTo: isoDate,
  /** the member may park at the stadium this season (billed by the parking fee run) */
  parkingPermit: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** The fields every view of a member shares (own data and the board's view). */
export const memberCoreFields = {
  id: z.number(),
  memberNumber: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The current address (the one flagged current), or null. */
  address: addressOutSchema.nullable(),
  landLine: z.string().nullable(),
  mobile: z.string().nullable(),
  roles: z.array(roleSchema),
};

/** `GET /api/v1/member/` (SPEC.md §3 "Member (own data)"). */
export const ownMemberSchema = z.object({
  ...memberCoreFields,
  dob: isoDate.nullable(),
  memberships: z.array(membershipSchema),
  ticketReservations: z.array(ticketReservationSchema),
  invoices: z.array(invoiceSummarySchema),
  /** A new e-mail address waiting for its confirmation link, or null. */
  pendingEmail: z.string().nullable(),
});
export type OwnMember = z.infer<typeof ownMemberSchema>;

/** Names of the expands of `GET /api/v1/member/?expands=*`. */
export const ownMemberExpands = ['addresses', 'phones', 'memberships', 'ticketreservations', 'invoices'] as const;

// ---------------------------------------------------------------------------
// Typed input of a member's own account and of the board's member administration.
// Stricter than plain text: names and address parts only take the characters they
// need, so markup or statement fragments are refused with a German field message.

const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
const ADDRESS_PATTERN = /^[\p{L}\p{M}\p{N} .,'’/-]*$/u;
const HOUSE_NUMBER_PATTERN = /^[\p{L}\p{N} ./-]*$/u;
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9 -]*$/;
const PHONE_PATTERN = /^\+?[0-9 ()/.-]+$/;

/** A first or last name: letters, spaces, apostrophes, dots and hyphens. */
export function personName(label: string, max: number) {
  return requiredText(label, max).refine((s) => s === '' || NAME_PATTERN.test(s), {
    error: `${label}: Bitte nur Buchstaben, Leerzeichen, Apostroph, Punkt und Bindestrich verwenden.`,
  });
}

function addressPart(label: string, max: number, required: boolean) {
  const base = required ? requiredText(label, max) : text(label, max);
  return base.refine((s) => ADDRESS_PATTERN.test(s), {
    error: `${label}: Bitte nur Buchstaben, Ziffern, Leerzeichen und . , ' - / verwenden.`,
  });
}

/** An address as a member or the board enters it (DESIGN.md §8 field names). */
export const memberAddressSchema = z.object(
  {
  street: addressPart('Strasse', 100, true),
  houseNumber: text('Hausnummer', 16)
    .refine((s) => HOUSE_NUMBER_PATTERN.test(s), { error: 'Hausnummer: Bitte nur Buchstaben, Ziffern und - / verwenden.' })
    .default(''),
  addressLine2: addressPart('Adresszusatz', 100, false).default(''),
  postalCode: requiredText('PLZ', 16).refine((s) => POSTAL_CODE_PATTERN.test(s), {
    error: 'PLZ: Bitte nur Ziffern und Buchstaben verwenden.',
  }),
  city: addressPart('Ort', 80, true),
  country: z
    .string({ error: 'Land: Bitte einen zweistelligen Ländercode angeben (z. B. CH).' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Land: Bitte einen zweistelligen Ländercode angeben (z. B. CH).' })
    .default('CH'),
  },
  { error: 'Adresse: Bitte die Angaben als JSON-Objekt senden.' },
);
export type MemberAddressInput = z.input<typeof memberAddressSchema>;
export type MemberAddress = z.output<typeof memberAddressSchema>;

/** An e-mail address (trimmed, at most 254 characters). */
export const emailSchema = z
  .string({ error: 'E-Mail: Bitte eine E-Mail-Adresse angeben.' })
  .trim()
  .max(254, { error: 'E-Mail: Höchstens 254 Zeichen.' })
  .pipe(z.email({ error: 'E-Mail: Bitte eine gültige E-Mail-Adresse angeben.' }));

/** A phone number: digits, spaces, + ( ) - / . with 6 to 20 digits; empty means none (null). */
export function phoneNumber(label: string) {
  return z
    .string({ error: `${label}: Bitte eine Telefonnummer angeben.` })
    .trim()
    .max(30, { error: `${label}: Höchstens 30 Zeichen.` })
    .refine((s) => s === '' || PHONE_PATTERN.test(s), { error: `${label}: Bitte nur Ziffern, Leerzeichen und + ( ) - / verwenden.` })
    .refine(
      (s) => {
        if (s === '') return true;
        const digits = s.replace(/\D/g, '').length;
        return digits >= 6 && digits <= 20;
      },
      { error: `${label}: Eine Telefonnummer hat 6 bis 20 Ziffern.` },
    )
    .transform((s) => (s === '' ? null : s));
}

// --- Address change (POST /api/v1/member/addresses) ------------------------

/** Body of `POST /api/v1/member/addresses`. */
export const addressChangeBodySchema = memberAddressSchema;

// --- E-mail change (PUT /api/v1/member/email) -------------------------------

/** Body of `PUT /api/v1/member/email`. */
export const emailChangeBodySchema = z.object({ email: emailSchema }, { error: 'Anfrage: Bitte die Angaben als JSON-Objekt senden.' });
export type EmailChangeBody = z.input<typeof emailChangeBodySchema>;

/** Answer (202) to `PUT /api/v1/member/email`: the change waits for the link in the mail. */
export const emailChangeRequestedSchema = z.object({
  pendingEmail: z.string(),
  expiresAt: isoDateTime,
});
export type EmailChangeRequested = z.infer<typeof emailChangeRequestedSchema>;

/** Body of `POST /api/v1/member/email/confirm` (the token from the mail link; no login needed). */
export const emailConfirmBodySchema = z.object(
  {
  token: z
    .string({ error: 'Der Bestätigungslink ist unvollständig.' })
    .trim()
    .min(20, { error: 'Der Bestätigungslink ist unvollständig.' })
    .max(200, { error: 'Der Bestätigungslink ist ungültig.' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Der Bestätigungslink ist ungültig.' }),
  },
  { error: 'Anfrage: Bitte die Angaben als JSON-Objekt senden.' },
);
export const emailChangeConfirmedSchema = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;

/** Hours a confirmation link for a new e-mail address stays valid. */
export const EMAIL_CHANGE_VALID_HOURS = 48;

// --- Audit entries (shown to the board, and in a member's data export) ------

export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** One change: the field with its value before and after. */
export const auditChangeSchema = z.object({ field: z.string(), before: auditValueSchema, after: auditValueSchema });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** e.g. `member.updated`, `member.phones.updated`, `membership.added` */
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  changes: z.array(auditChangeSchema),
  /** Further facts the entry recorded (e.g. the member number of an accepted application). */
  details: z.record(z.string(), auditValueSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// --- Data export (GET /api/v1/member/export) --------------------------------

export const memberExportSchema = z.object({
  exportedAt: isoDateTime,
  profile: z.object({
    id: z.number(),
    memberNumber: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    dateOfBirth: isoDate.nullable(),
    roles: z.array(roleSchema),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
  login: z
    .object({ username: z.string(), passwordSet: z.boolean(), createdAt: isoDateTime })
    .nullable(),
  addresses: z.array(addressOutSchema),
  phones: z.array(phoneSchema),
  memberships: z.array(membershipSchema),
  pendingEmailChanges: z.array(z.object({ newEmail: z.string(), requestedAt: isoDateTime, expiresAt: isoDateTime })),
  ticketReservations: z.array(ticketReservationSchema),
  invoices: z.array(invoiceSummarySchema),
  auditLog: z.array(auditEntrySchema),
});
export type MemberExport = z.infer<typeof memberExportSchema>;
