import './locale.ts';
import { z } from 'zod';
import {
  addressSchema,
  emailSchema,
  isoDate,
  isoDateTime,
  moneySchema,
  phoneNumber,
  requiredText,
  roleSchema,
  storedAddressSchema,
} from './common.ts';
import { memberEventSubscriptionSchema } from './events.ts';
import { invoiceSummarySchema } from './invoices.ts';
import { ticketReservationSchema } from './tickets.ts';

export const addressOutSchema = storedAddressSchema.extend({
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
  /** the membership category (its fee is what the membership fee run bills) */
  categoryId: z.number(),
  categoryName: z.string(),
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

/** `GET /api/v1/member/` (docs/domain-rules.md «Data and expands»). */
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

// --- Address change (POST /api/v1/member/addresses) ------------------------

/** Body of `POST /api/v1/member/addresses`. */
export const addressChangeBodySchema = addressSchema;
/** The names the services use for an address a member or the board enters: the one `addressSchema`. */
export type MemberAddressInput = z.input<typeof addressChangeBodySchema>;
export type MemberAddress = z.output<typeof addressChangeBodySchema>;

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

const BODY_ERROR = 'Anfrage: Bitte die Angaben als JSON-Objekt senden.';

// --- Phones (PUT /api/v1/member/phones; the board's PUT /api/v1/admin/members/{id}/phones) ----

/** Both numbers; empty or null removes one. */
export const phonesBodySchema = z.object(
  {
    landLine: phoneNumber('Festnetz').nullable(),
    mobile: phoneNumber('Mobile').nullable(),
  },
  { error: BODY_ERROR },
);
export type PhonesBody = z.input<typeof phonesBodySchema>;

// --- Two-factor login (/api/v1/member/twofactor…, embedded login only) -----

/** `GET /api/v1/member/twofactor` */
export const twoFactorStatusSchema = z.object({
  /** false with an external login provider: it does its own. */
  available: z.boolean(),
  enabled: z.boolean(),
  enabledAt: isoDateTime.nullable(),
  recoveryCodesLeft: z.number(),
  /** A board member where the site requires it (REQUIRE_2FA_FOR_BOARD): it cannot be switched off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Answer (201) to `POST /api/v1/member/twofactor/setup`: what the authenticator app is given. */
export const twoFactorSetupSchema = z.object({
  /** base32, for typing into an app by hand */
  secret: z.string(),
  /** otpauth:// URI, the QR code's content */
  otpauthUrl: z.string(),
  /** the QR code as an image (`data:image/svg+xml;base64,…`) */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * Body of `POST /api/v1/member/twofactor` (confirms the setup), `DELETE /api/v1/member/twofactor`
 * and `POST /api/v1/member/twofactor/recoverycodes`: a code of the app (or, except to confirm, a recovery code).
 */
export const twoFactorCodeBodySchema = z.object({ code: requiredText('Code', 40) }, { error: BODY_ERROR });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBodySchema>;

/** The ten recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

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

/** A mailed login link (invitation or forgotten password) as the export shows it: its times only. */
const loginLinkSchema = z.object({ createdAt: isoDateTime, expiresAt: isoDateTime, usedAt: isoDateTime.nullable() });

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
  login: z.object({ username: z.string(), passwordSet: z.boolean(), createdAt: isoDateTime }).nullable(),
  /**
   * What the embedded login keeps besides the account: the last login, the second factor (its
   * secret and the recovery codes are not handed out) and the links mailed to choose a password.
   */
  loginRecords: z.object({
    lastLoginAt: isoDateTime.nullable(),
    twoFactor: z.object({ enabled: z.boolean(), enabledAt: isoDateTime.nullable(), recoveryCodesLeft: z.number() }),
    invitations: z.array(loginLinkSchema),
    passwordResets: z.array(loginLinkSchema),
  }),
  addresses: z.array(addressOutSchema),
  phones: z.array(phoneSchema),
  memberships: z.array(membershipSchema),
  pendingEmailChanges: z.array(z.object({ newEmail: z.string(), requestedAt: isoDateTime, expiresAt: isoDateTime })),
  ticketReservations: z.array(ticketReservationSchema),
  invoices: z.array(invoiceSummarySchema),
  /** Payments booked on the member's invoices, with the payer as the bank named them. */
  payments: z.array(
    z.object({
      invoiceNumber: z.string(),
      amount: moneySchema,
      bookingDate: isoDate.nullable(),
      debtorName: z.string(),
      debtorAccount: z.string(),
    }),
  ),
  eventSubscriptions: z.array(memberEventSubscriptionSchema),
  /** The membership application the member was accepted from (paper or online), as it was sent. */
  application: z
    .object({
      applicationDate: isoDate,
      status: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      dateOfBirth: isoDate,
      address: storedAddressSchema,
      mobile: z.string(),
      landLine: z.string(),
      remarks: z.string(),
      decidedAt: isoDateTime.nullable(),
    })
    .nullable(),
  /** Messages the member sent through the contact form while logged in (kept twelve months). */
  contactMessages: z.array(
    z.object({ sentAt: isoDateTime, recipient: z.string(), senderName: z.string(), senderEmail: z.string(), message: z.string() }),
  ),
  /** Mails the site wrote to the member's address (texts as sent). */
  mails: z.array(
    z.object({
      createdAt: isoDateTime,
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      sentAt: isoDateTime.nullable(),
    }),
  ),
  auditLog: z.array(auditEntrySchema),
});
export type MemberExport = z.infer<typeof memberExportSchema>;
