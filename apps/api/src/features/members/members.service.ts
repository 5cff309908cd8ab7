import type { AddressOut, AuditChange, AuditEntry, AuditValue, Expand, Membership, OwnMember, Phone, Role } from '@club/contract';
import { wantsExpand } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import { rolesOf, toAddress, toAuditEntry, toMembership, toPhone } from './members.mappers.ts';
import { findAuditAbout, findMemberNames, findOwnMember, insertMember, isUsernameTaken, type NewMember } from './members.repository.ts';
import { listOwnReservations } from '../tickets/tickets.service.ts';
import { listMemberInvoices } from '../invoices/invoices.service.ts';

/** Everything the site holds on a member, in contract shapes (own account, data export, the board's view). */
export interface MemberProfile {
  id: number;
  memberNumber: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string | null;
  createdAt: string;
  updatedAt: string;
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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

/** The logged-in member's own data (SPEC.md §3), with the expands asked for. */
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

/** Audit entries about a member, newest first, with the names of who acted. */
export async function listMemberAudit(ctx: Ctx, memberId: number, take = 200): Promise<AuditEntry[]> {
  const rows = await findAuditAbout(ctx.db, memberId, take);
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))];
  const names = new Map((await findMemberNames(ctx.db, actorIds)).map((m) => [m.id, `${m.firstName} ${m.lastName}`]));
  return rows.map((r) => toAuditEntry(r, names));
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
