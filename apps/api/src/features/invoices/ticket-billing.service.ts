import type { RunResult, TicketBillingState } from '@club/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays, seasonInstants, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { toMoney } from '@club/contract';
import { enqueueMails, type Mail } from '../../lib/outbox.ts';
import { invoiceMail } from './invoices.mails.ts';
import { drawInvoiceNumbers, findSeason, insertInvoices, lockInvoiceIssuing, type NewInvoiceRow } from './invoices.repository.ts';
import { debtorCopy, formatInvoiceNumber, PAYMENT_DAYS, paymentReference } from './invoices.rules.ts';
import type { InvoiceSettings } from './invoices.service.ts';
import {
  countTicketInvoices,
  findBillablePlaces,
  findBillableReservations,
  findDebtors,
  findExistingMembers,
  insertBilledItems,
  readTicketBillingState,
  type NewBilledItem,
} from './ticket-billing.repository.ts';
import { planTicketInvoices, ticketInvoiceTitle } from './ticket-billing.rules.ts';

const SEASON_NOT_FOUND = 'Diese Saison gibt es nicht.';

/**
 * The ticket and event billing run (`POST .../seasons/{id}/ticketfees/`): under the issuing lock
 * (the fee runs' lock: numbers stay gapless) it reads every confirmed reservation and event place
 * of the season that is due and not billed yet, issues one TICKETS invoice per member with a
 * line per game, event and delivery fee, links each reservation and place to its line (unique:
 * billed once, whatever runs overlap) and mails each invoice with its PDF. All or nothing.
 * `created`: invoices issued now; `existing`: the members' TICKETS invoices of the season issued
 * by earlier runs (not cancelled).
 */
export async function runTicketBilling(
  ctx: Ctx,
  input: { seasonId: number; memberIds: number[]; settings: InvoiceSettings },
): Promise<RunResult> {
  return withTx(
    ctx,
    async (tx) => {
      const season = await findSeason(tx.db, input.seasonId);
      if (!season) throw notFound(SEASON_NOT_FOUND);
      const memberIds = await checkedMemberIds(tx, input.memberIds);

      await lockInvoiceIssuing(tx.db);
      const scope = { ...seasonInstants(season), now: tx.now, memberIds };
      const [reservations, places, existing] = await Promise.all([
        findBillableReservations(tx.db, scope),
        findBillablePlaces(tx.db, scope),
        countTicketInvoices(tx.db, season.id, memberIds),
      ]);
      const members = [...new Set([...reservations.map((r) => r.memberId), ...places.map((p) => p.memberId)])];
      if (members.length === 0) return { created: 0, existing };
      const debtors = await findDebtors(tx.db, members);
      const planned = planTicketInvoices(
        reservations,
        places,
        debtors.map((d) => d.memberId),
      );

      const byMember = new Map(debtors.map((d) => [d.memberId, d]));
      const issue = await ticketInvoiceRows(tx, { season, planned, byMember, settings: input.settings });
      const created = await insertInvoices(tx.db, 'TICKETS', issue.rows, tx.now);
      await linkBilledItems(tx, created, planned, issue.rows.length);
      await mailTicketInvoices(tx, { created, planned, byMember, season, issue, settings: input.settings });
      await writeAudit(tx, {
        action: 'season.ticketfees.issued',
        entity: 'season',
        entityId: season.id,
        data: {
          created: created.length,
          existing,
          reservations: reservations.length,
          places: places.length,
          totalRappen: planned.reduce((sum, p) => sum + p.totalRappen, 0),
          first: created[0]?.number,
          last: created.at(-1)?.number,
        },
      });
      return { created: created.length, existing };
    },
    { timeoutMs: 300_000 },
  );
}

type Planned = ReturnType<typeof planTicketInvoices>;
type Debtor = Awaited<ReturnType<typeof findDebtors>>[number];
type Created = Awaited<ReturnType<typeof insertInvoices>>;

/** The members a run is limited to, each once (404 naming those that do not exist); null: every member. */
async function checkedMemberIds(tx: Ctx, requested: number[]): Promise<number[] | null> {
  if (!requested.length) return null;
  const memberIds = [...new Set(requested)];
  const found = new Set(await findExistingMembers(tx.db, memberIds));
  const unknown = memberIds.filter((id) => !found.has(id));
  if (unknown.length) throw notFound(`Diese Mitglieder gibt es nicht: ${unknown.slice(0, 10).join(', ')}.`);
  return memberIds;
}

