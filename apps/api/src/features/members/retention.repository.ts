import { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import { toIsoDate } from '../../lib/dates.ts';

/** What an anonymised member's name fields say instead (the member number stays beside it). */
export const ANONYMISED_FIRST_NAME = 'Anonymisiert';
/** The debtor of an invoice once its bookkeeping period has passed. */
export const ANONYMISED_DEBTOR = 'Anonymisiert';

export interface RetentionRow {
  id: number;
  memberNumber: number;
  firstName: string;
  lastName: string;
  lastMembershipEnd: Date;
  openInvoice: boolean;
}

/**
 * Former members whose last membership ended before `cutoff`, not anonymised yet and not on the
 * board (a board member keeps their data while in office), oldest first.
 */
export function findRetentionCandidates(db: DbOrTx, cutoff: Date): Promise<RetentionRow[]> {
  return db.$queryRaw<RetentionRow[]>`
    SELECT m."id", m."memberNumber", m."firstName", m."lastName", ms."last" AS "lastMembershipEnd",
           EXISTS (SELECT 1 FROM "invoices" i WHERE i."memberId" = m."id" AND i."status" = 'OPEN') AS "openInvoice"
      FROM "members" m
      JOIN (SELECT "memberId", max("validTo") AS "last" FROM "memberships" GROUP BY "memberId") ms ON ms."memberId" = m."id"
     WHERE m."anonymisedAt" IS NULL AND ms."last" < ${toIsoDate(cutoff)}::date
       AND NOT EXISTS (SELECT 1 FROM "member_roles" r WHERE r."memberId" = m."id" AND r."role" = 'MEMBER_OF_THE_BOARD')
     ORDER BY ms."last", m."id"`;
}

export interface ErasureState {
  id: number;
  memberNumber: number;
  email: string;
  login: string | null;
  anonymisedAt: Date | null;
  board: boolean;
  /** The end of the latest membership (null: none). */
  lastMembershipEnd: Date | null;
  openInvoice: boolean;
}

/** Locks the member's row and reads what decides whether it may be anonymised; null when unknown. */
export async function lockMemberForErasure(db: DbOrTx, memberId: number): Promise<ErasureState | null> {
  const rows = await db.$queryRaw<ErasureState[]>`
    SELECT m."id", m."memberNumber", m."email", m."anonymisedAt",
           (SELECT l."username" FROM "login_accounts" l WHERE l."memberId" = m."id") AS "login",
           EXISTS (SELECT 1 FROM "member_roles" r WHERE r."memberId" = m."id" AND r."role" = 'MEMBER_OF_THE_BOARD') AS "board",
           (SELECT max(ms."validTo") FROM "memberships" ms WHERE ms."memberId" = m."id") AS "lastMembershipEnd",
           EXISTS (SELECT 1 FROM "invoices" i WHERE i."memberId" = m."id" AND i."status" = 'OPEN') AS "openInvoice"
      FROM "members" m WHERE m."id" = ${memberId} FOR UPDATE OF m`;
  return rows[0] ?? null;
}

/**
 * Audit rows keep their ids, not what they said: the data of every row about the member (or
 * about the given applications) is cut down to its id fields, marked anonymised.
 */
async function scrubAudit(db: DbOrTx, where: Prisma.Sql): Promise<number> {
  return db.$executeRaw`
    UPDATE "audit_log" SET "data" = COALESCE(
      (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each("audit_log"."data") e
        WHERE e.key ~ '(^id|Id|Ids)$' AND jsonb_typeof(e.value) IN ('number', 'array')), '{}'::jsonb) || '{"anonymised": true}'::jsonb
     WHERE (${where}) AND ("data"->'anonymised') IS NULL`;
}

/**
 * Removes a member's personal data in the caller's transaction: name, e-mail, birth date, login
 * (account, invitations, forgotten-password links, second-factor secret and recovery codes,
 * sessions, the embedded provider's grants, the calendar feed link), addresses, phones, pending
 * e-mail changes, the application, contact messages, mails to them, failed logins under their
 * username and the delivery addresses of their reservations. Kept: the row with id and member
 * number, roles, memberships, reservations, event places and invoices (their frozen debtor copy
 * until the bookkeeping period ends: anonymiseAgedInvoices).
 */
export async function anonymiseMemberRows(db: DbOrTx, member: ErasureState, now: Date): Promise<void> {
  const id = member.id;
  const candidates = await db.candidate.findMany({ where: { memberId: id }, select: { id: true } });
  const candidateIds = candidates.map((c) => String(c.id));
  await db.member.update({
    where: { id },
    data: {
      firstName: ANONYMISED_FIRST_NAME,
      lastName: `Nr. ${member.memberNumber}`,
      username: `anonym-${id}`,
      email: '',
      dateOfBirth: null,
      oidcSubject: null,
      anonymisedAt: now,
    },
  });
  await db.address.deleteMany({ where: { memberId: id } });
  await db.phone.deleteMany({ where: { memberId: id } });
  await db.loginAccount.deleteMany({ where: { memberId: id } });
  await db.loginInvitation.deleteMany({ where: { memberId: id } });
  await db.passwordReset.deleteMany({ where: { memberId: id } });
  await db.loginTotp.deleteMany({ where: { memberId: id } });
  await db.loginRecoveryCode.deleteMany({ where: { memberId: id } });
  await db.calendarFeed.deleteMany({ where: { memberId: id } });
  await db.emailChangeRequest.deleteMany({ where: { memberId: id } });
  await db.$executeRaw`DELETE FROM "sessions" WHERE ("data"->>'memberId') = ${String(id)}`;
  await db.$executeRaw`DELETE FROM "oidc_payloads" WHERE ("payload"->>'accountId') = ${String(id)}`;
  if (member.login) await db.loginFailure.deleteMany({ where: { username: member.login } });
  if (member.email) await db.$executeRaw`DELETE FROM "mail_outbox" WHERE lower("to") = lower(${member.email})`;
  await db.contactMessage.deleteMany({ where: { memberId: id } });
  await db.ticketReservation.updateMany({
    where: { memberId: id },
    data: { street: '', houseNumber: '', addressLine2: '', postalCode: '', city: '' },
  });
  await db.candidate.deleteMany({ where: { memberId: id } });
  await scrubAudit(
    db,
    Prisma.sql`("entity" = 'member' AND "entityId" = ${String(id)}) OR ("data"->>'memberId') = ${String(id)}${
      candidateIds.length ? Prisma.sql` OR ("entity" = 'candidate' AND "entityId" IN (${Prisma.join(candidateIds)}))` : Prisma.empty
    }`,
  );
}

/**
 * Invoices of anonymised members whose bookkeeping period has passed (issued before `before`)
 * lose their debtor copy, and the payments booked on them the payer's name, account and bank
 * record. Returns how many invoices.
 */
export async function anonymiseAgedInvoices(db: DbOrTx, before: Date): Promise<number> {
  const invoices = await db.$queryRaw<{ id: number }[]>`
    UPDATE "invoices" i SET "debtorName" = ${ANONYMISED_DEBTOR}, "street" = '', "houseNumber" = '', "addressLine2" = '',
           "postalCode" = '', "city" = ''
      FROM "members" m
     WHERE m."id" = i."memberId" AND m."anonymisedAt" IS NOT NULL AND i."invoiceDate" < ${toIsoDate(before)}::date
       AND i."debtorName" <> ${ANONYMISED_DEBTOR}
    RETURNING i."id"`;
  if (invoices.length) {
    await db.payment.updateMany({
      where: { invoiceId: { in: invoices.map((i) => i.id) } },
      data: { debtorName: '', debtorAccount: '', rawXml: null },
    });
  }
  return invoices.length;
}

/** Rejected applications decided before `before`. */
export function countRejectedApplicationsBefore(db: DbOrTx, before: Date): Promise<number> {
  return db.candidate.count({ where: { status: 'REJECTED', decidedAt: { lt: before } } });
}

/** Deletes rejected applications decided before `before`, and what their audit rows said. */
export async function deleteRejectedApplicationsBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    DELETE FROM "candidates" WHERE "status" = 'REJECTED' AND "decidedAt" < ${before} RETURNING "id"`;
  if (rows.length) {
    await scrubAudit(db, Prisma.sql`"entity" = 'candidate' AND "entityId" IN (${Prisma.join(rows.map((r) => String(r.id)))})`);
  }
  return rows.length;
}

// --- the nightly run's claim of its day --------------------------------------------------------

/** Claims the job's run of a day: true for exactly one caller, however many instances ask. */
export async function claimRun(db: DbOrTx, job: string, day: Date, now: Date): Promise<boolean> {
  const rows = await db.$queryRaw<{ job: string }[]>`
    INSERT INTO "maintenance_runs" ("job", "day", "startedAt") VALUES (${job}, ${toIsoDate(day)}::date, ${now})
    ON CONFLICT ("job", "day") DO NOTHING RETURNING "job"`;
  return rows.length === 1;
}

export async function finishRun(db: DbOrTx, job: string, day: Date, now: Date, result: Record<string, number>): Promise<void> {
  await db.maintenanceRun.update({ where: { job_day: { job, day } }, data: { finishedAt: now, result } });
}

/** A failed run gives its day back, so that a later attempt may take it. */
export async function releaseRun(db: DbOrTx, job: string, day: Date): Promise<void> {
  await db.maintenanceRun.deleteMany({ where: { job, day, finishedAt: null } });
}

export function findLastRun(db: DbOrTx, job: string) {
  return db.maintenanceRun.findFirst({ where: { job }, orderBy: { day: 'desc' } });
}
