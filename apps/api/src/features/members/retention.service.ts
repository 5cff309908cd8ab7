import { Cron } from 'croner';
import type { AdminMember, RetentionCandidate, RetentionPreview } from '@club/contract';
import { conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toIsoDate, ZURICH, zurichToday } from '../../lib/dates.ts';
import { MEMBER_NOT_FOUND, adminMemberView, type LoginSource } from './members.service.ts';
import {
  anonymiseAgedInvoices,
  anonymiseMemberRows,
  claimRun,
  countRejectedApplicationsBefore,
  deleteRejectedApplicationsBefore,
  findLastRun,
  findRetentionCandidates,
  finishRun,
  lockMemberForErasure,
  releaseRun,
  type RetentionRow,
} from './retention.repository.ts';
import { erasureRefusal, monthsBefore, REJECTED_APPLICATION_MONTHS, yearsBefore, type ErasureRefusal } from './retention.rules.ts';

/** When the nightly retention run starts (cron, Zurich time): after the nightly backup at 03:00. */
export const RETENTION_SCHEDULE = '30 3 * * *';
const JOB = 'retention';

function toCandidate(row: RetentionRow): RetentionCandidate {
  return {
    id: row.id,
    memberNumber: row.memberNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    lastMembershipEnd: toIsoDate(row.lastMembershipEnd),
  };
}

/** The cutoffs of a run at `now`: memberships ended and invoices issued before `members`, applications decided before `applications`. */
function cutoffs(now: Date, years: number): { members: Date; applications: Date } {
  return { members: yearsBefore(zurichToday(now), years), applications: monthsBefore(now, REJECTED_APPLICATION_MONTHS) };
}

/** What the next nightly run will anonymise and delete (the board's overview), and what the last one did. */
export async function previewRetention(ctx: Ctx, input: { years: number }): Promise<RetentionPreview> {
  const next = new Cron(RETENTION_SCHEDULE, { timezone: ZURICH, paused: true }).nextRun(ctx.now) ?? ctx.now;
  // What the run will see when it starts.
  const at = cutoffs(next, input.years);
  const [rows, rejectedApplications, last] = await Promise.all([
    findRetentionCandidates(ctx.db, at.members),
    countRejectedApplicationsBefore(ctx.db, at.applications),
    findLastRun(ctx.db, JOB),
  ]);
  const result = (last?.result ?? {}) as { anonymised?: number; applicationsDeleted?: number };
  return {
    retentionYears: input.years,
    cutoff: toIsoDate(at.members),
    nextRunAt: next.toISOString(),
    members: rows.filter((r) => !r.openInvoice).map(toCandidate),
    heldBack: rows.filter((r) => r.openInvoice).map(toCandidate),
    rejectedApplications,
    lastRun: last
      ? {
          day: toIsoDate(last.day),
          finishedAt: last.finishedAt?.toISOString() ?? null,
          anonymised: result.anonymised ?? 0,
          applicationsDeleted: result.applicationsDeleted ?? 0,
        }
      : null,
  };
}

export interface RetentionResult {
  /** Ids of the members anonymised now. */
  anonymised: number[];
  applicationsDeleted: number;
  invoicesAnonymised: number;
}

/**
 * One retention run, in one transaction: every former member past the period (without open
 * invoices, not on the board) is anonymised with an audit row each, invoices past the bookkeeping
 * period lose their debtor copy, rejected applications older than six months are deleted. Running
 * it again changes nothing.
 */
export async function runRetention(ctx: Ctx, input: { years: number }): Promise<RetentionResult> {
  const at = cutoffs(ctx.now, input.years);
  return withTx(
    ctx,
    async (tx) => {
      const anonymised: number[] = [];
      for (const row of await findRetentionCandidates(tx.db, at.members)) {
        if (row.openInvoice) continue;
        const state = await lockMemberForErasure(tx.db, row.id);
        if (!state || state.anonymisedAt || state.board) continue;
        await anonymiseMemberRows(tx.db, state, tx.now);
        await writeAudit(tx, {
          action: 'member.anonymised',
          entity: 'member',
          entityId: row.id,
          data: { reason: 'retention', retentionYears: input.years, lastMembershipEnd: toIsoDate(row.lastMembershipEnd) },
        });
        anonymised.push(row.id);
      }
      const invoicesAnonymised = await anonymiseAgedInvoices(tx.db, at.members);
      const applicationsDeleted = await deleteRejectedApplicationsBefore(tx.db, at.applications);
      return { anonymised, applicationsDeleted, invoicesAnonymised };
    },
    { timeoutMs: 300_000 },
  );
}

/**
 * The nightly run: claims the day (one run per day however many instances), runs, records what
 * it did. Null when another instance has the day. A failed run gives the day back.
 */
export async function runNightlyRetention(ctx: Ctx, input: { years: number }): Promise<RetentionResult | null> {
  const day = zurichToday(ctx.now);
  if (!(await claimRun(ctx.db, JOB, day, ctx.now))) return null;
  try {
    const result = await runRetention(ctx, input);
    await finishRun(ctx.db, JOB, day, new Date(), {
      anonymised: result.anonymised.length,
      applicationsDeleted: result.applicationsDeleted,
      invoicesAnonymised: result.invoicesAnonymised,
    });
    return result;
  } catch (error) {
    await releaseRun(ctx.db, JOB, day).catch(() => {});
    throw error;
  }
}

const REFUSALS: Record<ErasureRefusal, string> = {
  ALREADY_ANONYMISED: 'Dieses Mitglied ist bereits anonymisiert.',
  BOARD_MEMBER: 'Ein Vorstandsmitglied kann nicht anonymisiert werden. Bitte zuerst die Vorstandsrolle entfernen.',
  MEMBERSHIP_RUNNING: 'Dieses Mitglied hat eine laufende Mitgliedschaft. Bitte die Mitgliedschaft zuerst beenden.',
  OPEN_INVOICE: 'Dieses Mitglied hat offene Rechnungen. Bitte diese zuerst stornieren oder die Zahlung erfassen.',
};

/**
 * The right to erasure: the board anonymises a member on request, at once, with an audit row
 * (the acting board member, the member's id, no names). Refused with 409 for a board member, a
 * running membership, open invoices, or a second time.
 */
export async function anonymiseMemberNow(ctx: Ctx, input: { memberId: number; years: number; logins: LoginSource }): Promise<AdminMember> {
  await withTx(ctx, async (tx) => {
    const state = await lockMemberForErasure(tx.db, input.memberId);
    if (!state) throw notFound(MEMBER_NOT_FOUND);
    const refusal = erasureRefusal(state, zurichToday(tx.now));
    if (refusal) throw conflict(REFUSALS[refusal]);
    await anonymiseMemberRows(tx.db, state, tx.now);
    // Invoices keep their debtor copy for the bookkeeping period; older ones lose it now.
    await anonymiseAgedInvoices(tx.db, cutoffs(tx.now, input.years).members);
    await writeAudit(tx, { action: 'member.anonymised', entity: 'member', entityId: input.memberId, data: { reason: 'request' } });
  });
  return adminMemberView(ctx, input.memberId, input.logins);
}
