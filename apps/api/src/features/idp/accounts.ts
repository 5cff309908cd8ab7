import type { DbOrTx } from '../../lib/ctx.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import {
  clearWrongCodes,
  countWrongCode,
  isTotpLocked,
  countEarlierFailures,
  deleteExpiredOidcPayloads,
  deleteLoginAttempt,
  deleteLoginFailuresBefore,
  deleteOldPasswordResets,
  findAccountOwner,
  findLoginAccountByUsername,
  findLoginOverview,
  findLoginRecords,
  findLoginSubject,
  findRecentFailures,
  recordLoginAttempt,
} from './idp.repository.ts';
import { secondFactorLockedMail } from './idp.mails.ts';
import { afterPassword } from './login-flow.ts';
import { FORGOT_PASSWORD_PATH } from './link-tokens.ts';
import { verifyDummyPassword, verifyPassword } from './passwords.ts';
import { confirmTotpEnrolment, twoFactorState, useSecondFactor, type EnrolmentResult, type TwoFactorState } from './two-factor.ts';

/** Failed logins counted per username and per client IP in this window (docs/domain-rules.md «Login, session, roles»). */
export const FAILURE_WINDOW_MS = 60_000;
/**
 * Per username, the operator's setting (LOGIN_FAILURES_PER_MINUTE, default 5) says how many failures the
 * window holds: the attempt after them is refused. Per client IP, 30.
 */
export const MAX_FAILURES_PER_IP = 30;

const MAX_USERNAME_LENGTH = 100;
const MAX_PASSWORD_LENGTH = 200;

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export type AttemptResult<T> = { ok: true; value: T } | { ok: false; reason: 'INVALID' | 'RATE_LIMITED' };
export type LoginCheck = { ok: true; memberId: number } | { ok: false; reason: 'INVALID' | 'RATE_LIMITED' };

/** Whether earlier failures in the window refuse this attempt (`perUsername`: the failures a login name has in the window). */
export function isRateLimited(failures: { byUsername: number; byIp: number }, perUsername: number): boolean {
  return failures.byUsername >= perUsername || failures.byIp >= MAX_FAILURES_PER_IP;
}

/**
 * One rate-limited attempt of a login (a password, or a code of the second factor).
 *
 * The rate limit lives in table login_failures, so it holds across instances: the attempt
 * is recorded first (as a failure), then the failures recorded before it in the window are
 * counted; a refused or successful attempt removes its row again, a failed check keeps it.
 * Recording first means parallel attempts see each other and cannot slip past the limit.
 * `client` is the client's key (clientKey: an IPv6 address counts by its /64 network);
 * `failuresPerUsername` the failures a login name has in the window (LOGIN_FAILURES_PER_MINUTE).
 */
export async function limitedAttempt<T>(
  db: DbOrTx,
  key: { username: string; client: string; now: Date; failuresPerUsername: number },
  check: () => Promise<T | null>,
): Promise<AttemptResult<T>> {
  const username = normalizeUsername(key.username).slice(0, MAX_USERNAME_LENGTH);
  const ip = key.client.slice(0, 100);
  const attemptId = await recordLoginAttempt(db, { username, ip, createdAt: key.now });
  const since = new Date(key.now.getTime() - FAILURE_WINDOW_MS);
  const failures = await countEarlierFailures(db, { id: attemptId, username, ip }, { since, until: key.now });
  if (isRateLimited(failures, key.failuresPerUsername)) {
    await deleteLoginAttempt(db, attemptId);
    return { ok: false, reason: 'RATE_LIMITED' };
  }
  const value = await check();
  if (value === null) return { ok: false, reason: 'INVALID' };
  await deleteLoginAttempt(db, attemptId);
  return { ok: true, value };
}

/**
 * Checks a username and password of the embedded provider (rate-limited: limitedAttempt).
 * Unknown users and accounts without a password spend the time of a real check.
 */
export async function checkLogin(
  db: DbOrTx,
  input: { username: string; password: string; client: string; now: Date; failuresPerUsername: number },
): Promise<LoginCheck> {
  const username = normalizeUsername(input.username).slice(0, MAX_USERNAME_LENGTH);
  const key = { username, client: input.client, now: input.now, failuresPerUsername: input.failuresPerUsername };
  const result = await limitedAttempt(db, key, async () => {
    const account = username ? await findLoginAccountByUsername(db, username) : null;
    const valid =
      account?.passwordHash && input.password.length <= MAX_PASSWORD_LENGTH
        ? await verifyPassword(account.passwordHash, input.password)
        : await verifyDummyPassword(input.password.slice(0, MAX_PASSWORD_LENGTH));
    return valid && account ? account.memberId : null;
  });
  return result.ok ? { ok: true, memberId: result.value } : result;
}

