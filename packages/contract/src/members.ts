import './locale.ts';
import { z } from 'zod';
import {
  addressSchema,
  idParam,
  isoDate,
  isoDateTime,
  moneySchema,
  pageQuery,
  pageSizeQuery,
  personSchema,
  roleSchema,
  searchQuery,
} from './common.ts';
import { listEnvelope } from './envelope.ts';
import { invoiceSummarySchema } from './invoices.ts';
import { addressOutSchema, auditEntrySchema, memberCoreFields, membershipSchema, phonesBodySchema, phoneSchema } from './account.ts';
import { categoryIdField } from './seasons.ts';
import { memberEventSubscriptionSchema } from './events.ts';
import { ticketReservationSchema } from './tickets.ts';

// --- Search: GET /api/v1/admin/members/?q=&page=&pageSize= -----------------

export const MEMBER_SEARCH_MAX_PAGE_SIZE = 100;
export const MEMBER_SEARCH_DEFAULT_PAGE_SIZE = 25;

export const memberSearchQuerySchema = z.object({
  q: searchQuery,
  page: pageQuery,
  pageSize: pageSizeQuery(MEMBER_SEARCH_MAX_PAGE_SIZE, MEMBER_SEARCH_DEFAULT_PAGE_SIZE),
});
export type MemberSearchQuery = z.input<typeof memberSearchQuerySchema>;

/** One search hit. `city` is the current address's; `active`: a membership covers today. */
export const memberSearchHitSchema = z.object({
  id: z.number(),
  memberNumber: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  active: z.boolean(),
});
export type MemberSearchHit = z.infer<typeof memberSearchHitSchema>;

/** Paging facts next to the list envelope (the same total is also sent as `X-Total-Count`). */
export const pageInfoSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** `{ data: [{ data: hit }, ...], page: { page, pageSize, total, totalPages } }` */
export const memberSearchResultSchema = listEnvelope(memberSearchHitSchema).extend({ page: pageInfoSchema });
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

// --- One member: GET /api/v1/admin/members/{id}?expands=... ----------------

/** Expand groups of the admin member view; `*` asks for all. */
export const adminMemberExpands = [
  'memberships',
  'phones',
  'addresses',
  'invoices',
  'auditlog',
  'ticketreservations',
  'eventsubscriptions',
  'payments',
  'mails',
] as const;
export type AdminMemberExpand = (typeof adminMemberExpands)[number];

/**
 * How the member logs in (embedded login): `NONE` (no password, no open invitation), `INVITED`
 * (a link valid until `invitationExpiresAt`), `INVITATION_EXPIRED`, `ACTIVE` (a password is set);
 * `EXTERNAL`: the club's external login provider (it keeps the accounts).
 */
export const memberLoginSchema = z.object({
  state: z.enum(['NONE', 'INVITED', 'INVITATION_EXPIRED', 'ACTIVE', 'EXTERNAL']),
  username: z.string().nullable(),
  invitationExpiresAt: isoDateTime.nullable(),
  lastLoginAt: isoDateTime.nullable(),
  twoFactor: z.boolean(),
  /** Too many failed attempts: no login until then (null: not locked). */
  lockedUntil: isoDateTime.nullable(),
});
export type MemberLogin = z.infer<typeof memberLoginSchema>;

