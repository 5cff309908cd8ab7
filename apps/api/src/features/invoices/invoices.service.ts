import {
  reminderTitles,
  type Invoice,
  type InvoiceOverviewItem,
  type ReminderPreview,
  type ReminderRunResult,
  type RunResult,
} from '@club/contract';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { toMoney } from '@club/contract';
import { enqueueMails, type AttachmentRenderers, type MailAttachmentRef, type Mail } from '../../lib/outbox.ts';
import { renderInvoicePdf, type InvoiceDocument, type PostalAddress } from './invoice.pdf.ts';
import { invoiceMail, reminderMail } from './invoices.mails.ts';
import {
  addReminderFeeLines,
  countAlreadyBilled,
  drawInvoiceNumbers,
  findInvoice,
  findInvoicesDueForReminder,
  findInvoicesOfMember,
  findMembershipsOf,
  findMembersToBill,
  findSeason,
  seasonHasMembershipFee,
  insertInvoices,
  insertReminders,
  lockInvoice,
  lockInvoiceIssuing,
  writeInvoiceStates,
  type FeeKind,
  type InvoiceRow,
  type NewInvoiceRow,
} from './invoices.repository.ts';
import {
  currentDueDate,
  debtorCopy,
  feeLineText,
  feeTitle,
  formatInvoiceNumber,
  planReminders,
  reminderFeeLineText,
  nextInvoiceState,
  type InvoiceState,
  PAYMENT_DAYS,
  paymentReference,
  qrMessage,
  REMINDER_INTERVAL_DAYS,
  REMINDER_PAYMENT_DAYS,
} from './invoices.rules.ts';
import { releaseBilledItems } from './ticket-billing.repository.ts';

/** What invoices need from the configuration: the creditor. */
export interface InvoiceSettings {
  clubName: string;
  iban: string;
  address: PostalAddress;
  /** a line under the letterhead (the site's address) */
  contactLine: string;
}

export function invoiceSettingsOf(config: {
  clubName: string;
  clubIban: string;
  clubPostalAddress: PostalAddress;
  publicUrl: string;
}): InvoiceSettings {
  return {
    clubName: config.clubName,
    iban: config.clubIban,
    address: { ...config.clubPostalAddress },
    contactLine: config.publicUrl.replace(/^https?:\/\//, ''),
  };
}

const INVOICE_NOT_FOUND = 'Diese Rechnung gibt es nicht.';

/** What the wire shape needs of an invoice row (the board's overview reads the same fields). */
type InvoiceWireRow = Pick<
  InvoiceRow,
  | 'id'
  | 'number'
  | 'memberId'
  | 'title'
  | 'kind'
  | 'invoiceDate'
  | 'dueDate'
  | 'lines'
  | 'totalRappen'
  | 'status'
  | 'reference'
  | 'paidAt'
  | 'paidRappen'
> & { reminders: { level: number; dueDate: Date }[] };

export function toInvoice(row: InvoiceWireRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    memberId: row.memberId,
    title: row.title,
    kind: row.kind,
    invoiceDate: toIsoDate(row.invoiceDate),
    dueDate: toIsoDate(row.dueDate),
    lines: row.lines.map((l) => ({ text: l.text, amount: toMoney(l.amountRappen) })),
    total: toMoney(row.totalRappen),
    status: row.status,
    reference: row.reference,
    paidAt: row.paidAt ? toIsoDate(row.paidAt) : null,
    paidAmount: toMoney(row.paidRappen),
    reminderLevel: row.reminders.reduce((max, r) => Math.max(max, r.level), 0),
    currentDueDate: toIsoDate(currentDueDate(row.dueDate, row.reminders)),
  };
}

