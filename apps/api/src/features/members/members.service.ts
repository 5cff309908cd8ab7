import type {
  AddressOut,
  AdminMember,
  AuditChange,
  AuditEntry,
  AuditValue,
  Expand,
  MemberLogin,
  MemberMail,
  MemberPayment,
  MemberSearchHit,
  Membership,
  Phone,
  Role,
} from '@club/contract';
import { MEMBER_MAILS_SHOWN, wantsExpand } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import { rolesOf, toAddress, toAuditEntry, toMembership, toPhone } from './members.mappers.ts';
import {
  countMembers,
  findAuditAbout,
  findMemberNames,
  findNewestMailsTo,
  findOwnMember,
  findPaymentsOfMember,
  findPhones,
  insertMember,
  isUsernameTaken,
  lockMember,
  searchMembers as searchMemberRows,
  setPhone,
  type NewMember,
} from './members.repository.ts';
import { loginOverview } from '../idp/index.ts';
import { listMemberInvoices } from '../invoices/invoices.service.ts';
import { listOwnReservations } from '../tickets/tickets.service.ts';
import { listMemberSubscriptions } from '../events/events.service.ts';
import { toMoney } from '@club/contract';

/** Everything the site holds on a member, in contract shapes (own account, data export, the board's view). */
export interface MemberProfile {
  id: number;
  memberNumber: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string | null;
  /** The entry date: brought along by an import, else the first membership's start; null without any. */
  memberSince: string | null;
  createdAt: string;
  updatedAt: string;
  /** Personal data removed (retention or on request); null while kept. */
  anonymisedAt: string | null;
  roles: Role[];
  /** Newest first; exactly one is flagged current. */
  addresses: AddressOut[];
  currentAddress: AddressOut | null;
  phones: Phone[];
  landLine: string | null;
  mobile: string | null;
  /** Newest first. */
  memberships: Membership[];
  /** A membership covers today (Zurich). */
  active: boolean;
  login: { username: string; passwordSet: boolean; createdAt: string } | null;
  /** A requested e-mail change whose link still works, or null. */
  pendingEmail: { newEmail: string; requestedAt: string; expiresAt: string } | null;
}

/** The member's profile, or null when there is no such member. */
export async function loadMemberProfile(ctx: Ctx, memberId: number): Promise<MemberProfile | null> {
  const row = await findOwnMember(ctx.db, memberId);
  if (!row) return null;
  const today = toIsoDate(zurichToday(ctx.now));
  const addresses = row.addresses.map(toAddress);
  const phones = row.phones.map(toPhone);
  const memberships = row.memberships.map(toMembership);
  const pending = row.emailChanges.find((c) => c.expiresAt.getTime() > ctx.now.getTime());
  return {
    id: row.id,
    memberNumber: row.memberNumber,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    dateOfBirth: row.dateOfBirth ? toIsoDate(row.dateOfBirth) : null,
    memberSince: row.memberSince ? toIsoDate(row.memberSince) : (memberships.map((m) => m.validFrom).sort()[0] ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    roles: rolesOf(row),
    addresses,
    currentAddress: addresses.find((a) => a.current) ?? null,
    phones,
    landLine: phones.find((p) => p.type === 'LANDLINE')?.number ?? null,
    mobile: phones.find((p) => p.type === 'MOBILE')?.number ?? null,
    memberships,
    active: memberships.some((m) => m.validFrom <= today && today <= m.validTo),
    login: row.loginAccount
      ? {
          username: row.loginAccount.username,
          passwordSet: row.loginAccount.passwordHash !== null,
          createdAt: row.loginAccount.createdAt.toISOString(),
        }
      : null,
    pendingEmail: pending
      ? { newEmail: pending.newEmail, requestedAt: pending.createdAt.toISOString(), expiresAt: pending.expiresAt.toISOString() }
      : null,
  };
}

/** Audit entries about a member, newest first, with the names of who acted. */
export async function listMemberAudit(ctx: Ctx, memberId: number, take = 200): Promise<AuditEntry[]> {
  const rows = await findAuditAbout(ctx.db, memberId, take);
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))];
  const names = new Map((await findMemberNames(ctx.db, actorIds)).map((m) => [m.id, `${m.firstName} ${m.lastName}`]));
  return rows.map((r) => toAuditEntry(r, names));
}

/** A payment on one of the member's invoices; the data export adds the payer's account. */
export interface PaymentOfMember extends MemberPayment {
  debtorAccount: string;
}

