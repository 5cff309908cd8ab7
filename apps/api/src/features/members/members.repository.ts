import type { Role } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';

/** The member with everything "own data" and the board's view show; null when unknown. */
export function findOwnMember(db: DbOrTx, memberId: number) {
  return db.member.findUnique({
    where: { id: memberId },
    include: {
      roles: true,
      addresses: { orderBy: [{ validFrom: 'desc' }, { id: 'desc' }] },
      phones: { orderBy: { type: 'asc' } },
      memberships: { include: { season: true }, orderBy: { validFrom: 'desc' } },
      loginAccount: { select: { username: true, passwordHash: true, createdAt: true } },
      emailChanges: { where: { confirmedAt: null }, orderBy: { createdAt: 'desc' } },
    },
  });
}
export type OwnMemberRow = NonNullable<Awaited<ReturnType<typeof findOwnMember>>>;

/**
 * Locks the member's row for the rest of the transaction, so that two changes of one
 * member (address, e-mail) run one after the other. Null when there is no such member.
 */
export async function lockMember(db: DbOrTx, memberId: number): Promise<{ id: number; email: string; firstName: string } | null> {
  const rows = await db.$queryRaw<{ id: number; email: string; firstName: string }[]>`
    SELECT "id", "email", "firstName" FROM "members" WHERE "id" = ${memberId} FOR UPDATE`;
  return rows[0] ?? null;
}

// --- addresses ----------------------------------------------------------------

export interface AddressFields {
  street: string;
  houseNumber: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
}

export function findCurrentAddress(db: DbOrTx, memberId: number) {
  return db.address.findFirst({ where: { memberId, current: true } });
}

/** Ends an address: it is no longer current and was valid until `validTo`. */
export function endAddress(db: DbOrTx, addressId: number, validTo: Date) {
  return db.address.update({ where: { id: addressId }, data: { current: false, validTo } });
}

export function replaceAddressFields(db: DbOrTx, addressId: number, fields: AddressFields) {
  return db.address.update({ where: { id: addressId }, data: fields });
}

export function createCurrentAddress(db: DbOrTx, memberId: number, fields: AddressFields, validFrom: Date) {
  return db.address.create({ data: { memberId, ...fields, validFrom, validTo: null, current: true } });
}

// --- e-mail change ------------------------------------------------------------

/** The newest unconfirmed request of the member, or null. */
export function findLatestPendingEmailChange(db: DbOrTx, memberId: number) {
  return db.emailChangeRequest.findFirst({ where: { memberId, confirmedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** A newer request replaces older ones: their links stop working. */
export function deletePendingEmailChanges(db: DbOrTx, memberId: number) {
  return db.emailChangeRequest.deleteMany({ where: { memberId, confirmedAt: null } });
}

export function createEmailChange(
  db: DbOrTx,
  data: { memberId: number; newEmail: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  return db.emailChangeRequest.create({ data });
}

export function findEmailChangeByTokenHash(db: DbOrTx, tokenHash: string) {
  return db.emailChangeRequest.findUnique({
    where: { tokenHash },
    include: { member: { select: { id: true, email: true, firstName: true } } },
  });
}

/** Marks a request confirmed, once: false when it was confirmed already (a second click). */
export async function claimEmailChange(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const claimed = await db.emailChangeRequest.updateMany({
    where: { id, confirmedAt: null, expiresAt: { gt: now } },
    data: { confirmedAt: now },
  });
  return claimed.count === 1;
}

export function setMemberEmail(db: DbOrTx, memberId: number, email: string) {
  return db.member.update({ where: { id: memberId }, data: { email } });
}

// --- audit entries about a member ------------------------------------------------

/**
 * Audit rows about a member, newest first: entries on the member itself, and entries of
 * other entities whose data names the member (`data.memberId`, e.g. an accepted application).
 */
export function findAuditAbout(db: DbOrTx, memberId: number, take: number) {
  return db.auditLog.findMany({
    where: {
      OR: [{ entity: 'member', entityId: String(memberId) }, { data: { path: ['memberId'], equals: memberId } }],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  });
}
export type AuditRow = Awaited<ReturnType<typeof findAuditAbout>>[number];

/** How often an action about the member was recorded since a time (for limits). */
export function countAuditAbout(db: DbOrTx, memberId: number, action: string, since: Date): Promise<number> {
  return db.auditLog.count({ where: { entity: 'member', entityId: String(memberId), action, createdAt: { gte: since } } });
}

export function findMemberNames(db: DbOrTx, ids: number[]) {
  return db.member.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true } });
}

// --- new members ----------------------------------------------------------------

export interface NewMemberAddress {
  street: string;
  houseNumber?: string;
  addressLine2?: string;
  postalCode: string;
  city: string;
  country?: string;
  validFrom: Date;
  validTo?: Date | null;
  current: boolean;
}

/** A member as created by an accepted application, the board-login script, the demo data or a test. */
export interface NewMember {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth?: Date | null;
  createdAt?: Date;
  roles: Role[];
  addresses?: NewMemberAddress[];
  phones?: { type: 'MOBILE' | 'LANDLINE'; number: string }[];
  memberships?: { seasonId: number; validFrom: Date; validTo: Date; parkingPermit?: boolean; createdAt?: Date }[];
  /** The login account (username and password hash); none: the member logs in after an invitation. */
  login?: { username: string; passwordHash: string | null };
}

/** Inserts a member with roles, addresses, phones, memberships and login in one statement. */
export function insertMember(db: DbOrTx, m: NewMember): Promise<{ id: number; memberNumber: number; username: string }> {
  return db.member.create({
    data: {
      username: m.username,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      ...(m.dateOfBirth !== undefined ? { dateOfBirth: m.dateOfBirth } : {}),
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
      roles: { create: m.roles.map((role) => ({ role })) },
      ...(m.addresses?.length ? { addresses: { create: m.addresses } } : {}),
      ...(m.phones?.length ? { phones: { create: m.phones } } : {}),
      ...(m.memberships?.length ? { memberships: { create: m.memberships } } : {}),
      ...(m.login ? { loginAccount: { create: m.login } } : {}),
    },
    select: { id: true, memberNumber: true, username: true },
  });
}

/** Whether a member or a login account already has this username (members: case-insensitive). */
export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const member = await db.member.findFirst({ where: { username: { equals: username, mode: 'insensitive' } }, select: { id: true } });
  const login = await db.loginAccount.findUnique({ where: { username }, select: { id: true } });
  return member !== null || login !== null;
}
