import type { PrismaClient } from '../../db/client.ts';
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
export async function checkLogin(
  db: PrismaClient,
  input: { username: string; password: string; ip: string; now: Date },
): Promise<LoginCheck> {
  const username = normalizeUsername(input.username).slice(0, MAX_USERNAME_LENGTH);
  const ip = input.ip.slice(0, 100);
  const attempt = await db.loginFailure.create({ data: { username, ip, createdAt: input.now }, select: { id: true } });
  const since = new Date(input.now.getTime() - FAILURE_WINDOW_MS);
  const earlier = { id: { lt: attempt.id }, createdAt: { gt: since, lte: input.now } };
  const [byUsername, byIp] = await Promise.all([
    db.loginFailure.count({ where: { ...earlier, username } }),
    db.loginFailure.count({ where: { ...earlier, ip } }),
  ]);
  if (isRateLimited({ byUsername, byIp })) {
    await db.loginFailure.deleteMany({ where: { id: attempt.id } });
    return { ok: false, reason: 'RATE_LIMITED' };
  }

  const account = username ? await db.loginAccount.findUnique({ where: { username }, select: { memberId: true, passwordHash: true } }) : null;
  const valid =
    account?.passwordHash && input.password.length <= MAX_PASSWORD_LENGTH
      ? await verifyPassword(account.passwordHash, input.password)
      : await verifyDummyPassword(input.password.slice(0, MAX_PASSWORD_LENGTH));
  if (!valid || !account) return { ok: false, reason: 'INVALID' };
  await db.loginFailure.deleteMany({ where: { id: attempt.id } });
  return { ok: true, memberId: account.memberId };
}

/** Claims the embedded provider gives about an account (the member is the account). */
export async function accountClaims(db: PrismaClient, memberId: number) {
  const member = await db.member.findUnique({
    where: { id: memberId },
    select: { id: true, username: true, email: true, firstName: true, lastName: true, loginAccount: { select: { username: true } } },
  });
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
