import type { ContactRecipientType } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';

export function listRecipientRows(db: DbOrTx) {
  return db.contactRecipient.findMany({ select: { type: true, label: true, email: true } });
}
export type RecipientRow = Awaited<ReturnType<typeof listRecipientRows>>[number];

export function findRecipient(db: DbOrTx, type: ContactRecipientType) {
  return db.contactRecipient.findUnique({ where: { type }, select: { type: true, label: true, email: true } });
}

export function upsertRecipient(db: DbOrTx, row: RecipientRow) {
  return db.contactRecipient.upsert({
    where: { type: row.type },
    create: { type: row.type, label: row.label, email: row.email },
    update: { label: row.label, email: row.email },
  });
}

/** Serialises changes of the recipients (two board members saving at once). */
export async function lockRecipients(db: DbOrTx): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('contact_recipients'))`;
}

export interface ContactMessageFields {
  recipientType: ContactRecipientType;
  senderName: string;
  senderEmail: string;
  message: string;
  memberId: number | null;
  createdAt: Date;
}

export function insertContactMessage(db: DbOrTx, fields: ContactMessageFields) {
  return db.contactMessage.create({ data: fields, select: { id: true } });
}

/** Deletes messages stored before `cutoff` (the privacy statement keeps them twelve months). */
export async function deleteContactMessagesBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const { count } = await db.contactMessage.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}

/** Name and number of a logged-in sender, for the mail. */
export function findMemberName(db: DbOrTx, id: number) {
  return db.member.findUnique({ where: { id }, select: { memberNumber: true, firstName: true, lastName: true } });
}
