import type { CandidateStatus } from '@club/contract';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

/** The stored fields of an application (the address is flat in the table). */
export interface CandidateFields {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: Date;
  street: string;
  houseNumber: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  mobile: string;
  landLine: string;
  remarks: string;
}

const candidateInclude = {
  decidedBy: { select: { id: true, firstName: true, lastName: true } },
  member: { select: { id: true, username: true } },
} satisfies Prisma.CandidateInclude;

export type CandidateRow = Prisma.CandidateGetPayload<{ include: typeof candidateInclude }>;

export function insertCandidate(
  db: DbOrTx,
  data: CandidateFields & {
    applicationDate: Date;
    source: 'ONLINE' | 'PAPER';
    createdAt: Date;
    requestedCategory?: string;
    statutesReadAt?: Date;
  },
): Promise<CandidateRow> {
  return db.candidate.create({ data, include: candidateInclude });
}

export function findCandidate(db: DbOrTx, id: number): Promise<CandidateRow | null> {
  return db.candidate.findUnique({ where: { id }, include: candidateInclude });
}

/** Open applications first (oldest first: they have waited longest), then decided ones, newest first. */
export async function listCandidates(db: DbOrTx, status?: CandidateStatus): Promise<CandidateRow[]> {
  const open =
    status === undefined || status === 'PENDING'
      ? await db.candidate.findMany({
          where: { status: 'PENDING' },
          include: candidateInclude,
          orderBy: [{ applicationDate: 'asc' }, { id: 'asc' }],
        })
      : [];
  const decided =
    status === 'PENDING'
      ? []
      : await db.candidate.findMany({
          where: status ? { status } : { status: { not: 'PENDING' } },
          include: candidateInclude,
          orderBy: [{ decidedAt: { sort: 'desc', nulls: 'last' } }, { applicationDate: 'desc' }, { id: 'desc' }],
        });
  return [...open, ...decided];
}

export function updateCandidateFields(db: DbOrTx, id: number, data: CandidateFields & { applicationDate?: Date }): Promise<CandidateRow> {
  return db.candidate.update({ where: { id }, data, include: candidateInclude });
}

/**
 * Locks the candidate's row for the rest of the transaction (SELECT … FOR UPDATE), so two
 * board members deciding at once are serialised; the wait is bounded by lock_timeout.
 */
export async function lockCandidate(db: DbOrTx, id: number): Promise<{ status: CandidateStatus } | null> {
  await db.$executeRawUnsafe(`SET LOCAL lock_timeout = '5s'`);
  const rows = await db.$queryRaw<{ status: CandidateStatus }[]>`
    SELECT "status"::text AS "status" FROM "candidates" WHERE "id" = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

export function markCandidateDecided(
  db: DbOrTx,
  id: number,
  data: { status: CandidateStatus; decidedAt: Date; decidedById: number | null; memberId?: number },
): Promise<CandidateRow> {
  return db.candidate.update({ where: { id }, data, include: candidateInclude });
}

/** A transaction-scoped advisory lock on a text key (released at commit or rollback). */
export async function lockKey(db: DbOrTx, key: string): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}

/** An open application with exactly these fields received since `since` (a form sent twice). */
export function findIdenticalOpenApplication(db: DbOrTx, data: CandidateFields, since: Date): Promise<CandidateRow | null> {
  const { email, ...rest } = data;
  return db.candidate.findFirst({
    where: { ...rest, email: { equals: email, mode: 'insensitive' }, status: 'PENDING', createdAt: { gte: since } },
    include: candidateInclude,
    orderBy: { id: 'asc' },
  });
}

function anyEmail(emails: readonly string[]) {
  return { OR: [...new Set(emails.map((e) => e.toLowerCase()))].map((e) => ({ email: { equals: e, mode: 'insensitive' as const } })) };
}

/** Who to compare an application with: its e-mail address, or its name and birth date (case-insensitive). */
export interface PersonKey {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: Date;
}

function anyPerson(keys: readonly PersonKey[]) {
  return {
    OR: [
      ...anyEmail(keys.map((k) => k.email)).OR,
      ...keys.map((k) => ({
        firstName: { equals: k.firstName.trim(), mode: 'insensitive' as const },
        lastName: { equals: k.lastName.trim(), mode: 'insensitive' as const },
        dateOfBirth: k.dateOfBirth,
      })),
    ],
  };
}

const personSelect = { id: true, firstName: true, lastName: true, email: true, dateOfBirth: true } as const;

/** Members with one of these e-mail addresses, or one of these names with its birth date (possible duplicates). */
export function findMembersLike(db: DbOrTx, keys: readonly PersonKey[]) {
  if (!keys.length) return Promise.resolve([]);
  return db.member.findMany({ where: { ...anyPerson(keys), anonymisedAt: null }, select: personSelect });
}

/** Open applications with one of these e-mail addresses, or one of these names with its birth date. */
export function findOpenCandidatesLike(db: DbOrTx, keys: readonly PersonKey[]) {
  if (!keys.length) return Promise.resolve([]);
  return db.candidate.findMany({ where: { ...anyPerson(keys), status: 'PENDING' }, select: personSelect });
}

/** The season whose dates cover the day. */
export function findSeasonCovering(db: DbOrTx, day: Date) {
  return db.season.findFirst({
    where: { validFrom: { lte: day }, validTo: { gte: day } },
    select: { id: true, name: true, validFrom: true, validTo: true },
  });
}

/** These seasons (those that exist), with their dates. */
export function findSeasonsByIds(db: DbOrTx, ids: number[]) {
  return db.season.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, validFrom: true, validTo: true },
    orderBy: { validFrom: 'asc' },
  });
}

/** Usernames of members and login accounts that start with the base (case-insensitive). */
export async function findUsernamesStartingWith(db: DbOrTx, base: string): Promise<string[]> {
  const [members, accounts] = await Promise.all([
    db.member.findMany({ where: { username: { startsWith: base, mode: 'insensitive' } }, select: { username: true } }),
    db.loginAccount.findMany({ where: { username: { startsWith: base, mode: 'insensitive' } }, select: { username: true } }),
  ]);
  return [...members, ...accounts].map((r) => r.username);
}
