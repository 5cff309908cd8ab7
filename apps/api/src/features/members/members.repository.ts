import { Prisma } from '../../generated/prisma/client.ts';
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
      memberships: { include: { season: true, category: true }, orderBy: { validFrom: 'desc' } },
      loginAccount: { select: { username: true, passwordHash: true, createdAt: true } },
      emailChanges: { where: { confirmedAt: null }, orderBy: { createdAt: 'desc' } },
    },
  });
}
export type OwnMemberRow = NonNullable<Awaited<ReturnType<typeof findOwnMember>>>;

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

// --- what other parts of the site hold about a member (the board's view, the data export) ------

/** Payments booked on the member's invoices, by booking date. */
export function findPaymentsOfMember(db: DbOrTx, memberId: number) {
  return db.payment.findMany({
    where: { invoice: { memberId } },
    select: {
      id: true,
      invoiceId: true,
      amountRappen: true,
      bookingDate: true,
      debtorName: true,
      debtorAccount: true,
      invoice: { select: { number: true } },
    },
    orderBy: [{ bookingDate: 'asc' }, { id: 'asc' }],
  });
}

/** The newest mails of the outbox to an address (any case). */
export function findNewestMailsTo(db: DbOrTx, email: string, take: number) {
  return db.mailOutbox.findMany({
    where: { to: { equals: email, mode: 'insensitive' } },
    select: { id: true, createdAt: true, subject: true, status: true, sentAt: true },
    orderBy: { id: 'desc' },
    take,
  });
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
  /** categoryId left out: the season's default category */
  memberships?: { seasonId: number; validFrom: Date; validTo: Date; parkingPermit?: boolean; categoryId?: number; createdAt?: Date }[];
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

// --- the board's member search and changes --------------------------------------

/**
 * The searched text of a member, in lower case without accents (search_fold). Must stay
 * identical to the expression of the trigram index "members_search_trgm_idx" (migration
 * 20261123000000_member_search_accents), or the index is not used.
 */
const SEARCH_TEXT = Prisma.sql`"search_fold"("firstName" || ' ' || "lastName" || ' ' || "username" || ' ' || "email")`;

/** `%part%` for LIKE, with the pattern characters of the part taken literally. */
function containsPattern(part: string): string {
  return `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every word of the query must occur in name, username or e-mail (ignoring case and
 * accents: "kalin" finds "Kälin"), or a word of digits may be the member number.
 */
function searchCondition(words: readonly string[]): Prisma.Sql {
  if (words.length === 0) return Prisma.sql`TRUE`;
  const parts = words.map((word) => {
    const like = Prisma.sql`${SEARCH_TEXT} LIKE "search_fold"(${containsPattern(word)})`;
    const number = /^\d{1,9}$/.test(word) ? Number(word) : null;
    return number === null ? like : Prisma.sql`(${like} OR "memberNumber" = ${number})`;
  });
  return Prisma.join(parts, ' AND ');
}

export interface SearchRow {
  id: number;
  memberNumber: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  city: string | null;
  active: boolean;
  /** Members matching the words in all (the same on every row); null for the empty query. */
  total: number | null;
}

/**
 * One page of members matching the words, sorted by last name, first name; with words also the
 * number of all matches, in the same statement (the trigram index finds them: search_fold's cost,
 * migration 20261124000000_search_fold_cost, makes the planner prefer it). The empty query walks
 * the name index and stops after the page: countMembers counts apart, cheaper than a window.
 */
export function searchMembers(
  db: DbOrTx,
  input: { words: readonly string[]; today: string; limit: number; offset: number },
): Promise<SearchRow[]> {
  return db.$queryRaw<SearchRow[]>`
    SELECT m."id", m."memberNumber", m."firstName", m."lastName", m."username", m."email", a."city", m."total",
           EXISTS (SELECT 1 FROM "memberships" ms
                    WHERE ms."memberId" = m."id" AND ms."validFrom" <= ${input.today}::date AND ms."validTo" >= ${input.today}::date) AS "active"
      FROM (SELECT *, ${input.words.length ? Prisma.sql`(count(*) OVER ())::int` : Prisma.sql`NULL::int`} AS "total" FROM "members" WHERE ${searchCondition(input.words)}
             ORDER BY "lastName", "firstName", "id" LIMIT ${input.limit} OFFSET ${input.offset}) m
      LEFT JOIN "addresses" a ON a."memberId" = m."id" AND a."current"
     ORDER BY m."lastName", m."firstName", m."id"`;
}

export async function countMembers(db: DbOrTx, words: readonly string[]): Promise<number> {
  const rows = await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS "total" FROM "members" WHERE ${searchCondition(words)}`;
  return rows[0]?.total ?? 0;
}

/** Locks the member's row for the rest of the transaction; false when there is none. */
export async function lockMember(db: DbOrTx, memberId: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "members" WHERE "id" = ${memberId} FOR UPDATE`;
  return rows.length === 1;
}

export function findMemberPersonal(db: DbOrTx, memberId: number) {
  return db.member.findUnique({ where: { id: memberId }, select: { firstName: true, lastName: true, email: true, dateOfBirth: true } });
}

export function updateMemberPersonal(
  db: DbOrTx,
  memberId: number,
  data: { firstName: string; lastName: string; email: string; dateOfBirth: Date | null },
) {
  return db.member.update({ where: { id: memberId }, data });
}

// --- phones -------------------------------------------------------------------

export function findPhones(db: DbOrTx, memberId: number) {
  return db.phone.findMany({ where: { memberId }, orderBy: { type: 'asc' } });
}

export async function setPhone(db: DbOrTx, memberId: number, type: 'LANDLINE' | 'MOBILE', number: string | null): Promise<void> {
  if (number === null) {
    await db.phone.deleteMany({ where: { memberId, type } });
    return;
  }
  await db.phone.upsert({ where: { memberId_type: { memberId, type } }, create: { memberId, type, number }, update: { number } });
}

// --- memberships ----------------------------------------------------------------

export function findSeason(db: DbOrTx, seasonId: number) {
  return db.season.findUnique({ where: { id: seasonId }, select: { id: true, name: true, validFrom: true, validTo: true } });
}

export function findMembershipOfSeason(db: DbOrTx, memberId: number, seasonId: number) {
  return db.membership.findUnique({ where: { memberId_seasonId: { memberId, seasonId } }, select: { id: true } });
}

export function createMembership(
  db: DbOrTx,
  data: { memberId: number; seasonId: number; validFrom: Date; validTo: Date; categoryId: number },
) {
  return db.membership.create({ data, include: { season: true, category: true } });
}

/** A membership of this member (another member's is not found). */
export function findMembership(db: DbOrTx, memberId: number, membershipId: number) {
  return db.membership.findFirst({ where: { id: membershipId, memberId }, include: { season: true, category: true } });
}

export function setMembershipEnd(db: DbOrTx, membershipId: number, data: { validTo: Date; parkingPermit: boolean; categoryId: number }) {
  return db.membership.update({ where: { id: membershipId }, data, include: { season: true, category: true } });
}

// --- addresses ------------------------------------------------------------------

/** An address of this member (another member's is not found). */
export function findAddress(db: DbOrTx, memberId: number, addressId: number) {
  return db.address.findFirst({ where: { id: addressId, memberId } });
}

export function updateAddressFields(
  db: DbOrTx,
  addressId: number,
  data: { street: string; houseNumber: string; addressLine2: string; postalCode: string; city: string; country: string },
) {
  return db.address.update({ where: { id: addressId }, data });
}

// --- roles ----------------------------------------------------------------------

/**
 * Serialises every change of board roles (transaction advisory lock, bounded wait), so
 * that two removals at once cannot leave the club without a board member.
 */
export async function lockBoardRoles(db: DbOrTx): Promise<void> {
  await db.$executeRaw`SET LOCAL lock_timeout = '5s'`;
  await db.$queryRaw`SELECT 1 AS "locked" FROM (SELECT pg_advisory_xact_lock(hashtext('club.board-roles')::bigint)) AS l`;
}

export function findRoles(db: DbOrTx, memberId: number) {
  return db.memberRole.findMany({ where: { memberId }, select: { role: true } });
}

export function countBoardMembers(db: DbOrTx): Promise<number> {
  return db.memberRole.count({ where: { role: 'MEMBER_OF_THE_BOARD' } });
}

export async function addRole(db: DbOrTx, memberId: number, role: Role): Promise<void> {
  await db.memberRole.upsert({ where: { memberId_role: { memberId, role } }, create: { memberId, role }, update: {} });
}

export async function removeRole(db: DbOrTx, memberId: number, role: Role): Promise<void> {
  await db.memberRole.deleteMany({ where: { memberId, role } });
}