/** An invoice row → the board's wire shape (docs/domain-rules.md «Wire names» plus name, season, reminders, overdue). */
export function toInvoiceOverviewItem(
  row: InvoiceWireRow & { member: { firstName: string; lastName: string }; season: { name: string } | null },
  today: Date,
): InvoiceOverviewItem {
  return {
    ...toInvoice(row),
    memberName: `${row.member.firstName} ${row.member.lastName}`,
    seasonName: row.season?.name ?? null,
    // A reminded invoice stays overdue: its own due date decides (the reminder's deadline is shown beside it).
    overdue: row.status === 'OPEN' && row.dueDate.getTime() < today.getTime(),
  };
}

/** A member's invoices (cancelled ones left out), newest first. */
export async function listMemberInvoices(ctx: Ctx, memberId: number): Promise<Invoice[]> {
  return (await findInvoicesOfMember(ctx.db, memberId)).map(toInvoice);
}

interface IssueInput {
  seasonId: number;
  kind: FeeKind;
  /** null: every eligible member */
  memberIds: number[] | null;
  settings: InvoiceSettings;
  /** mail each new invoice with its PDF (accepting an application attaches it to the welcome mail instead) */
  mail: boolean;
}

/**
 * Issues the fee invoices of a season, in the caller's transaction: under the issuing lock it
 * reads who is still to bill, draws gapless numbers, writes invoices (unique per member,
 * season and kind), lines and mails (PDF attached when sent).
 */
export async function issueFees(
  tx: Ctx,
  input: IssueInput,
): Promise<{ created: { id: number; memberId: number; number: string }[]; existing: number }> {
  const season = await findSeason(tx.db, input.seasonId);
  if (!season) throw notFound('Diese Saison gibt es nicht.');
  const hasFee = input.kind === 'MEMBERSHIP_FEE' ? await seasonHasMembershipFee(tx.db, season.id) : season.parkingFeeRappen > 0;
  const feeName = input.kind === 'MEMBERSHIP_FEE' ? 'Mitgliederbeitrag' : 'Parkkarte';
  if (!hasFee) throw conflict(`Für die Saison ${season.name} ist keine ${feeName} festgelegt.`);

  if (input.memberIds && input.memberIds.length) {
    const ids = [...new Set(input.memberIds)];
    const found = await findMembershipsOf(tx.db, season.id, ids);
    const unknown = ids.filter((id) => !found.some((f) => f.memberId === id));
    if (unknown.length) throw notFound(`Diese Mitglieder gibt es nicht: ${unknown.slice(0, 10).join(', ')}.`);
    const notEligible = found
      .filter((f) => f.parkingPermit === null || (input.kind === 'PARKING_FEE' && !f.parkingPermit))
      .map((f) => f.memberId);
    if (notEligible.length) {
      const what = input.kind === 'PARKING_FEE' ? 'keine Parkkarte' : 'keine Mitgliedschaft';
      throw conflict(`Diese Mitglieder haben in der Saison ${season.name} ${what}: ${notEligible.slice(0, 10).join(', ')}.`);
    }
    input = { ...input, memberIds: ids };
  }

  await lockInvoiceIssuing(tx.db);
  const filter = { seasonId: season.id, kind: input.kind, memberIds: input.memberIds && input.memberIds.length ? input.memberIds : null };
  const [toBill, existing] = await Promise.all([findMembersToBill(tx.db, filter), countAlreadyBilled(tx.db, filter)]);
  if (toBill.length === 0) return { created: [], existing };

  const today = zurichToday(tx.now);
  const year = today.getUTCFullYear();
  const invoiceDate = toIsoDate(today);
  const dueDate = toIsoDate(addDays(today, PAYMENT_DAYS));
  const title = feeTitle(input.kind, season.name);
  const first = await drawInvoiceNumbers(tx.db, year, toBill.length);
  const rows: NewInvoiceRow[] = toBill.map((m, i) => {
    const number = formatInvoiceNumber(year, first + i);
    return {
      number,
      memberId: m.memberId,
      seasonId: season.id,
      title,
      invoiceDate,
      dueDate,
      totalRappen: m.feeRappen,
      reference: paymentReference(input.settings.iban, number, m.memberId),
      ...debtorCopy(m),
      lines: [{ text: feeLineText(input.kind, season.name, m.categoryName), amountRappen: m.feeRappen }],
    };
  });
  const created = await insertInvoices(tx.db, input.kind, rows, tx.now);
  // Under the issuing lock nobody else can have billed them; a skipped row would leave a gap.
  if (created.length !== rows.length)
    throw new AppError('BUSY', 'Die Rechnungen wurden gleichzeitig erstellt. Bitte versuchen Sie es noch einmal.');

  if (input.mail) {
    const byMember = new Map(toBill.map((m) => [m.memberId, m]));
    const mails: Mail[] = created.map((inv) => {
      const m = byMember.get(inv.memberId)!;
      return {
        to: m.email,
        ...invoiceMail({
          firstName: m.firstName,
          clubName: input.settings.clubName,
          title,
          number: inv.number,
          totalRappen: m.feeRappen,
          dueDate,
        }),
        attachments: [{ kind: 'invoice', invoiceId: inv.id }],
      };
    });
    await enqueueMails(tx.db, mails);
  }
  return { created, existing };
}

