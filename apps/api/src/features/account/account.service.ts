import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_CHANGE_VALID_HOURS,
  type AddressOut,
  type EmailChangeConfirmed,
  type EmailChangeRequested,
  type MemberAddress,
  type Expand,
  type MemberExport,
  type OwnMember,
  wantsExpand,
} from '@club/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { emailChangedNotice, emailChangeRequestedNotice, emailConfirmationMail } from './account.mails.ts';
import {
  claimEmailChange,
  countAuditAbout,
  createCurrentAddress,
  findApplicationOfMember,
  findContactMessagesOfMember,
  findMailsTo,
  createEmailChange,
  deletePendingEmailChanges,
  endAddress,
  findCurrentAddress,
  findEmailChangeByTokenHash,
  findLatestPendingEmailChange,
  lockMember,
  replaceAddressFields,
  setMemberEmail,
  type AddressFields,
} from './account.repository.ts';
import { changesBetween, listMemberAudit, listMemberPayments, loadMemberProfile, toAddress } from '../members/members.service.ts';
import { listOwnReservations } from '../tickets/tickets.service.ts';
import { listMemberInvoices } from '../invoices/invoices.service.ts';
import { listOwnSubscriptions } from '../events/events.service.ts';
import { loginRecords, type LoginLink } from '../idp/index.ts';

/** The logged-in member's own data (docs/domain-rules.md «Data and expands»), with the expands asked for. */
export async function getOwnMember(ctx: Ctx, memberId: number, expands: string[]): Promise<{ data: OwnMember; expands?: Expand[] }> {
  // Three independent reads: one round trip's wait instead of three.
  const [row, ticketReservations, invoices] = await Promise.all([
    loadMemberProfile(ctx, memberId),
    listOwnReservations(ctx, memberId),
    listMemberInvoices(ctx, memberId),
  ]);
  if (!row) throw notFound('Ihr Mitgliedskonto wurde nicht gefunden.');
  const data: OwnMember = {
    id: row.id,
    memberNumber: row.memberNumber,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    dob: row.dateOfBirth,
    address: row.currentAddress,
    landLine: row.landLine,
    mobile: row.mobile,
    memberships: row.memberships,
    ticketReservations,
    invoices,
    roles: row.roles,
    pendingEmail: row.pendingEmail?.newEmail ?? null,
  };
  const groups: Record<string, unknown[]> = {
    addresses: row.addresses,
    phones: row.phones,
    memberships: row.memberships,
    ticketreservations: data.ticketReservations,
    invoices: data.invoices,
  };
  const selected = Object.entries(groups)
    .filter(([name]) => wantsExpand(expands, name))
    .map(([name, list]) => ({ name, data: list }));
  return selected.length ? { data, expands: selected } : { data };
}

/** What mails need from the configuration. */
export interface AccountSettings {
  clubName: string;
  publicUrl: string;
}

const ADDRESS_FIELDS = ['street', 'houseNumber', 'addressLine2', 'postalCode', 'city', 'country'] as const;
const NOT_FOUND = 'Ihr Mitgliedskonto wurde nicht gefunden.';

function fieldsOf(a: AddressFields): AddressFields {
  return {
    street: a.street,
    houseNumber: a.houseNumber,
    addressLine2: a.addressLine2,
    postalCode: a.postalCode,
    city: a.city,
    country: a.country,
  };
}

/**
 * A member moves (docs/domain-rules.md «Own data»): the new address starts today, the old one ends yesterday,
 * exactly one stays current and the history is kept. A second change on the same day
 * replaces today's address (no address valid for zero days); sending the current address
 * again changes nothing (a double click).
 */
export async function changeOwnAddress(
  ctx: Ctx,
  input: { memberId: number; address: MemberAddress },
): Promise<{ address: AddressOut; created: boolean }> {
  return withTx(ctx, async (tx) => {
    if (!(await lockMember(tx.db, input.memberId))) throw notFound(NOT_FOUND);
    const next = fieldsOf(input.address);
    const current = await findCurrentAddress(tx.db, input.memberId);
    const today = zurichToday(tx.now);
    const member = { ...tx, actor: tx.actor ?? { memberId: input.memberId, roles: [] } };
    if (current) {
      const changes = changesBetween({ ...fieldsOf(current) }, { ...next }, ADDRESS_FIELDS);
      if (changes.length === 0) return { address: toAddress(current), created: false };
      if (current.validFrom.getTime() >= today.getTime()) {
        const replaced = await replaceAddressFields(tx.db, current.id, next);
        await writeAudit(member, {
          action: 'member.address.changed',
          entity: 'member',
          entityId: input.memberId,
          data: { addressId: current.id, sameDay: true, changes },
        });
        return { address: toAddress(replaced), created: false };
      }
      await endAddress(tx.db, current.id, addDays(today, -1));
      const created = await createCurrentAddress(tx.db, input.memberId, next, today);
      await writeAudit(member, {
        action: 'member.address.changed',
        entity: 'member',
        entityId: input.memberId,
        data: { addressId: created.id, previousAddressId: current.id, changes },
      });
      return { address: toAddress(created), created: true };
    }
    const created = await createCurrentAddress(tx.db, input.memberId, next, today);
    const changes = changesBetween(
      { street: null, houseNumber: null, addressLine2: null, postalCode: null, city: null, country: null } as Record<string, string | null>,
      { ...next },
      ADDRESS_FIELDS,
    );
    await writeAudit(member, {
      action: 'member.address.changed',
      entity: 'member',
      entityId: input.memberId,
      data: { addressId: created.id, changes },
    });
    return { address: toAddress(created), created: true };
  });
}

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Path of the page that confirms a new e-mail address (works without a login). */
export function emailConfirmPath(token: string): string {
  return `/account/changeemail?token=${encodeURIComponent(token)}`;
}

