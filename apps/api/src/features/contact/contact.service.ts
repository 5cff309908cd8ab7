import {
  contactRecipientTypes,
  type ContactMessageData,
  type ContactReceipt,
  type ContactRecipient,
  type ContactRecipientAdmin,
  type ContactRecipientType,
} from '@club/contract';
import { invalid } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { contactMessageMail } from './contact.mails.ts';
import {
  deleteContactMessagesBefore,
  findMemberName,
  findRecipient,
  insertContactMessage,
  listRecipientRows,
  lockRecipients,
  upsertRecipient,
  type RecipientRow,
} from './contact.repository.ts';
import { formatZurichDate, formatZurichTime } from '../../lib/dates.ts';

/** Labels of recipients the board has not named yet. */
export const DEFAULT_RECIPIENT_LABELS: Record<ContactRecipientType, string> = {
  PRAESIDENT: 'Präsident',
  TICKETS: 'Tickets',
  KASSIER: 'Kassier',
  VORSTAND: 'Vorstand',
};

/** Messages are kept this long (privacy statement: twelve months). */
export const KEEP_MESSAGES_MONTHS = 12;

const order = (type: ContactRecipientType) => contactRecipientTypes.indexOf(type);

const UNKNOWN_RECIPIENT = { recipient: 'Empfänger: Bitte einen Empfänger aus der Liste wählen.' };

/** The recipients the form offers (those with an address), in a fixed order; never their addresses. */
export async function listRecipients(ctx: Ctx): Promise<ContactRecipient[]> {
  const rows = (await listRecipientRows(ctx.db)).filter((r) => r.email !== '');
  return rows.sort((a, b) => order(a.type) - order(b.type)).map((r) => ({ type: r.type, label: r.label }));
}

/**
 * The contact form: stores the message, then writes the mail to the recipient's hidden address
 * (Reply-To: the sender) into the outbox, in one transaction. No copy goes to the sender's
 * address: the form must not become a way to mail strangers. A filled honeypot gets the same
 * answer, but nothing is stored or sent.
 */
export async function sendContactMessage(
  ctx: Ctx,
  input: { data: Omit<ContactMessageData, 'website'>; honeypotFilled: boolean; clubName: string },
): Promise<ContactReceipt> {
  const { data } = input;
  return withTx(ctx, async (tx) => {
    const recipient = await findRecipient(tx.db, data.recipient);
    if (!recipient || recipient.email === '') throw invalid('Diesen Empfänger gibt es nicht.', UNKNOWN_RECIPIENT);
    const receipt = { recipient: recipient.type, label: recipient.label };
    if (input.honeypotFilled) {
      tx.log.info('contact message with a filled honeypot dropped');
      return receipt;
    }
    const memberId = tx.actor?.memberId ?? null;
    await insertContactMessage(tx.db, {
      recipientType: recipient.type,
      senderName: data.name,
      senderEmail: data.senderEmail,
      message: data.message,
      memberId,
      createdAt: tx.now,
    });
    const member = memberId ? await findMemberName(tx.db, memberId) : null;
    const mail = contactMessageMail({
      recipientLabel: recipient.label,
      senderName: data.name,
      senderEmail: data.senderEmail,
      member: member ? `Mitglied Nr. ${member.memberNumber}, ${member.firstName} ${member.lastName}` : null,
      receivedAt: `${formatZurichDate(tx.now)}, ${formatZurichTime(tx.now)}`,
      message: data.message,
      clubName: input.clubName,
    });
    await enqueueMail(tx.db, { to: recipient.email, replyTo: data.senderEmail, ...mail });
    // Each new message clears those past the retention period: no timer needed for it.
    const cutoff = new Date(tx.now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - KEEP_MESSAGES_MONTHS);
    await deleteContactMessagesBefore(tx.db, cutoff);
    return receipt;
  });
}

function adminList(rows: RecipientRow[]): ContactRecipientAdmin[] {
  return contactRecipientTypes.map((type) => {
    const row = rows.find((r) => r.type === type);
    return { type, label: row?.label ?? DEFAULT_RECIPIENT_LABELS[type], email: row?.email ?? '' };
  });
}

/** All four recipients for the board, with their addresses ('' = not offered on the form). */
export async function listRecipientsForBoard(ctx: Ctx): Promise<ContactRecipientAdmin[]> {
  return adminList(await listRecipientRows(ctx.db));
}

/**
 * The board sets labels and addresses; an empty address takes the recipient off the form.
 * Recipients not in the list stay as they are. One audit row with what changed.
 */
export async function setRecipients(ctx: Ctx, input: ContactRecipientAdmin[]): Promise<ContactRecipientAdmin[]> {
  return withTx(ctx, async (tx) => {
    await lockRecipients(tx.db);
    const before = adminList(await listRecipientRows(tx.db));
    const changes: { field: string; before: unknown; after: unknown }[] = [];
    for (const next of input) {
      const old = before.find((r) => r.type === next.type);
      if (old && old.label === next.label && old.email === next.email) continue;
      await upsertRecipient(tx.db, next);
      changes.push({
        field: next.type,
        before: old ? { label: old.label, email: old.email } : null,
        after: { label: next.label, email: next.email },
      });
    }
    if (changes.length)
      await writeAudit(tx, { action: 'contact_recipients.updated', entity: 'contact_recipient', entityId: 'all', data: { changes } });
    return adminList(await listRecipientRows(tx.db));
  });
}
