import { isUniqueViolation } from '../../db/errors.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import { findLinkableMembers, findMemberBySubject, linkMemberSubject } from './auth.repository.ts';

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
 * Finds the member of an identity (docs/domain-rules.md «Login, session, roles»): by the stored subject; else, at the first
 * login, by a verified e-mail address that exactly one member has, or by the username.
 * The match is linked then (members.oidcSubject), so later logins go by subject only.
 * A member already linked to another identity of the same issuer is never taken over;
 * one linked at another issuer (the club changed its provider) is relinked.
 */
export async function linkIdentity(db: DbOrTx, identity: Identity): Promise<LinkResult> {
  const subject = subjectKey(identity.issuer, identity.sub);
  const linked = await findMemberBySubject(db, subject);
  if (linked) return { memberId: linked.id, linkedBy: 'subject' };

  let candidate: { id: number; linkedBy: 'email' | 'username' } | undefined;
  if (identity.email && identity.emailVerified) {
    const matches = await findLinkableMembers(db, identity.issuer, { email: identity.email });
    if (matches.length === 1 && matches[0]) candidate = { id: matches[0].id, linkedBy: 'email' };
  }
  if (!candidate && identity.username) {
    const matches = await findLinkableMembers(db, identity.issuer, { username: identity.username });
    if (matches.length === 1 && matches[0]) candidate = { id: matches[0].id, linkedBy: 'username' };
  }
  if (!candidate) return null;

  try {
    if (await linkMemberSubject(db, candidate.id, identity.issuer, subject))
      return { memberId: candidate.id, linkedBy: candidate.linkedBy };
  } catch (error) {
    // Two callbacks of one identity at once: the other one linked it first.
    if (!isUniqueViolation(error)) throw error;
  }
  const raced = await findMemberBySubject(db, subject);
  return raced ? { memberId: raced.id, linkedBy: 'subject' } : null;
}
