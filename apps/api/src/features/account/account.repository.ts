import type { DbOrTx } from '../../lib/ctx.ts';

/**
 * Locks the member's row for the rest of the transaction, so that two changes of one
 * member (address, e-mail) run one after the other. Null when there is no such member.
 */
export async function lockMember(db: DbOrTx, memberId: number): Promise<{ id: number; email: string; firstName: string } | null> {
  const rows = await db.$queryRaw<{ id: number; email: string; firstName: string }[]>`
    SELECT "id", "email", "firstName" FROM "members" WHERE "id" = ${memberId} FOR UPDATE`;
  return rows[0] ?? null;
}

// --- addresses ----------------------------------------------------------------

export interface AddressFields {
  street: string;
  houseNumber: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
}

export function findCurrentAddress(db: DbOrTx, memberId: number) {
  return db.address.findFirst({ where: { memberId, current: true } });
}

/** Ends an address: it is no longer current and was valid until `validTo`. */
export function endAddress(db: DbOrTx, addressId: number, validTo: Date) {
  return db.address.update({ where: { id: addressId }, data: { current: false, validTo } });
}

export function replaceAddressFields(db: DbOrTx, addressId: number, fields: AddressFields) {
  return db.address.update({ where: { id: addressId }, data: fields });
}

export function createCurrentAddress(db: DbOrTx, memberId: number, fields: AddressFields, validFrom: Date) {
  return db.address.create({ data: { memberId, ...fields, validFrom, validTo: null, current: true } });
}

// --- e-mail change ------------------------------------------------------------

/** The newest unconfirmed request of the member, or null. */
export function findLatestPendingEmailChange(db: DbOrTx, memberId: number) {
  return db.emailChangeRequest.findFirst({ where: { memberId, confirmedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** A newer request replaces older ones: their links stop working. */
export function deletePendingEmailChanges(db: DbOrTx, memberId: number) {
  return db.emailChangeRequest.deleteMany({ where: { memberId, confirmedAt: null } });
}

export function createEmailChange(
  db: DbOrTx,
  data: { memberId: number; newEmail: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  return db.emailChangeRequest.create({ data });
}

export function findEmailChangeByTokenHash(db: DbOrTx, tokenHash: string) {
  return db.emailChangeRequest.findUnique({
    where: { tokenHash },
    include: { member: { select: { id: true, email: true, firstName: true } } },
  });
}

/** Marks a request confirmed, once: false when it was confirmed already (a second click). */
export async function claimEmailChange(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const claimed = await db.emailChangeRequest.updateMany({
    where: { id, confirmedAt: null, expiresAt: { gt: now } },
    data: { confirmedAt: now },
  });
  return claimed.count === 1;
}

export function setMemberEmail(db: DbOrTx, memberId: number, email: string) {
  return db.member.update({ where: { id: memberId }, data: { email } });
}

// --- audit entries about the member ---------------------------------------------

/** How often an action about the member was recorded since a time (for limits). */
export function countAuditAbout(db: DbOrTx, memberId: number, action: string, since: Date): Promise<number> {
  return db.auditLog.count({ where: { entity: 'member', entityId: String(memberId), action, createdAt: { gte: since } } });
}

// --- the member's data export: what other parts of the site hold about the member -------------

/** The application the member was accepted from, if it is kept. */
export function findApplicationOfMember(db: DbOrTx, memberId: number) {
  return db.candidate.findUnique({ where: { memberId } });
}

export function findContactMessagesOfMember(db: DbOrTx, memberId: number) {
  return db.contactMessage.findMany({ where: { memberId }, orderBy: { createdAt: 'asc' } });
}

/** Mails to the member's address (any case). */
export function findMailsTo(db: DbOrTx, email: string) {
  return db.mailOutbox.findMany({
    where: { to: { equals: email, mode: 'insensitive' } },
    select: { createdAt: true, to: true, subject: true, text: true, status: true, sentAt: true },
    orderBy: { id: 'asc' },
  });
}
