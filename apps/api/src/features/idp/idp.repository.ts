import type { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

// --- login attempts (rate limit) ------------------------------------------------

/** Records a login attempt as a failure; returns its id (later attempts count it). */
export async function recordLoginAttempt(db: DbOrTx, data: { username: string; ip: string; createdAt: Date }): Promise<bigint> {
  const row = await db.loginFailure.create({ data, select: { id: true } });
  return row.id;
}

/** Failures recorded before the attempt within the window, per username and per client IP. */
export async function countEarlierFailures(
  db: DbOrTx,
  attempt: { id: bigint; username: string; ip: string },
  window: { since: Date; until: Date },
): Promise<{ byUsername: number; byIp: number }> {
  const earlier = { id: { lt: attempt.id }, createdAt: { gt: window.since, lte: window.until } };
  const [byUsername, byIp] = await Promise.all([
    db.loginFailure.count({ where: { ...earlier, username: attempt.username } }),
    db.loginFailure.count({ where: { ...earlier, ip: attempt.ip } }),
  ]);
  return { byUsername, byIp };
}

/** Takes back an attempt that was refused by the rate limit or succeeded. */
export async function deleteLoginAttempt(db: DbOrTx, id: bigint): Promise<void> {
  await db.loginFailure.deleteMany({ where: { id } });
}

/** Removes recorded failures older than `before`; returns how many. */
export async function deleteLoginFailuresBefore(db: DbOrTx, before: Date): Promise<number> {
  const { count } = await db.loginFailure.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}

// --- login accounts -------------------------------------------------------------

export function findLoginAccountByUsername(db: DbOrTx, username: string) {
  return db.loginAccount.findUnique({ where: { username }, select: { memberId: true, passwordHash: true } });
}

/** What the provider's claims are made of. */
export function findAccountOwner(db: DbOrTx, memberId: number) {
  return db.member.findUnique({
    where: { id: memberId },
    select: { id: true, username: true, email: true, firstName: true, lastName: true, loginAccount: { select: { username: true } } },
  });
}

/** When the member last finished a login. */
export async function recordLastLogin(db: DbOrTx, memberId: number, at: Date): Promise<void> {
  await db.loginAccount.updateMany({ where: { memberId }, data: { lastLoginAt: at } });
}

/** The member's login name, roles and second factor: what the login decides after the password. */
export function findLoginSubject(db: DbOrTx, memberId: number) {
  return db.member.findUnique({
    where: { id: memberId },
    select: {
      username: true,
      loginAccount: { select: { username: true } },
      roles: { select: { role: true } },
      totp: { select: { confirmedAt: true } },
    },
  });
}

/** The login account, second factor, newest invitation and recent failures of a member: the board's view of the login. */
export function findLoginOverview(db: DbOrTx, memberId: number) {
  return db.member.findUnique({
    where: { id: memberId },
    select: {
      loginAccount: { select: { username: true, passwordHash: true, lastLoginAt: true } },
      totp: { select: { confirmedAt: true } },
      invitations: { select: { expiresAt: true, usedAt: true }, orderBy: { createdAt: 'desc' }, take: 1 },
    },
  });
}

/** The last login and the mailed links of a member, for the member's own data export. */
export function findLoginRecords(db: DbOrTx, memberId: number) {
  const link = { select: { createdAt: true, expiresAt: true, usedAt: true }, orderBy: { createdAt: 'asc' } } as const;
  return db.member.findUnique({
    where: { id: memberId },
    select: { loginAccount: { select: { lastLoginAt: true } }, invitations: link, passwordResets: link },
  });
}

/** The latest failed logins of a username since `since`, newest first. */
export async function findRecentFailures(db: DbOrTx, username: string, since: Date, take: number): Promise<Date[]> {
  const rows = await db.loginFailure.findMany({
    where: { username, createdAt: { gt: since } },
    orderBy: { createdAt: 'desc' },
    take,
    select: { createdAt: true },
  });
  return rows.map((r) => r.createdAt);
}

/** Creates the member's login account or replaces its username and password. */
export async function upsertLoginPassword(db: DbOrTx, memberId: number, username: string, passwordHash: string): Promise<void> {
  await db.loginAccount.upsert({ where: { memberId }, create: { memberId, username, passwordHash }, update: { username, passwordHash } });
}

// --- invitations ----------------------------------------------------------------

export async function insertInvitation(
  db: DbOrTx,
  data: { memberId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.loginInvitation.create({ data });
}

/** Many invitations in one statement (the members of an import). */
export async function insertInvitations(
  db: DbOrTx,
  data: { memberId: number; tokenHash: string; expiresAt: Date; createdAt: Date }[],
): Promise<void> {
  for (let i = 0; i < data.length; i += 1000) await db.loginInvitation.createMany({ data: data.slice(i, i + 1000) });
}

export function findInvitationByTokenHash(db: DbOrTx, tokenHash: string) {
  return db.loginInvitation.findUnique({
    where: { tokenHash },
    select: { id: true, expiresAt: true, usedAt: true, memberId: true, member: { select: { firstName: true, username: true } } },
  });
}

/** Marks an invitation used, once: false when it was used or expired meanwhile. */
export async function claimInvitation(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const claimed = await db.loginInvitation.updateMany({ where: { id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return claimed.count === 1;
}

/** Keeps the one-time secret (its sha256) that logs in the browser which has just set the password. */
export async function setInvitationWelcome(db: DbOrTx, id: number, welcomeTokenHash: string, welcomeUntil: Date): Promise<void> {
  await db.loginInvitation.update({ where: { id }, data: { welcomeTokenHash, welcomeUntil } });
}

/** Uses the secret up (once, whatever its age); the member it logs in, or null when it is unknown, used or too old. */
export async function claimInvitationWelcome(db: DbOrTx, welcomeTokenHash: string, now: Date): Promise<number | null> {
  const row = await db.loginInvitation.findUnique({
    where: { welcomeTokenHash },
    select: { id: true, memberId: true, welcomeUntil: true },
  });
  if (!row) return null;
  const claimed = await db.loginInvitation.updateMany({
    where: { id: row.id, welcomeTokenHash },
    data: { welcomeTokenHash: null, welcomeUntil: null },
  });
  if (claimed.count !== 1 || !row.welcomeUntil || row.welcomeUntil.getTime() <= now.getTime()) return null;
  return row.memberId;
}

/** Ends the member's invitation links that are still open (a new one replaces them). */
export async function expireOpenInvitations(db: DbOrTx, memberId: number, at: Date): Promise<void> {
  await db.loginInvitation.updateMany({ where: { memberId, usedAt: null, expiresAt: { gt: at } }, data: { expiresAt: at } });
}

// --- second factor (TOTP and recovery codes) ------------------------------------------

export function findTotp(db: DbOrTx, memberId: number) {
  return db.loginTotp.findUnique({ where: { memberId }, select: { secret: true, confirmedAt: true, lastUsedStep: true, createdAt: true } });
}

/** Stores a new secret for an enrolment (replacing an unfinished one). */
export async function savePendingTotp(db: DbOrTx, memberId: number, secret: string, createdAt: Date): Promise<void> {
  const data = { secret, createdAt, confirmedAt: null, lastUsedStep: null };
  await db.loginTotp.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
}

/** Finishes the enrolment of exactly this secret, once; the confirming code's step counts as used. */
export async function confirmPendingTotp(db: DbOrTx, memberId: number, secret: string, step: number, at: Date): Promise<boolean> {
  const { count } = await db.loginTotp.updateMany({
    where: { memberId, secret, confirmedAt: null },
    data: { confirmedAt: at, lastUsedStep: BigInt(step) },
  });
  return count === 1;
}

/** Takes a time step of a confirmed, unlocked factor, once: false when this or a later step was used already. */
export async function claimTotpStep(db: DbOrTx, memberId: number, step: number): Promise<boolean> {
  const { count } = await db.loginTotp.updateMany({
    where: { memberId, confirmedAt: { not: null }, lockedAt: null, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
    data: { lastUsedStep: BigInt(step) },
  });
  return count === 1;
}

/** Whether the member's confirmed factor is locked after too many wrong codes. */
export async function isTotpLocked(db: DbOrTx, memberId: number): Promise<boolean> {
  const row = await db.loginTotp.findUnique({ where: { memberId }, select: { lockedAt: true } });
  return Boolean(row?.lockedAt);
}

/**
 * Counts one more wrong code of a confirmed factor and locks it at `limit` wrong codes in a row;
 * true when this very call locked it (one statement each, so of two parallel calls one locks).
 */
export async function countWrongCode(db: DbOrTx, memberId: number, limit: number, at: Date): Promise<boolean> {
  await db.loginTotp.updateMany({ where: { memberId, confirmedAt: { not: null } }, data: { failedCodes: { increment: 1 } } });
  const { count } = await db.loginTotp.updateMany({
    where: { memberId, confirmedAt: { not: null }, lockedAt: null, failedCodes: { gte: limit } },
    data: { lockedAt: at },
  });
  return count === 1;
}

/** A right code: the wrong ones before it no longer count. */
export async function clearWrongCodes(db: DbOrTx, memberId: number): Promise<void> {
  await db.loginTotp.updateMany({ where: { memberId, failedCodes: { gt: 0 } }, data: { failedCodes: 0 } });
}

/** Lifts the lock of the member's factor (a password reset by mailed link). */
export async function unlockTotp(db: DbOrTx, memberId: number): Promise<void> {
  await db.loginTotp.updateMany({ where: { memberId }, data: { failedCodes: 0, lockedAt: null } });
}

/** Removes the second factor and its recovery codes; returns whether a confirmed factor was there. */
export async function deleteSecondFactor(db: DbOrTx, memberId: number): Promise<boolean> {
  const { count } = await db.loginTotp.deleteMany({ where: { memberId, confirmedAt: { not: null } } });
  await db.loginTotp.deleteMany({ where: { memberId } });
  await db.loginRecoveryCode.deleteMany({ where: { memberId } });
  return count === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, memberId: number, codeHashes: string[], createdAt: Date): Promise<void> {
  await db.loginRecoveryCode.deleteMany({ where: { memberId } });
  await db.loginRecoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ memberId, codeHash, createdAt })) });
}

/** Uses a recovery code, once: false when it is unknown, another member's or used. */
export async function claimRecoveryCode(db: DbOrTx, memberId: number, codeHash: string, at: Date): Promise<boolean> {
  const { count } = await db.loginRecoveryCode.updateMany({ where: { memberId, codeHash, usedAt: null }, data: { usedAt: at } });
  return count === 1;
}

export function countUnusedRecoveryCodes(db: DbOrTx, memberId: number): Promise<number> {
  return db.loginRecoveryCode.count({ where: { memberId, usedAt: null } });
}

// --- forgotten passwords ---------------------------------------------------------------

/** Members a forgotten-password request may mean (at most a few: an address a family shares). */
export function findMembersBy(db: DbOrTx, by: { email: string } | { username: string }, take: number) {
  const where =
    'email' in by
      ? { email: { equals: by.email, mode: 'insensitive' as const } }
      : { OR: [{ username: { equals: by.username, mode: 'insensitive' as const } }, { loginAccount: { username: by.username } }] };
  return db.member.findMany({
    where,
    orderBy: { id: 'asc' },
    take,
    select: { id: true, firstName: true, email: true, username: true, loginAccount: { select: { username: true } } },
  });
}

/** A member to mail a reset link or an invitation to (whether a password is set, not the hash). */
export async function findMemberToMail(db: DbOrTx, memberId: number) {
  const row = await db.member.findUnique({
    where: { id: memberId },
    select: { id: true, firstName: true, email: true, username: true, loginAccount: { select: { username: true, passwordHash: true } } },
  });
  if (!row) return null;
  const { loginAccount, ...member } = row;
  return { ...member, loginAccount: loginAccount && { username: loginAccount.username }, passwordSet: Boolean(loginAccount?.passwordHash) };
}

export async function insertPasswordReset(
  db: DbOrTx,
  data: { memberId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.passwordReset.create({ data });
}

export function countPasswordResetsSince(db: DbOrTx, memberId: number, since: Date): Promise<number> {
  return db.passwordReset.count({ where: { memberId, createdAt: { gt: since } } });
}

export function findPasswordResetByTokenHash(db: DbOrTx, tokenHash: string) {
  return db.passwordReset.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      memberId: true,
      expiresAt: true,
      usedAt: true,
      member: { select: { firstName: true, username: true, loginAccount: { select: { username: true } } } },
    },
  });
}