/** The invoices of the planned ones: dated today, numbered in a row, with the debtor's copy and reference. */
async function ticketInvoiceRows(
  tx: Ctx,
  input: { season: { id: number; name: string }; planned: Planned; byMember: Map<number, Debtor>; settings: InvoiceSettings },
) {
  const { season, planned, byMember } = input;
  const today = zurichToday(tx.now);
  const year = today.getUTCFullYear();
  const invoiceDate = toIsoDate(today);
  const dueDate = toIsoDate(addDays(today, PAYMENT_DAYS));
  const title = ticketInvoiceTitle(season.name);
  const first = await drawInvoiceNumbers(tx.db, year, planned.length);
  const rows: NewInvoiceRow[] = planned.map((p, i) => {
    const m = byMember.get(p.memberId)!;
    const number = formatInvoiceNumber(year, first + i);
    return {
      number,
      memberId: p.memberId,
      seasonId: season.id,
      title,
      invoiceDate,
      dueDate,
      totalRappen: p.totalRappen,
      reference: paymentReference(input.settings.iban, number, p.memberId),
      ...debtorCopy(m),
      lines: p.lines.map((l) => ({ text: l.text, amountRappen: l.amountRappen })),
    };
  });
  return { rows, title, dueDate };
}

/** Links each reservation and place to its invoice line: billed once (BUSY when another run was first). */
async function linkBilledItems(tx: Ctx, created: Created, planned: Planned, rowCount: number): Promise<void> {
  const links: NewBilledItem[] = created.flatMap((inv, i) =>
    planned[i]!.lines.flatMap((line, position) =>
      line.sources.map((s) => ({ invoiceId: inv.id, invoiceLineId: inv.lineIds[position]!, ...s })),
    ),
  );
  const linked = await insertBilledItems(tx.db, links, tx.now);
  // Under the issuing lock nobody else can have billed them; a link skipped would bill twice.
  if (created.length !== rowCount || linked !== links.length)
    throw new AppError('BUSY', 'Die Rechnungen wurden gleichzeitig erstellt. Bitte versuchen Sie es noch einmal.');
}

/** Each invoice mailed to its member with its PDF. */
async function mailTicketInvoices(
  tx: Ctx,
  input: {
    created: Created;
    planned: Planned;
    byMember: Map<number, Debtor>;
    season: { name: string };
    issue: { title: string; dueDate: string };
    settings: InvoiceSettings;
  },
): Promise<void> {
  const { title, dueDate } = input.issue;
  const purpose = `Ihre Tickets und Veranstaltungen der Saison ${input.season.name}`;
  const mails: Mail[] = input.created.map((inv, i) => {
    const m = input.byMember.get(inv.memberId)!;
    const totalRappen = input.planned[i]!.totalRappen;
    return {
      to: m.email,
      ...invoiceMail({
        firstName: m.firstName,
        clubName: input.settings.clubName,
        title,
        number: inv.number,
        totalRappen,
        dueDate,
        purpose,
      }),
      attachments: [{ kind: 'invoice', invoiceId: inv.id }],
    };
  });
  await enqueueMails(tx.db, mails);
}

/** What the seasons screen's billing card shows: what awaits billing, and the season's TICKETS invoices. */
export async function getTicketBillingState(ctx: Ctx, seasonId: number): Promise<TicketBillingState> {
  const season = await findSeason(ctx.db, seasonId);
  if (!season) throw notFound(SEASON_NOT_FOUND);
  const s = await readTicketBillingState(ctx.db, season.id, { ...seasonInstants(season), now: ctx.now });
  return {
    seasonId: season.id,
    toBill: {
      reservations: s.reservations,
      tickets: s.tickets,
      subscriptions: s.subscriptions,
      places: s.places,
      amount: toMoney(s.amountRappen),
    },
    notYetDue: { reservations: s.pendingReservations, subscriptions: s.pendingSubscriptions },
    invoices: { issued: s.issued, paid: s.paid, billed: toMoney(s.billedRappen), paidAmount: toMoney(s.paidRappen) },
  };
}
