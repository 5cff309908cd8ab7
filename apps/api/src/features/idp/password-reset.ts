import { inTransaction } from '../../db/tx.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { Logger } from '../../lib/logger.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { endCalendarFeed } from '../calendar/index.ts';
import { loginNameOf } from './accounts.ts';
import {
  claimPasswordReset,
  countEarlierResetRequests,
  countPasswordResetsSince,
  deleteProviderSessionsOf,
  deleteResetRequest,
  expireOpenInvitations,
  findMemberToMail,
  findMembersBy,
  findPasswordResetByTokenHash,
  insertPasswordReset,
  recordResetRequest,
  setResetRequestMailed,
  unlockTotp,
  upsertLoginPassword,
} from './idp.repository.ts';
import { passwordResetMail } from './idp.mails.ts';
import type { InvitationStatus } from './invitations.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { hashPassword } from './passwords.ts';

/** A forgotten-password link is valid this long (docs/domain-rules.md «Login, session, roles»). */
export const RESET_VALID_MINUTES = 60;
const HOUR_MS = 60 * 60 * 1000;
/** Each limit counts over the last hour. */
export const RESET_LIMITS = {
  /** Mails to one member (whoever asks): more are not sent, the answer stays the same. */
  perAccount: 3,
  /** Requests for what one person typed: then 429. */
  perAddress: 5,
  /** Requests from one client (an IPv6 /64 network): then 429. */
  perClient: 20,
} as const;
/** Members one e-mail address may belong to (a family sharing one), each gets its own link. */
const MEMBERS_PER_ADDRESS = 5;

/** Path of the page where a member chooses a new password. */
export function resetPath(token: string): string {
  return `/idp/password/reset/${encodeURIComponent(token)}`;
}

export interface ResetSettings {
  clubName: string;
  publicUrl: string;
}

interface ResetTarget {
  id: number;
  firstName: string;
  email: string;
  username: string;
  loginAccount: { username: string } | null;
}

/**
 * One reset link for a member, mailed through the outbox in the caller's transaction, unless
 * the member got RESET_LIMITS.perAccount links within the hour (null then). Without a member
 * (nobody found) the same token work and count run and nothing is written, so an unknown
 * address costs what a known one does, less two inserts.
 */
async function mailResetLink(db: DbOrTx, member: ResetTarget | null, now: Date, settings: ResetSettings): Promise<Date | null> {
  const token = newLinkToken();
  const tokenHash = hashLinkToken(token);
  const recent = await countPasswordResetsSince(db, member?.id ?? 0, new Date(now.getTime() - HOUR_MS));
  if (!member || recent >= RESET_LIMITS.perAccount) return null;
  const expiresAt = new Date(now.getTime() + RESET_VALID_MINUTES * 60_000);
  await insertPasswordReset(db, { memberId: member.id, tokenHash, expiresAt, createdAt: now });
  const url = `${settings.publicUrl.replace(/\/+$/, '')}${resetPath(token)}`;
  const text = passwordResetMail({
    firstName: member.firstName,
    clubName: settings.clubName,
    username: loginNameOf(member),
    url,
    validMinutes: RESET_VALID_MINUTES,
  });
  await enqueueMail(db, { to: member.email, ...text });
  return expiresAt;
}

/** What was typed into the form, as it is counted and looked up: trimmed, lower case, bounded. */
export function resetIdentifier(typed: string): string {
  return typed.trim().toLowerCase().slice(0, 254);
}

/**
 * The forgotten-password form (docs/domain-rules.md «Login, session, roles»): the same answer whether or not an account
 * exists. Every request is recorded and counted per typed address and per client (refused
 * with RATE_LIMITED over the limits, and then not counted); the members the text names (a
 * username, or an e-mail address: up to five members sharing it) each get a link by mail.
 * Unknown addresses run the same queries and commit a write too (the request's count of
 * mails), less the two inserts of a link and its mail: bench/password-reset measures both.
 */