/** Uses a reset link, once, and with it every other open link of the member: false when it was used or expired meanwhile. */
export async function claimPasswordReset(db: DbOrTx, id: number, memberId: number, now: Date): Promise<boolean> {
  const claimed = await db.passwordReset.updateMany({ where: { id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (claimed.count !== 1) return false;
  await db.passwordReset.updateMany({ where: { memberId, usedAt: null }, data: { usedAt: now } });
  return true;
}

/** Records a request of the form; returns its id (later requests count it). */
export async function recordResetRequest(db: DbOrTx, data: { identifier: string; client: string; createdAt: Date }): Promise<bigint> {
  const row = await db.passwordResetRequest.create({ data, select: { id: true } });
  return row.id;
}

/** Records how many links a request mailed. */
export async function setResetRequestMailed(db: DbOrTx, id: bigint, mailed: number): Promise<void> {
  await db.passwordResetRequest.update({ where: { id }, data: { mailed } });
}

/** Takes back a request refused by the limits. */
export async function deleteResetRequest(db: DbOrTx, id: bigint): Promise<void> {
  await db.passwordResetRequest.deleteMany({ where: { id } });
}

/** Requests recorded before this one within the window, per typed address and per client. */
export async function countEarlierResetRequests(
  db: DbOrTx,
  request: { id: bigint; identifier: string; client: string },
  since: Date,
): Promise<{ byIdentifier: number; byClient: number }> {
  const earlier = { id: { lt: request.id }, createdAt: { gt: since } };
  const [byIdentifier, byClient] = await Promise.all([
    db.passwordResetRequest.count({ where: { ...earlier, identifier: request.identifier } }),
    db.passwordResetRequest.count({ where: { ...earlier, client: request.client } }),
  ]);
  return { byIdentifier, byClient };
}

/** Old form requests and reset links used or expired before `before`; returns how many. */
export async function deleteOldPasswordResets(db: DbOrTx, before: Date): Promise<number> {
  const [requests, resets] = await Promise.all([
    db.passwordResetRequest.deleteMany({ where: { createdAt: { lt: before } } }),
    db.passwordReset.deleteMany({ where: { expiresAt: { lt: before } } }),
  ]);
  return requests.count + resets.count;
}

// --- provider storage (oidc_payloads) -----------------------------------------------

export interface OidcPayloadRow {
  payload: Prisma.JsonValue;
  expiresAt: Date | null;
  consumedAt: Date | null;
}

export async function upsertOidcPayload(
  db: DbOrTx,
  key: { type: string; id: string },
  data: { payload: unknown; grantId: string | null; userCode: string | null; uid: string | null; expiresAt: Date | null },
): Promise<void> {
  const fields = { ...data, payload: data.payload as Prisma.InputJsonValue };
  await db.oidcPayload.upsert({ where: { type_id: key }, create: { ...key, ...fields }, update: { ...fields, consumedAt: null } });
}

export function findOidcPayload(db: DbOrTx, type: string, id: string): Promise<OidcPayloadRow | null> {
  return db.oidcPayload.findUnique({ where: { type_id: { type, id } } });
}

export function findOidcPayloadBy(db: DbOrTx, type: string, by: { uid: string } | { userCode: string }): Promise<OidcPayloadRow | null> {
  return db.oidcPayload.findFirst({ where: { type, ...by } });
}

export async function markOidcPayloadConsumed(db: DbOrTx, type: string, id: string, at: Date): Promise<void> {
  await db.oidcPayload.updateMany({ where: { type, id }, data: { consumedAt: at } });
}

export async function deleteOidcPayloads(db: DbOrTx, type: string, by: { id: string } | { grantId: string }): Promise<void> {
  await db.oidcPayload.deleteMany({ where: { type, ...by } });
}

/** Ends the provider's sessions of a member. */
export async function deleteProviderSessionsOf(db: DbOrTx, memberId: number): Promise<void> {
  await db.oidcPayload.deleteMany({ where: { type: 'Session', payload: { path: ['accountId'], equals: String(memberId) } } });
}

/** Removes provider artefacts that expired before `before`; returns how many. */
export async function deleteExpiredOidcPayloads(db: DbOrTx, before: Date): Promise<number> {
  const { count } = await db.oidcPayload.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}

// --- signing keys (app_secrets) -------------------------------------------------

export async function findAppSecret(db: DbOrTx, name: string): Promise<unknown> {
  const row = await db.appSecret.findUnique({ where: { name } });
  return row?.value;
}

/** Stores a secret unless one of that name exists (the first of several instances wins). */
export async function insertAppSecretIfAbsent(db: DbOrTx, name: string, value: unknown): Promise<void> {
  await db.appSecret.createMany({ data: [{ name, value: value as Prisma.InputJsonValue }], skipDuplicates: true });
}