/** Wrong codes (of the app or recovery codes) in a row, across logins, that lock the second factor. */
export const MAX_WRONG_CODES = 10;

export type CodeCheck = AttemptResult<'totp' | 'recovery'> | { ok: false; reason: 'LOCKED' };

/** A code typed at a login or on the account page, counted under the login name and the client's key. */
export interface CodeAttempt {
  memberId: number;
  username: string;
  code: string;
  client: string;
  now: Date;
  /** LOGIN_FAILURES_PER_MINUTE. */
  failuresPerUsername: number;
}

function attemptKey(input: CodeAttempt) {
  return { username: input.username, client: input.client, now: input.now, failuresPerUsername: input.failuresPerUsername };
}

/** Where a code is checked: the site's name and address for the mail at the lock. */
export interface CodeSite {
  clubName: string;
  publicUrl: string;
}

/** Whether the member's second factor is locked after too many wrong codes (no code passes until it is lifted). */
export function secondFactorLocked(db: DbOrTx, memberId: number): Promise<boolean> {
  return isTotpLocked(db, memberId);
}

/**
 * Checks (and uses up) a code of the member's second factor, rate-limited together with the
 * passwords of the same login name: five wrong passwords or codes a minute (LOGIN_FAILURES_PER_MINUTE), then a pause.
 * Wrong codes also count per account, whichever login they come from: the tenth in a row locks
 * the factor (LOCKED; no code is accepted, a right one neither) and mails the member, until a
 * password reset by mailed link or another board member's reset of the factor. A right code
 * sets the count back.
 */
export async function checkSecondFactor(db: DbOrTx, input: CodeAttempt & { site: CodeSite }): Promise<CodeCheck> {
  if (await isTotpLocked(db, input.memberId)) return { ok: false, reason: 'LOCKED' };
  const result = await limitedAttempt(db, attemptKey(input), () =>
    useSecondFactor(db, input.memberId, input.code.slice(0, 100), input.now),
  );
  if (result.ok) {
    await clearWrongCodes(db, input.memberId);
    return result;
  }
  if (result.reason !== 'INVALID') return result;
  // A right code refused because the lock came meanwhile is INVALID too: still LOCKED below.
  const lockedNow = await countWrongCode(db, input.memberId, MAX_WRONG_CODES, input.now);
  if (lockedNow) await mailLock(db, input.memberId, input.site);
  return lockedNow || (await isTotpLocked(db, input.memberId)) ? { ok: false, reason: 'LOCKED' } : result;
}

async function mailLock(db: DbOrTx, memberId: number, site: CodeSite): Promise<void> {
  const owner = await findAccountOwner(db, memberId);
  if (!owner) return;
  const mail = secondFactorLockedMail({
    firstName: owner.firstName,
    clubName: site.clubName,
    wrongCodes: MAX_WRONG_CODES,
    forgotUrl: `${site.publicUrl}${FORGOT_PASSWORD_PATH}`,
  });
  await enqueueMail(db, { to: owner.email, ...mail });
}

/**
 * Finishes the enrolment of a second factor with a code of the app, rate-limited like every
 * code: ALREADY_ENABLED and NOT_STARTED come through as results, a wrong code as INVALID.
 */
export function confirmSecondFactor(db: DbOrTx, input: CodeAttempt): Promise<AttemptResult<EnrolmentResult>> {
  return limitedAttempt(db, attemptKey(input), async () => {
    const result = await confirmTotpEnrolment(db, { memberId: input.memberId, code: input.code.slice(0, 100), now: input.now });
    return result.ok || result.reason !== 'WRONG_CODE' ? result : null;
  });
}

/** The member's login name (null: no such member). */
export async function loginNameOfMember(db: DbOrTx, memberId: number): Promise<string | null> {
  const member = await findLoginSubject(db, memberId);
  return member ? loginNameOf(member) : null;
}

/** What a correct password leads to for this member, and the login name its codes count under; null: no such member. */
export async function nextLoginStep(
  db: DbOrTx,
  memberId: number,
  requireForBoard: boolean,
): Promise<{ next: 'finish' | 'code' | 'enrol'; username: string } | null> {
  const member = await findLoginSubject(db, memberId);
  if (!member) return null;
  const board = member.roles.some((r) => r.role === 'MEMBER_OF_THE_BOARD');
  return { next: afterPassword({ twoFactor: Boolean(member.totp?.confirmedAt), board }, requireForBoard), username: loginNameOf(member) };
}