export async function requestPasswordReset(
  db: DbOrTx,
  input: { typed: string; client: string; now: Date; settings: ResetSettings; log: Logger },
): Promise<'ANSWERED' | 'RATE_LIMITED'> {
  const identifier = resetIdentifier(input.typed);
  const client = input.client.slice(0, 100);
  // Recorded before it is counted (outside the transaction), so parallel requests see each other.
  const id = await recordResetRequest(db, { identifier, client, createdAt: input.now });
  const earlier = await countEarlierResetRequests(db, { id, identifier, client }, new Date(input.now.getTime() - HOUR_MS));
  if (earlier.byIdentifier >= RESET_LIMITS.perAddress || earlier.byClient >= RESET_LIMITS.perClient) {
    await deleteResetRequest(db, id);
    return 'RATE_LIMITED';
  }
  await inTransaction(db, async (tx) => {
    const by = identifier.includes('@') ? { email: identifier } : { username: identifier };
    const members: (ResetTarget | null)[] = identifier ? await findMembersBy(tx, by, MEMBERS_PER_ADDRESS) : [];
    let mailed = 0;
    for (const member of members.length ? members : [null]) {
      const sent = await mailResetLink(tx, member, input.now, input.settings);
      if (sent) mailed += 1;
      if (member && !sent) input.log.info({ memberId: member.id }, 'password reset not mailed: too many links within the hour');
    }
    // Written whatever was found: without a write the commit of an unknown address would skip
    // the flush to disk that a known one waits for (about 20 ms on PostgreSQL).
    await setResetRequestMailed(tx, id, mailed);
  });
  return 'ANSWERED';
}

/** The board's «Passwort zurücksetzen»: the same mail as the form; null when the member got too many links within the hour. */
export async function sendPasswordReset(
  db: DbOrTx,
  input: { memberId: number; now: Date; settings: ResetSettings },
): Promise<{ expiresAt: Date } | 'NO_MEMBER' | 'RATE_LIMITED'> {
  const member = await findMemberToMail(db, input.memberId);
  if (!member) return 'NO_MEMBER';
  const expiresAt = await mailResetLink(db, member, input.now, input.settings);
  return expiresAt ? { expiresAt } : 'RATE_LIMITED';
}

export interface ResetView {
  status: InvitationStatus;
  firstName: string;
  username: string;
}

function resetStatus(row: { expiresAt: Date; usedAt: Date | null }, now: Date): InvitationStatus {
  if (row.usedAt) return 'USED';
  return now.getTime() >= row.expiresAt.getTime() ? 'EXPIRED' : 'VALID';
}

/** The reset link behind a token, or null when there is none. */
export async function findPasswordReset(db: DbOrTx, token: string, now: Date): Promise<ResetView | null> {
  const row = await findPasswordResetByTokenHash(db, hashLinkToken(token));
  if (!row) return null;
  return { status: resetStatus(row, now), firstName: row.member.firstName, username: loginNameOf(row.member) };
}

export type ResetResult = { ok: true; memberId: number; username: string } | { ok: false; status: InvitationStatus | 'UNKNOWN' };

/**
 * Sets the new password through a reset link, once (and with it every other open link and
 * invitation of the member ends). In the same transaction every session of the member ends:
 * the provider's and the site's (`endSiteSessions`, the auth feature's), so whoever used the
 * old password is logged out everywhere, and the member's calendar feed link ends (404). The
 * second factor stays as it is; a lock after too many wrong codes is lifted (the link proves the
 * mailbox, and the code is still asked at the next login).
 */
export async function completePasswordReset(
  db: DbOrTx,
  input: { token: string; password: string; now: Date; endSiteSessions: (db: DbOrTx, memberId: number) => Promise<unknown> },
): Promise<ResetResult> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (tx): Promise<ResetResult> => {
    const row = await findPasswordResetByTokenHash(tx, hashLinkToken(input.token));
    if (!row) return { ok: false, status: 'UNKNOWN' };
    const status = resetStatus(row, input.now);
    if (status !== 'VALID') return { ok: false, status };
    if (!(await claimPasswordReset(tx, row.id, row.memberId, input.now))) return { ok: false, status: 'USED' };
    const username = loginNameOf(row.member);
    await upsertLoginPassword(tx, row.memberId, username, passwordHash);
    await expireOpenInvitations(tx, row.memberId, input.now);
    await deleteProviderSessionsOf(tx, row.memberId);
    await input.endSiteSessions(tx, row.memberId);
    await endCalendarFeed(tx, row.memberId);
    await unlockTotp(tx, row.memberId);
    return { ok: true, memberId: row.memberId, username };
  });
}