/** A fee run (`POST .../seasons/{id}/membershipfees/` or `.../parkingfees/`): idempotent, all-or-nothing. */
export async function runFeeInvoices(
  ctx: Ctx,
  input: { seasonId: number; kind: FeeKind; memberIds: number[]; settings: InvoiceSettings },
): Promise<RunResult> {
  return withTx(
    ctx,
    async (tx) => {
      const result = await issueFees(tx, { ...input, memberIds: input.memberIds.length ? input.memberIds : null, mail: true });
      if (result.created.length) {
        await writeAudit(tx, {
          action: input.kind === 'MEMBERSHIP_FEE' ? 'season.membershipfees.issued' : 'season.parkingfees.issued',
          entity: 'season',
          entityId: input.seasonId,
          data: {
            created: result.created.length,
            existing: result.existing,
            first: result.created[0]?.number,
            last: result.created.at(-1)?.number,
          },
        });
      }
      return { created: result.created.length, existing: result.existing };
    },
    { timeoutMs: 300_000 },
  );
}

/**
 * The membership-fee invoice of a newly accepted member, in the accepting transaction; no mail
 * of its own (the welcome mail carries the PDF). Null when the member's category has no fee.
 */
export async function issueMembershipFeeForNewMember(
  tx: Ctx,
  input: { memberId: number; seasonId: number; settings: InvoiceSettings },
): Promise<{ id: number; number: string } | null> {
  if (!(await seasonHasMembershipFee(tx.db, input.seasonId))) return null;
  const { created } = await issueFees(tx, {
    seasonId: input.seasonId,
    kind: 'MEMBERSHIP_FEE',
    memberIds: [input.memberId],
    settings: input.settings,
    mail: false,
  });
  return created[0] ?? null;
}

/**
 * Writes the payment state of invoices that payments were booked on (bank lines, one-click
 * bookings, payments by hand), in the caller's transaction. The states come from the booking
 * rule, which moves the status only through `nextInvoiceState`.
 */
export async function saveInvoiceStates(tx: Ctx, states: readonly ({ id: number } & InvoiceState)[]): Promise<void> {
  await writeInvoiceStates(tx.db, states, tx.now);
}

/**
 * Cancels an open invoice (kept for the books); a paid or partly paid one is a 409. A TICKETS
 * invoice releases the reservations and places it billed: the next billing run bills them anew.
 */