/** Payments booked on the member's invoices, by booking date. */
export async function listMemberPayments(ctx: Ctx, memberId: number): Promise<PaymentOfMember[]> {
  const rows = await findPaymentsOfMember(ctx.db, memberId);
  return rows.map((p) => ({
    id: p.id,
    invoiceId: p.invoiceId ?? 0,
    invoiceNumber: p.invoice?.number ?? '',
    amount: toMoney(p.amountRappen),
    bookingDate: p.bookingDate ? toIsoDate(p.bookingDate) : null,
    debtorName: p.debtorName,
    debtorAccount: p.debtorAccount,
  }));
}

/** The newest mails the site wrote to the member's current address (the outbox, newest first). */
async function listNewestMails(ctx: Ctx, email: string): Promise<MemberMail[]> {
  if (!email) return [];
  const rows = await findNewestMailsTo(ctx.db, email, MEMBER_MAILS_SHOWN);
  return rows.map((m) => ({
    id: String(m.id),
    createdAt: m.createdAt.toISOString(),
    subject: m.subject,
    status: m.status,
    sentAt: m.sentAt?.toISOString() ?? null,
  }));
}

/** The fields whose value differs, as audit changes (field, before, after). */
export function changesBetween<T extends Record<string, AuditValue>>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): AuditChange[] {
  return fields
    .filter((f) => before[f] !== after[f])
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

export type { NewMember, NewMemberAddress } from './members.repository.ts';

/**
 * The one way a member comes into being (an accepted application, the first board login,
 * the demo data, the tests' factory): roles, addresses, phones, memberships and the login
 * account, written together.
 */
export function createMember(ctx: Pick<Ctx, 'db'>, member: NewMember): Promise<{ id: number; memberNumber: number; username: string }> {
  return insertMember(ctx.db, member);
}

/** Whether a new member could not take this username (a member or a login account has it). */
export function usernameTaken(ctx: Pick<Ctx, 'db'>, username: string): Promise<boolean> {
  return isUsernameTaken(ctx.db, username);
}

/** The mapping of a stored address, for features that create one (the member's own address change). */
export { toAddress } from './members.mappers.ts';

// --- the board's member search and view -------------------------------------------

export const MEMBER_NOT_FOUND = 'Dieses Mitglied gibt es nicht.';

/** The words of a search: at most six, `#123` counts as the member number 123. */
export function searchWords(q: string): string[] {
  return q
    .split(/\s+/)
    .map((w) => (/^#\d+$/.test(w) ? w.slice(1) : w))
    .filter(Boolean)
    .slice(0, 6);
}

/**
 * Members whose name, username, e-mail or member number match every word of the query,
 * one page at a time, sorted by last name and first name. An empty query lists everyone.
 */
export async function searchMembers(
  ctx: Ctx,
  input: { q: string; page: number; pageSize: number },
): Promise<{ hits: MemberSearchHit[]; total: number }> {
  const words = searchWords(input.q);
  const page = { words, today: toIsoDate(zurichToday(ctx.now)), limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  const [rows, counted] = await Promise.all([searchMemberRows(ctx.db, page), words.length ? null : countMembers(ctx.db, words)]);
  // With words the page carries the total; a page past the end has no row to carry it.
  const total = counted ?? rows[0]?.total ?? (rows.length === 0 && page.offset > 0 ? await countMembers(ctx.db, words) : 0);
  const hits = rows.map((r) => ({
    id: r.id,
    memberNumber: r.memberNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    username: r.username,
    email: r.email,
    city: r.city,
    active: r.active,
  }));
  return { hits, total };
}

/**
 * Landline and mobile number, by the board or by the member (the actor of the audit row);
 * null removes one. A request that changes nothing writes nothing.
 */
export async function updatePhones(
  ctx: Ctx,
  input: { memberId: number; landLine: string | null; mobile: string | null },
): Promise<Phone[]> {
  return withTx(ctx, async (tx) => {
    if (!(await lockMember(tx.db, input.memberId))) throw notFound(MEMBER_NOT_FOUND);
    const rows = await findPhones(tx.db, input.memberId);
    const before = {
      landLine: rows.find((p) => p.type === 'LANDLINE')?.number ?? null,
      mobile: rows.find((p) => p.type === 'MOBILE')?.number ?? null,
    };
    const after = { landLine: input.landLine, mobile: input.mobile };
    const changes = changesBetween(before, after, ['landLine', 'mobile']);
    if (changes.length > 0) {
      if (before.landLine !== after.landLine) await setPhone(tx.db, input.memberId, 'LANDLINE', after.landLine);
      if (before.mobile !== after.mobile) await setPhone(tx.db, input.memberId, 'MOBILE', after.mobile);
      await writeAudit(tx, { action: 'member.phones.updated', entity: 'member', entityId: input.memberId, data: { changes } });
    }
    return (await findPhones(tx.db, input.memberId)).map((p) => ({ id: p.id, type: p.type, number: p.number }));
  });
}

/** Where the board reads a member's login from. */
export interface LoginSource {
  /** The club's own login provider keeps the accounts. */
  external: boolean;
  /** The embedded login's failed attempts per login name within a minute (LOGIN_FAILURES_PER_MINUTE). */
  failuresPerUsername: number;
}

/** How the member logs in, for the board. */
export async function memberLogin(ctx: Ctx, memberId: number, logins: LoginSource): Promise<MemberLogin> {
  const overview = logins.external ? null : await loginOverview(ctx.db, memberId, ctx.now, logins.failuresPerUsername);
  if (!overview) {
    return { state: 'EXTERNAL', username: null, invitationExpiresAt: null, lastLoginAt: null, twoFactor: false, lockedUntil: null };
  }
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    state: overview.state,
    username: overview.username,
    invitationExpiresAt: iso(overview.invitationExpiresAt),
    lastLoginAt: iso(overview.lastLoginAt),
    twoFactor: overview.twoFactor,
    lockedUntil: iso(overview.lockedUntil),
  };
}

export function toAdminMember(p: MemberProfile, login: MemberLogin): AdminMember {
  return {
    id: p.id,
    memberNumber: p.memberNumber,
    username: p.username,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    dateOfBirth: p.dateOfBirth,
    memberSince: p.memberSince,
    address: p.currentAddress,
    landLine: p.landLine,
    mobile: p.mobile,
    roles: p.roles,
    active: p.active,
    hasLogin: p.login?.passwordSet ?? false,
    login,
    pendingEmail: p.pendingEmail?.newEmail ?? null,
    createdAt: p.createdAt,
    anonymisedAt: p.anonymisedAt,
  };
}

/** The member as the board sees it (without expands). */
export async function adminMemberView(ctx: Ctx, memberId: number, logins: LoginSource): Promise<AdminMember> {
  const profile = await loadMemberProfile(ctx, memberId);
  if (!profile) throw notFound(MEMBER_NOT_FOUND);
  return toAdminMember(profile, await memberLogin(ctx, memberId, logins));
}

/**
 * The member as the board sees it; expands: memberships, phones, addresses, invoices, auditlog,
 * ticketreservations, eventsubscriptions, payments (on the member's invoices), mails (the newest to the current address).
 */
export async function getAdminMember(
  ctx: Ctx,
  memberId: number,
  expands: string[],
  logins: LoginSource,
): Promise<{ data: AdminMember; expands?: Expand[] }> {
  const profile = await loadMemberProfile(ctx, memberId);
  if (!profile) throw notFound(MEMBER_NOT_FOUND);
  const groups: [string, () => Promise<unknown[]> | unknown[]][] = [
    ['memberships', () => profile.memberships],
    ['phones', () => profile.phones],
    ['addresses', () => profile.addresses],
    ['invoices', () => listMemberInvoices(ctx, memberId)],
    ['auditlog', () => listMemberAudit(ctx, memberId)],
    ['ticketreservations', () => listOwnReservations(ctx, memberId)],
    ['eventsubscriptions', () => listMemberSubscriptions(ctx, memberId)],
    ['payments', async () => (await listMemberPayments(ctx, memberId)).map(({ debtorAccount: _account, ...payment }) => payment)],
    ['mails', () => listNewestMails(ctx, profile.email)],
  ];
  const selected: Expand[] = [];
  for (const [name, load] of groups) if (wantsExpand(expands, name)) selected.push({ name, data: await load() });
  const data = toAdminMember(profile, await memberLogin(ctx, memberId, logins));
  return selected.length ? { data, expands: selected } : { data };
}

/** The username of a new member (lower-case ASCII `first.last`, numbered when taken), for accepted applications. */
export { pickUsername, usernameBase } from './usernames.ts';