/** A request for the same address within this time is taken as a repeat: no second mail. */
const REPEAT_WINDOW_MS = 5 * 60 * 1000;
/** At most this many requests (each sends two mails) per member and 24 hours. */
export const EMAIL_CHANGES_PER_DAY = 5;

/**
 * Asks for a new e-mail address: a confirmation link goes to the new address, a notice to
 * the old one; the change applies only once the link is opened. A newer request replaces
 * older ones.
 */
export async function requestEmailChange(
  ctx: Ctx,
  input: { memberId: number; email: string; settings: AccountSettings },
): Promise<EmailChangeRequested> {
  return withTx(ctx, async (tx) => {
    const member = await lockMember(tx.db, input.memberId);
    if (!member) throw notFound(NOT_FOUND);
    if (member.email.toLowerCase() === input.email.toLowerCase()) {
      throw invalid('Bitte prüfen Sie die markierten Angaben.', { email: 'E-Mail: Das ist bereits Ihre E-Mail-Adresse.' });
    }
    const pending = await findLatestPendingEmailChange(tx.db, input.memberId);
    if (
      pending &&
      pending.newEmail.toLowerCase() === input.email.toLowerCase() &&
      pending.expiresAt.getTime() > tx.now.getTime() &&
      tx.now.getTime() - pending.createdAt.getTime() < REPEAT_WINDOW_MS
    ) {
      return { pendingEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() };
    }
    const recent = await countAuditAbout(tx.db, input.memberId, 'member.email.change_requested', new Date(tx.now.getTime() - 86_400_000));
    if (recent >= EMAIL_CHANGES_PER_DAY) {
      throw new AppError(
        'RATE_LIMITED',
        'Sie haben heute schon mehrere Änderungen Ihrer E-Mail-Adresse angefordert. Bitte versuchen Sie es morgen wieder.',
      );
    }
    await deletePendingEmailChanges(tx.db, input.memberId);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(tx.now.getTime() + EMAIL_CHANGE_VALID_HOURS * 3_600_000);
    await createEmailChange(tx.db, {
      memberId: input.memberId,
      newEmail: input.email,
      tokenHash: hashEmailToken(token),
      expiresAt,
      createdAt: tx.now,
    });
    const url = `${input.settings.publicUrl.replace(/\/+$/, '')}${emailConfirmPath(token)}`;
    const names = { firstName: member.firstName, clubName: input.settings.clubName, newEmail: input.email };
    await enqueueMail(tx.db, { to: input.email, ...emailConfirmationMail({ ...names, url, validHours: EMAIL_CHANGE_VALID_HOURS }) });
    await enqueueMail(tx.db, { to: member.email, ...emailChangeRequestedNotice(names) });
    await writeAudit(tx, {
      action: 'member.email.change_requested',
      entity: 'member',
      entityId: input.memberId,
      data: { newEmail: input.email },
    });
    return { pendingEmail: input.email, expiresAt: expiresAt.toISOString() };
  });
}

/**
 * Applies a new e-mail address through the link of the mail, once; no login needed (the
 * link proves the address). Opening the link again after success answers the same.
 */
export async function confirmEmailChange(ctx: Ctx, input: { token: string; settings: AccountSettings }): Promise<EmailChangeConfirmed> {
  return withTx(ctx, async (tx) => {
    const request = await findEmailChangeByTokenHash(tx.db, hashEmailToken(input.token));
    if (!request) throw notFound('Dieser Bestätigungslink ist ungültig oder wurde durch eine neuere Anfrage ersetzt.');
    if (request.confirmedAt) {
      if (request.member.email === request.newEmail) return { email: request.newEmail };
      throw conflict('Dieser Bestätigungslink wurde bereits verwendet.');
    }
    if (tx.now.getTime() >= request.expiresAt.getTime()) {
      throw new AppError('CONFLICT', 'Dieser Bestätigungslink ist abgelaufen. Bitte fordern Sie die Änderung im Konto erneut an.');
    }
    const member = await lockMember(tx.db, request.memberId);
    if (!member) throw notFound('Dieser Bestätigungslink ist ungültig.');
    if (!(await claimEmailChange(tx.db, request.id, tx.now))) throw conflict('Dieser Bestätigungslink wurde bereits verwendet.');
    await setMemberEmail(tx.db, request.memberId, request.newEmail);
    await enqueueMail(tx.db, {
      to: member.email,
      ...emailChangedNotice({ firstName: member.firstName, clubName: input.settings.clubName, newEmail: request.newEmail }),
    });
    await writeAudit(
      { ...tx, actor: tx.actor ?? { memberId: request.memberId, roles: [] } },
      {
        action: 'member.email.changed',
        entity: 'member',
        entityId: request.memberId,
        data: { changes: [{ field: 'email', before: member.email, after: request.newEmail }] },
      },
    );
    return { email: request.newEmail };
  });
}