/** The member's login name of the embedded provider (the account's, else the member's username in lower case). */
export function loginNameOf(member: { username: string; loginAccount: { username: string } | null }): string {
  return member.loginAccount?.username ?? member.username.toLowerCase();
}

export type LoginState = 'NONE' | 'INVITED' | 'INVITATION_EXPIRED' | 'ACTIVE';

export interface LoginOverview {
  state: LoginState;
  username: string | null;
  invitationExpiresAt: Date | null;
  lastLoginAt: Date | null;
  twoFactor: boolean;
  /** Too many failed attempts: no login until then. */
  lockedUntil: Date | null;
}

/** Until when the failed attempts of a login name (the newest first) refuse the next one, or null; `perUsername` as in isRateLimited. */
export function lockedUntil(failuresNewestFirst: Date[], perUsername: number): Date | null {
  const oldestCounted = failuresNewestFirst[perUsername - 1];
  return oldestCounted ? new Date(oldestCounted.getTime() + FAILURE_WINDOW_MS) : null;
}

/**
 * How a member can log in (the board's member page): invitation, password, last login, second factor, lock
 * (`failuresPerUsername`: LOGIN_FAILURES_PER_MINUTE).
 */
export async function loginOverview(db: DbOrTx, memberId: number, now: Date, failuresPerUsername: number): Promise<LoginOverview | null> {
  const row = await findLoginOverview(db, memberId);
  if (!row) return null;
  const account = row.loginAccount;
  const invitation = row.invitations[0] ?? null;
  const openInvitation = invitation && !invitation.usedAt ? invitation : null;
  const state: LoginState = account?.passwordHash
    ? 'ACTIVE'
    : !openInvitation
      ? 'NONE'
      : openInvitation.expiresAt.getTime() > now.getTime()
        ? 'INVITED'
        : 'INVITATION_EXPIRED';
  const failures = account
    ? await findRecentFailures(db, account.username, new Date(now.getTime() - FAILURE_WINDOW_MS), failuresPerUsername)
    : [];
  return {
    state,
    username: account?.username ?? null,
    invitationExpiresAt: state === 'ACTIVE' ? null : (openInvitation?.expiresAt ?? null),
    lastLoginAt: account?.lastLoginAt ?? null,
    twoFactor: Boolean(row.totp?.confirmedAt),
    lockedUntil: lockedUntil(failures, failuresPerUsername),
  };
}

export interface LoginLink {
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface LoginRecords {
  lastLoginAt: Date | null;
  twoFactor: TwoFactorState;
  invitations: LoginLink[];
  passwordResets: LoginLink[];
}

/**
 * What the embedded login holds about a member besides the account itself (the member's own data
 * export): last login, second factor, the invitation and password links mailed (their times;
 * the secrets are stored only as hashes and are not handed out). Null for an unknown member.
 */
export async function loginRecords(db: DbOrTx, memberId: number): Promise<LoginRecords | null> {
  const [row, twoFactor] = await Promise.all([findLoginRecords(db, memberId), twoFactorState(db, memberId)]);
  if (!row) return null;
  return {
    lastLoginAt: row.loginAccount?.lastLoginAt ?? null,
    twoFactor,
    invitations: row.invitations,
    passwordResets: row.passwordResets,
  };
}

/** Claims the embedded provider gives about an account (the member is the account). */
export async function accountClaims(db: DbOrTx, memberId: number) {
  const member = await findAccountOwner(db, memberId);
  if (!member) return null;
  return {
    email: member.email,
    // Addresses reach members.email only after confirmation (docs/domain-rules.md «Own data»), or come with
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

/** Forgotten-password requests and links are kept a day past their use (the limits look back an hour). */
const KEEP_RESETS_MS = 24 * 60 * 60 * 1000;

/** Removes old failed logins, old forgotten-password data and expired provider artefacts (which the provider stamps with the real time). */
export async function pruneLoginData(db: DbOrTx, now: Date): Promise<{ failures: number; resets: number; payloads: number }> {
  const failures = await deleteLoginFailuresBefore(db, new Date(now.getTime() - KEEP_FAILURES_MS));
  const resets = await deleteOldPasswordResets(db, new Date(now.getTime() - KEEP_RESETS_MS));
  const payloads = await deleteExpiredOidcPayloads(db, new Date());
  return { failures, resets, payloads };
}
