import type { PrismaClient } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** What the relying party knows about an identity after the code flow. */
export interface Identity {
  issuer: string;
  sub: string;
  email?: string | undefined;
  emailVerified?: boolean | undefined;
  username?: string | undefined;
}

export type LinkResult = { memberId: number; linkedBy: 'subject' | 'email' | 'username' } | null;

/** members.oidcSubject: issuer and subject, since a subject is only unique per issuer. */
export function subjectKey(issuer: string, sub: string): string {
  return `${issuer}|${sub}`;
}

/** Reads the identity's claims from the ID token and userinfo (userinfo wins). */
export function identityFromClaims(issuer: string, ...sources: (Record<string, unknown> | undefined)[]): Identity | null {
  const claims: Record<string, unknown> = Object.assign({}, ...sources.filter(Boolean));
  const sub = claims.sub;
  if (typeof sub !== 'string' || !sub) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const verified = claims.email_verified;
  return {
    issuer,
    sub,
    email: text(claims.email),
    emailVerified: verified === true || verified === 'true',
    username: text(claims.preferred_username) ?? text(claims.username),
  };
}

/**
 * Finds the member of an identity (DESIGN.md §5): by the stored subject; else, at the first
 * login, by a verified e-mail address that exactly one member has, or by the username.
 * The match is linked then (members.oidcSubject), so later logins go by subject only.
 * A member already linked to another identity of the same issuer is never taken over;
 * one linked at another issuer (the club changed its provider) is relinked.
 */
export async function linkIdentity(db: PrismaClient, identity: Identity): Promise<LinkResult> {
  const subject = subjectKey(identity.issuer, identity.sub);
  const bySubject = async () => db.member.findUnique({ where: { oidcSubject: subject }, select: { id: true } });
  const linked = await bySubject();
  if (linked) return { memberId: linked.id, linkedBy: 'subject' };

  const linkable: Prisma.MemberWhereInput = {
    OR: [{ oidcSubject: null }, { NOT: { oidcSubject: { startsWith: `${identity.issuer}|` } } }],
  };
  let candidate: { id: number; linkedBy: 'email' | 'username' } | undefined;
  if (identity.email && identity.emailVerified) {
    const matches = await db.member.findMany({
      where: { AND: [{ email: { equals: identity.email, mode: 'insensitive' } }, linkable] },
      select: { id: true },
      take: 2,
    });
    if (matches.length === 1 && matches[0]) candidate = { id: matches[0].id, linkedBy: 'email' };
  }
  if (!candidate && identity.username) {
    const matches = await db.member.findMany({
      where: { AND: [{ username: { equals: identity.username, mode: 'insensitive' } }, linkable] },
      select: { id: true },
      take: 2,
    });
    if (matches.length === 1 && matches[0]) candidate = { id: matches[0].id, linkedBy: 'username' };
  }
  if (!candidate) return null;

  try {
    const { count } = await db.member.updateMany({ where: { AND: [{ id: candidate.id }, linkable] }, data: { oidcSubject: subject } });
    if (count === 1) return { memberId: candidate.id, linkedBy: candidate.linkedBy };
  } catch (error) {
    // Two callbacks of one identity at once: the other one linked it first.
    if (!isUniqueViolation(error)) throw error;
  }
  const raced = await bySubject();
  return raced ? { memberId: raced.id, linkedBy: 'subject' } : null;
}
