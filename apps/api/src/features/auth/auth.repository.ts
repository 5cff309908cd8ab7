import type { Role } from '@club/contract';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

// --- members linked to a login identity ------------------------------------------

/** The member linked to this identity (`issuer|sub`), if any. */
export function findMemberBySubject(db: DbOrTx, subject: string) {
  return db.member.findUnique({ where: { oidcSubject: subject }, select: { id: true } });
}

/** Members not linked at this issuer: never linked, or linked at another one (the club changed its provider). */
function linkableAt(issuer: string): Prisma.MemberWhereInput {
  return { OR: [{ oidcSubject: null }, { NOT: { oidcSubject: { startsWith: `${issuer}|` } } }] };
}

/**
 * Up to two members not linked at the issuer whose e-mail address or username equals the
 * value (case-insensitive): one is a match, two are ambiguous.
 */
export function findLinkableMembers(db: DbOrTx, issuer: string, by: { email: string } | { username: string }) {
  const field =
    'email' in by
      ? { email: { equals: by.email, mode: 'insensitive' as const } }
      : { username: { equals: by.username, mode: 'insensitive' as const } };
  return db.member.findMany({ where: { AND: [field, linkableAt(issuer)] }, select: { id: true }, take: 2 });
}

/** Links the member to the identity unless it was linked at the issuer meanwhile; false then. */
export async function linkMemberSubject(db: DbOrTx, memberId: number, issuer: string, subject: string): Promise<boolean> {
  const { count } = await db.member.updateMany({ where: { AND: [{ id: memberId }, linkableAt(issuer)] }, data: { oidcSubject: subject } });
  return count === 1;
}

// --- sessions -------------------------------------------------------------------

export interface SessionRow {
  sid: string;
  data: unknown;
  expiresAt: Date;
  memberExists: boolean;
  roles: Role[];
}

/** A session with its member's current roles, in one query (null: no such row). */
export async function readSessionWithRoles(db: DbOrTx, sid: string): Promise<SessionRow | null> {
  const rows = await db.$queryRaw<SessionRow[]>`
        SELECT s."sid", s."data", s."expiresAt", m."id" IS NOT NULL AS "memberExists",
               ARRAY(SELECT r."role"::text FROM "member_roles" r WHERE r."memberId" = m."id" ORDER BY r."role") AS "roles"
        FROM "sessions" s
        LEFT JOIN "members" m ON m."id" = CASE WHEN s."data"->>'memberId' ~ '^[0-9]{1,9}$' THEN (s."data"->>'memberId')::int END
        WHERE s."sid" = ${sid}`;
  return rows[0] ?? null;
}

export async function upsertSession(db: DbOrTx, sid: string, data: unknown, expiresAt: Date): Promise<void> {
  const json = data as Prisma.InputJsonValue;
  await db.session.upsert({ where: { sid }, create: { sid, data: json, expiresAt }, update: { data: json, expiresAt } });
}

/** Moves a live session's expiry on, unless it is already later than `notBefore`. */
export async function extendSession(db: DbOrTx, sid: string, expiresAt: Date, notBefore: Date, now: Date): Promise<void> {
  await db.session.updateMany({ where: { sid, expiresAt: { lt: notBefore, gt: now } }, data: { expiresAt } });
}

export async function deleteSession(db: DbOrTx, sid: string): Promise<void> {
  await db.session.deleteMany({ where: { sid } });
}

/** Removes every session of a member; returns how many. */
export async function deleteSessionsOfMember(db: DbOrTx, memberId: number): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { data: { path: ['memberId'], equals: memberId } } });
  return count;
}

/** Removes sessions expired at `now`; returns how many. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