export const adminMemberSchema = z.object({
  ...memberCoreFields,
  dateOfBirth: isoDate.nullable(),
  /** The entry date (brought along by an import, else the first membership's start); null: no membership yet. */
  memberSince: isoDate.nullable(),
  /** A membership covers today. */
  active: z.boolean(),
  /** The member has chosen a login password. */
  hasLogin: z.boolean(),
  login: memberLoginSchema,
  pendingEmail: z.string().nullable(),
  createdAt: isoDateTime,
  /** Personal data removed (retention or on request); null while the member's data is kept. */
  anonymisedAt: isoDateTime.nullable(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** A payment booked on one of the member's invoices (expand `payments`). */
export const memberPaymentSchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  invoiceNumber: z.string(),
  amount: moneySchema,
  bookingDate: isoDate.nullable(),
  debtorName: z.string(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/** How many of the newest mails to the member's address the board's view carries (expand `mails`). */
export const MEMBER_MAILS_SHOWN = 50;

/** A mail the site wrote to the member's current address (the outbox; expand `mails`, newest first). */
export const memberMailSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  subject: z.string(),
  /** PENDING: waiting in the outbox; SENT; FAILED: given up after its attempts. */
  status: z.string(),
  sentAt: isoDateTime.nullable(),
});
export type MemberMail = z.infer<typeof memberMailSchema>;

/** The expand groups' item shapes. */
export const adminMemberGroupSchemas = {
  memberships: membershipSchema,
  phones: phoneSchema,
  addresses: addressOutSchema,
  invoices: invoiceSummarySchema,
  auditlog: auditEntrySchema,
  ticketreservations: ticketReservationSchema,
  eventsubscriptions: memberEventSubscriptionSchema,
  payments: memberPaymentSchema,
  mails: memberMailSchema,
} as const;

// --- Board changes under /api/v1/admin/members/{id} ------------------------

const BODY_ERROR = 'Anfrage: Bitte die Angaben als JSON-Objekt senden.';

/** `PUT /api/v1/admin/members/{id}`: personal data (the username stays as it is). */
export const memberUpdateBodySchema = z.object(
  {
    ...personSchema.shape,
    /** null: none on file. */
    dateOfBirth: personSchema.shape.dateOfBirth.nullable(),
  },
  { error: BODY_ERROR },
);
export type MemberUpdateBody = z.input<typeof memberUpdateBodySchema>;

/** `PUT /api/v1/admin/members/{id}/phones`: both numbers; empty or null removes one (as the member's own). */
export const phonesUpdateBodySchema = phonesBodySchema;
export type PhonesUpdateBody = z.input<typeof phonesUpdateBodySchema>;

/** Answer (201) to `POST /api/v1/admin/members/{id}/invitation`. */
export const invitationSentSchema = z.object({ expiresAt: isoDateTime });
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** Answer (202) to `POST /api/v1/admin/members/{id}/passwordreset`: the link in the mail is valid until then. */
export const passwordResetSentSchema = z.object({ expiresAt: isoDateTime });
export type PasswordResetSent = z.infer<typeof passwordResetSentSchema>;

/** `POST /api/v1/admin/members/{id}/memberships`: a membership for a season (its dates). */
export const membershipAddBodySchema = z.object(
  {
    seasonId: z
      .number({ error: 'Saison: Bitte eine Saison wählen.' })
      .int({ error: 'Saison: Ungültige Saison.' })
      .positive({ error: 'Saison: Ungültige Saison.' })
      .max(2_147_483_647, { error: 'Saison: Ungültige Saison.' }),
    /** left out: the season's default category */
    categoryId: categoryIdField.optional(),
  },
  { error: BODY_ERROR },
);
export type MembershipAddBody = z.input<typeof membershipAddBodySchema>;

/** `PUT /api/v1/admin/members/{id}/memberships/{membershipId}`: ends (or extends again) a membership. */
export const membershipUpdateBodySchema = z.object(
  {
    validTo: z.iso.date({ error: 'Ende: Bitte ein gültiges Datum angeben (JJJJ-MM-TT).' }),
    parkingPermit: z.boolean({ error: 'Parkkarte: Bitte ja oder nein angeben.' }).optional(),
    categoryId: categoryIdField.optional(),
  },
  { error: BODY_ERROR },
);
export type MembershipUpdateBody = z.input<typeof membershipUpdateBodySchema>;

/** `PUT /api/v1/admin/members/{id}/addresses/{addressId}`: corrects an address in place. */
export const addressCorrectionBodySchema = addressSchema;

/** `PUT /api/v1/admin/members/{id}/roles`: the member's roles; MEMBER is always kept. */
export const rolesUpdateBodySchema = z.object(
  {
    roles: z
      .array(z.enum(roleSchema.options, { error: 'Rollen: Unbekannte Rolle.' }), { error: 'Rollen: Bitte eine Liste von Rollen angeben.' })
      .max(5, { error: 'Rollen: Zu viele Einträge.' }),
  },
  { error: BODY_ERROR },
);
export type RolesUpdateBody = z.input<typeof rolesUpdateBodySchema>;

export const memberSubParams = z.object({ id: idParam, itemId: idParam });

// --- Seasons to choose from (GET /api/v1/admin/seasons/) -------------------

export const seasonOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  validFrom: isoDate,
  validTo: isoDate,
});
export type SeasonOption = z.infer<typeof seasonOptionSchema>;

// --- Retention (nDSG): /api/v1/admin/members/retention, .../{id}/anonymisation ----

/** A former member the next nightly run anonymises. */
export const retentionCandidateSchema = z.object({
  id: z.number(),
  memberNumber: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  /** The end of the member's last membership. */
  lastMembershipEnd: isoDate,
});
export type RetentionCandidate = z.infer<typeof retentionCandidateSchema>;

/** What the next nightly retention run will do, and what the last one did. */
export const retentionPreviewSchema = z.object({
  retentionYears: z.number(),
  /** Members whose last membership ended before this day are anonymised. */
  cutoff: isoDate,
  /** When the next nightly run starts. */
  nextRunAt: isoDateTime,
  members: z.array(retentionCandidateSchema),
  /** Former members past the period that the run leaves alone while they have an open invoice. */
  heldBack: z.array(retentionCandidateSchema),
  /** Rejected applications older than six months, deleted by the next run. */
  rejectedApplications: z.number(),
  lastRun: z
    .object({ day: isoDate, finishedAt: isoDateTime.nullable(), anonymised: z.number(), applicationsDeleted: z.number() })
    .nullable(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;