export async function cancelInvoice(ctx: Ctx, input: { memberId: number; invoiceId: number }): Promise<void> {
  await withTx(ctx, async (tx) => {
    const row = await lockInvoice(tx.db, input.invoiceId, input.memberId);
    if (!row || row.status === 'CANCELLED') throw notFound(INVOICE_NOT_FOUND);
    if (row.status === 'PAID') throw conflict(`Die Rechnung ${row.number} ist bezahlt und kann nicht storniert werden.`, 'INVOICE_PAID');
    if (row.paidRappen > 0)
      throw conflict(`Auf die Rechnung ${row.number} ist bereits eine Zahlung gebucht; sie kann nicht storniert werden.`, 'INVOICE_PAID');
    const state: InvoiceState = { ...row, paidAt: row.paidAt ? toIsoDate(row.paidAt) : null };
    await writeInvoiceStates(tx.db, [{ id: row.id, ...nextInvoiceState(state, { kind: 'cancel' }) }], tx.now);
    const released = await releaseBilledItems(tx.db, row.id);
    await writeAudit(tx, {
      action: 'invoice.cancelled',
      entity: 'invoice',
      entityId: row.id,
      data: { memberId: input.memberId, number: row.number, ...(released ? { released } : {}) },
    });
  });
}

/** The reminders a run would send today: each invoice due for one, its next level and its fee. */
async function plannedReminders(db: Ctx['db'], now: Date) {
  const due = await findInvoicesDueForReminder(db, toIsoDate(zurichToday(now)), REMINDER_INTERVAL_DAYS);
  return planReminders(due);
}

/** Whom the reminder run would remind now, and the sum it asks for (nothing is written). */
export async function previewReminders(ctx: Ctx): Promise<ReminderPreview> {
  const planned = await plannedReminders(ctx.db, ctx.now);
  return {
    count: planned.length,
    total: toMoney(planned.reduce((sum, p) => sum + p.openRappen, 0)),
    fees: toMoney(planned.reduce((sum, p) => sum + p.feeRappen, 0)),
    recipients: planned.map((p) => ({
      invoiceId: p.invoiceId,
      number: p.number,
      memberId: p.memberId,
      memberName: `${p.firstName} ${p.lastName}`,
      title: p.title,
      level: p.level,
      levelTitle: reminderTitles[p.level] ?? 'Mahnung',
      fee: toMoney(p.feeRappen),
      amount: toMoney(p.openRappen),
    })),
  };
}

/**
 * Sends each overdue open invoice its next reminder (levels 1–3, at most one level per 14 days),
 * with a new due date and the amount still open; from the second reminder on the season's
 * reminder fee is added to the invoice as a line. The PDF is made when the mail is sent.
 */
export async function runReminders(ctx: Ctx, input: { settings: InvoiceSettings }): Promise<ReminderRunResult> {
  return withTx(
    ctx,
    async (tx) => {
      await lockInvoiceIssuing(tx.db);
      const today = zurichToday(tx.now);
      const planned = await plannedReminders(tx.db, tx.now);
      const newDue = toIsoDate(addDays(today, REMINDER_PAYMENT_DAYS));
      const inserted = await insertReminders(tx.db, planned, toIsoDate(today), newDue, tx.now);
      const done = new Set(inserted.map((r) => `${r.invoiceId}:${r.level}`));
      const sent = planned.filter((p) => done.has(`${p.invoiceId}:${p.level}`));
      await addReminderFeeLines(
        tx.db,
        sent
          .filter((p) => p.feeRappen > 0)
          .map((p) => ({
            invoiceId: p.invoiceId,
            feeRappen: p.feeRappen,
            text: reminderFeeLineText(reminderTitles[p.level] ?? 'Mahnung'),
          })),
      );
      await enqueueMails(
        tx.db,
        sent.map((p) => {
          const levelTitle = reminderTitles[p.level] ?? 'Mahnung';
          const attachment: MailAttachmentRef = { kind: 'invoice', invoiceId: p.invoiceId, reminderLevel: p.level };
          return {
            to: p.email,
            ...reminderMail({
              firstName: p.firstName,
              clubName: input.settings.clubName,
              levelTitle,
              level: p.level,
              number: p.number,
              openRappen: p.openRappen,
              dueDate: newDue,
            }),
            attachments: [attachment],
          };
        }),
      );
      const levels = { '1': 0, '2': 0, '3': 0 };
      for (const p of sent) levels[String(p.level) as '1' | '2' | '3'] += 1;
      if (sent.length)
        await writeAudit(tx, {
          action: 'invoices.reminded',
          entity: 'invoice',
          entityId: 'reminders',
          data: { reminded: sent.length, levels },
        });
      return { reminded: sent.length, levels };
    },
    { timeoutMs: 120_000 },
  );
}

