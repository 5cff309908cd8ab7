import type { DbOrTx } from '../../lib/ctx.ts';
import {
  countEarlierFailures,
  deleteExpiredOidcPayloads,
  deleteLoginAttempt,
  deleteLoginFailuresBefore,
  findAccountOwner,
  findLoginAccountByUsername,
  recordLoginAttempt,
} from './idp.repository.ts';
import { verifyDummyPassword, verifyPassword } from './passwords.ts';

/** Failed logins counted per username and per client IP in this window (DESIGN.md §5). */
export const FAILURE_WINDOW_MS = 60_000;
/** The 6th attempt after 5 failures within the window is refused. */
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 30;

const MAX_USERNAME_LENGTH = 100;
const MAX_PASSWORD_LENGTH = 200;

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export type LoginCheck = { ok: true; memberId: number } | { ok: false; reason: 'INVALID' | 'RATE_LIMITED' };

/** Whether earlier failures in the window refuse this attempt. */
export function isRateLimited(failures: { byUsername: number; byIp: number }): boolean {
  return failures.byUsername >= MAX_FAILURES_PER_USERNAME || failures.byIp >= MAX_FAILURES_PER_IP;
}

/**
 * Checks a username and password of the embedded provider.
 *
 * The rate limit lives in table login_failures, so it holds across instances: the attempt
 * is recorded first (as a failure), then the failures recorded before it in the window are
 * counted; a refused or successful attempt removes its row again, a wrong password keeps it.
 * Recording first means parallel attempts see each other and cannot slip past the limit.
 * Unknown users and accounts without a password spend the time of a real check.
 */
export async function checkLogin(db: DbOrTx, input: { username: string; password: string; ip: string; now: Date }): Promise<LoginCheck> {
  const username = normalizeUsername(input.username).slice(0, MAX_USERNAME_LENGTH);
  const ip = input.ip.slice(0, 100);
  const attemptId = await recordLoginAttempt(db, { username, ip, createdAt: input.now });
  const since = new Date(input.now.getTime() - FAILURE_WINDOW_MS);
  const failures = await countEarlierFailures(db, { id: attemptId, username, ip }, { since, until: input.now });
  if (isRateLimited(failures)) {
    await deleteLoginAttempt(db, attemptId);
    return { ok: false, reason: 'RATE_LIMITED' };
  }

  const account = username ? await findLoginAccountByUsername(db, username) : null;
  const valid =
    account?.passwordHash && input.password.length <= MAX_PASSWORD_LENGTH
      ? await verifyPassword(account.passwordHash, input.password)
      : await verifyDummyPassword(input.password.slice(0, MAX_PASSWORD_LENGTH));
  if (!valid || !account) return { ok: false, reason: 'INVALID' };
  await deleteLoginAttempt(db, attemptId);
  return { ok: true, memberId: account.memberId };
}

/** Claims the embedded provider gives about an account (the member is the account). */
export async function accountClaims(db: DbOrTx, memberId: number) {
  const member = await findAccountOwner(db, memberId);
  if (!member) return null;
  return {
    email: member.email,
    // Addresses reach members.email only after confirmation (DESIGN.md §6), or come with
    // the invitation mail whose link the member followed to choose a password.
    email_verified: true,
    preferred_username: member.loginAccount?.username ?? member.username.toLowerCase(),
    given_name: member.firstName,
    family_name: member.lastName,
    name: `${member.firstName} ${member.lastName}`,
  };
}

/** Failed logins are kept a little longer than the rate limit looks back. */
const KEEP_FAILURES_MS = 60 * 60 * 1000;

/** Removes old failed logins and expired provider artefacts (which the provider stamps with the real time). */
export async function pruneLoginData(db: DbOrTx, now: Date): Promise<{ failures: number; payloads: number }> {
  const failures = await deleteLoginFailuresBefore(db, new Date(now.getTime() - KEEP_FAILURES_MS));
  const payloads = await deleteExpiredOidcPayloads(db, new Date());
  return { failures, payloads };
}