/**
 * Everything the site holds about the member (Swiss data protection law, revDSG Art. 25):
 * profile, login name (never the password hash), addresses, phones, memberships, pending
 * e-mail changes, reservations, invoices and the payments on them, event places, the
 * application, contact messages, the mails written to them and the audit entries about them.
 */
export async function exportOwnData(ctx: Ctx, memberId: number): Promise<MemberExport> {
  const profile = await loadMemberProfile(ctx, memberId);
  if (!profile) throw notFound(NOT_FOUND);
  const [own, login, payments, eventSubscriptions, application, contactMessages, mails] = await Promise.all([
    getOwnMember(ctx, memberId, []),
    loginRecords(ctx.db, memberId),
    listMemberPayments(ctx, memberId),
    listOwnSubscriptions(ctx),
    findApplicationOfMember(ctx.db, memberId),
    findContactMessagesOfMember(ctx.db, memberId),
    profile.email ? findMailsTo(ctx.db, profile.email) : [],
  ]);
  return {
    exportedAt: ctx.now.toISOString(),
    profile: {
      id: profile.id,
      memberNumber: profile.memberNumber,
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      dateOfBirth: profile.dateOfBirth,
      roles: profile.roles,
      createdAt: profile.createdAt,
      updatedAt: profile.updatedAt,
    },
    login: profile.login,
    loginRecords: loginRecordsExport(login),
    addresses: profile.addresses,
    phones: profile.phones,
    memberships: profile.memberships,
    pendingEmailChanges: profile.pendingEmail ? [profile.pendingEmail] : [],
    ticketReservations: own.data.ticketReservations,
    invoices: own.data.invoices,
    payments: payments.map((p) => ({
      invoiceNumber: p.invoiceNumber,
      amount: p.amount,
      bookingDate: p.bookingDate,
      debtorName: p.debtorName,
      debtorAccount: p.debtorAccount,
    })),
    eventSubscriptions,
    application: application ? applicationExport(application) : null,
    contactMessages: contactMessages.map((c) => ({
      sentAt: c.createdAt.toISOString(),
      recipient: c.recipientType,
      senderName: c.senderName,
      senderEmail: c.senderEmail,
      message: c.message,
    })),
    mails: mails.map((mail) => ({
      createdAt: mail.createdAt.toISOString(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      status: mail.status,
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
    auditLog: await listMemberAudit(ctx, memberId, 10_000),
  };
}

/** The login's records in the export: last login, the second factor, invitation and reset links. */
function loginRecordsExport(login: Awaited<ReturnType<typeof loginRecords>>) {
  return {
    lastLoginAt: login?.lastLoginAt?.toISOString() ?? null,
    twoFactor: {
      enabled: login?.twoFactor.enabled ?? false,
      enabledAt: login?.twoFactor.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: login?.twoFactor.recoveryCodesLeft ?? 0,
    },
    invitations: (login?.invitations ?? []).map(linkTimes),
    passwordResets: (login?.passwordResets ?? []).map(linkTimes),
  };
}

/** The membership application the member came in with, as the export shows it. */
function applicationExport(application: NonNullable<Awaited<ReturnType<typeof findApplicationOfMember>>>) {
  return {
    applicationDate: toIsoDate(application.applicationDate),
    status: application.status,
    firstName: application.firstName,
    lastName: application.lastName,
    email: application.email,
    dateOfBirth: toIsoDate(application.dateOfBirth),
    address: {
      street: application.street,
      houseNumber: application.houseNumber,
      addressLine2: application.addressLine2,
      postalCode: application.postalCode,
      city: application.city,
      country: application.country,
    },
    mobile: application.mobile,
    landLine: application.landLine,
    remarks: application.remarks,
    decidedAt: application.decidedAt?.toISOString() ?? null,
  };
}

function linkTimes(link: LoginLink): { createdAt: string; expiresAt: string; usedAt: string | null } {
  return { createdAt: link.createdAt.toISOString(), expiresAt: link.expiresAt.toISOString(), usedAt: link.usedAt?.toISOString() ?? null };
}

/** `mein-konto-<username>-<date>.json` */
export function exportFileName(username: string, now: Date): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60);
  return `mein-konto-${safe}-${toIsoDate(zurichToday(now))}.json`;
}