/** The data of an invoice's PDF (or of one of its reminders). */
export function invoiceDocument(row: InvoiceRow, settings: InvoiceSettings, reminderLevel?: number): InvoiceDocument {
  const reminder = reminderLevel ? row.reminders.find((r) => r.level === reminderLevel) : undefined;
  return {
    creditor: { name: settings.clubName, iban: settings.iban, contactLine: settings.contactLine, ...settings.address },
    debtor: {
      name: row.debtorName,
      street: row.street,
      houseNumber: row.houseNumber,
      addressLine2: row.addressLine2,
      postalCode: row.postalCode,
      city: row.city,
      country: row.country,
      memberNumber: row.member.memberNumber,
    },
    number: row.number,
    title: row.title,
    invoiceDate: toIsoDate(row.invoiceDate),
    dueDate: toIsoDate(row.dueDate),
    lines: row.lines.map((l) => ({ text: l.text, amountRappen: l.amountRappen })),
    totalRappen: row.totalRappen,
    reference: row.reference,
    message: qrMessage(row.title, row.number),
    reminder: reminder
      ? {
          level: reminder.level,
          title: reminderTitles[reminder.level] ?? 'Mahnung',
          reminderDate: toIsoDate(reminder.reminderDate),
          dueDate: toIsoDate(reminder.dueDate),
        }
      : undefined,
    // What was booked, as it stands now: a reminder printed later asks only for what is still open.
    paid:
      row.paidRappen > 0 || row.status === 'PAID'
        ? { paidRappen: row.paidRappen, paidAt: row.paidAt ? toIsoDate(row.paidAt) : null, settled: row.status === 'PAID' }
        : undefined,
    cancelled: row.status === 'CANCELLED',
  };
}

export function invoiceFileName(number: string, reminderLevel?: number): string {
  return reminderLevel ? `Mahnung-${reminderLevel}-${number}.pdf` : `Rechnung-${number}.pdf`;
}

/**
 * An invoice's PDF. With `memberId` only that member's (a member's own: cancelled ones are gone
 * for them, `includeCancelled` false); the board sees cancelled ones too.
 */
export async function getInvoicePdf(
  ctx: Ctx,
  input: { invoiceId: number; memberId: number; includeCancelled: boolean; settings: InvoiceSettings },
): Promise<{ filename: string; content: Buffer }> {
  const row = await findInvoice(ctx.db, input.invoiceId, input.memberId);
  if (!row || (row.status === 'CANCELLED' && !input.includeCancelled)) throw notFound(INVOICE_NOT_FOUND);
  // An open invoice with reminders prints as its latest reminder (new due date, amount still open).
  const level = row.status === 'OPEN' ? row.reminders.at(-1)?.level : undefined;
  return { filename: invoiceFileName(row.number, level), content: await renderInvoicePdf(invoiceDocument(row, input.settings, level)) };
}

/** The outbox's renderer of `{kind: 'invoice', invoiceId, reminderLevel?}` attachments. */
export function invoiceAttachmentRenderer(db: Ctx['db'], settings: InvoiceSettings): AttachmentRenderers['invoice'] {
  return async (ref) => {
    const row = await findInvoice(db, ref.invoiceId);
    if (!row) throw new Error(`invoice ${ref.invoiceId} of a mail attachment not found`);
    return {
      filename: invoiceFileName(row.number, ref.reminderLevel),
      content: await renderInvoicePdf(invoiceDocument(row, settings, ref.reminderLevel)),
      contentType: 'application/pdf',
    };
  };
}
