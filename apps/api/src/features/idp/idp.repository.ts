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
