import type { Candidate, CandidateData, CandidateDuplicate, CandidateReceipt, CandidateStatus, MembershipOffer } from '@club/contract';
import { AppError, conflict, invalid, notFound, withDetails } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx, type DbOrTx } from '../../lib/ctx.ts';
import { fromIsoDate, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { createInvitation, INVITATION_VALID_DAYS } from '../idp/index.ts';
import { issueMembershipFeeForNewMember, type InvoiceSettings } from '../invoices/invoices.service.ts';
import { createMember, pickUsername, usernameBase } from '../members/members.service.ts';
import { categoryCarriedInto, categoryForMembership, listCategories } from '../seasons/categories.service.ts';
import { applicationReceivedMail, rejectionMail, welcomeMail } from './candidates.mails.ts';
import { changedFields, deChDate, toCandidate, toCandidateFields } from './candidates.mappers.ts';
import {
  findCandidate,
  findIdenticalOpenApplication,
  findMembersLike,
  findOpenCandidatesLike,
  findSeasonCovering,
  findSeasonsByIds,
  findUsernamesStartingWith,
  insertCandidate,
  listCandidates as listCandidateRows,
  lockCandidate,
  lockKey,
  markCandidateDecided,
  updateCandidateFields,
  type CandidateRow,
} from './candidates.repository.ts';
import { assertEditable, findDuplicates, nextCandidateStatus } from './candidates.rules.ts';

/** What the mails need from the site's configuration. */
export interface CandidateSettings {
  clubName: string;
  publicUrl: string;
  /** An external OIDC provider: no invitation; the member is linked at the first login by e-mail. */
  externalLogin: boolean;
  /** The creditor of the membership-fee invoice an accepted member gets. */
  invoices: InvoiceSettings;
}

/** The same form sent again within this time (double click, retry) is answered from the first one. */
const RESEND_WINDOW_MS = 24 * 3_600_000;

const NOT_FOUND = 'Diesen Mitgliedschaftsantrag gibt es nicht.';

/** The possible duplicates of each open application (decided ones have none). */
async function duplicatesOf(db: DbOrTx, rows: readonly CandidateRow[]): Promise<Map<number, CandidateDuplicate[]>> {
  const open = rows.filter((r) => r.status === 'PENDING');
  const [members, candidates] = await Promise.all([findMembersLike(db, open), findOpenCandidatesLike(db, open)]);
  return new Map(open.map((row) => [row.id, findDuplicates(row, { members, candidates })]));
}

async function withDuplicates(ctx: Ctx, rows: CandidateRow[]): Promise<Candidate[]> {
  const duplicates = await duplicatesOf(ctx.db, rows);
  return rows.map((row) => toCandidate(row, duplicates.get(row.id) ?? []));
}

async function oneWithDuplicates(ctx: Ctx, row: CandidateRow): Promise<Candidate> {
  const [candidate] = await withDuplicates(ctx, [row]);
  return candidate as Candidate;
}

/** The refusal of an accept that the board has not confirmed, naming the possible duplicates. */
function possibleDuplicate(duplicates: CandidateDuplicate[]): AppError {
  const names = duplicates
    .map(
      (d) =>
        `${d.kind === 'MEMBER' ? 'Mitglied' : 'offener Antrag'} ${d.name} (${d.reason === 'EMAIL' ? 'gleiche E-Mail-Adresse' : 'gleicher Name und Geburtsdatum'})`,
    )
    .join(', ');
  return withDetails(
    new AppError(
      'POSSIBLE_DUPLICATE',
      `Möglicherweise ist diese Person schon bekannt: ${names}. Bitte prüfen und das Annehmen ausdrücklich bestätigen.`,
    ),
    { duplicates },
  );
}

/** Serialises applications of one e-mail address, then finds the same form sent a moment ago. */
async function findResent(ctx: Ctx, data: CandidateData) {
  await lockKey(ctx.db, `candidate:${data.email.toLowerCase()}`);
  return findIdenticalOpenApplication(ctx.db, toCandidateFields(data), new Date(ctx.now.getTime() - RESEND_WINDOW_MS));
}

/** What a membership costs, for the public form: the season covering today and its categories. */
export async function getMembershipOffer(ctx: Ctx): Promise<MembershipOffer> {
  const season = await findSeasonCovering(ctx.db, zurichToday(ctx.now));
  if (!season) return { seasonName: null, categories: [] };
  const categories = await listCategories(ctx, season.id);
  return {
    seasonName: season.name,
    categories: categories.map(({ id, name, fee, maxAge, isDefault }) => ({ id, name, fee, maxAge, isDefault })),
  };
}

/** The name of the category an applicant chose: one of the current season's that admits their age. */
async function requestedCategoryName(tx: Ctx, categoryId: number | undefined, dateOfBirth: string): Promise<string> {
  if (categoryId === undefined) return '';
  const season = await findSeasonCovering(tx.db, zurichToday(tx.now));
  if (!season) throw invalid('Bitte prüfen Sie die markierten Angaben.', { categoryId: 'Kategorie: Zurzeit ist keine Saison offen.' });
  const category = await categoryForMembership(tx, { seasonId: season.id, categoryId, dateOfBirth });
  return category.name;
}

/**
 * The public form (POST /api/v1/candidates): stores the application with the chosen category and
 * the tick on the statutes, and writes the confirmation mail in one transaction. A filled honeypot
 * gets the same answer, but nothing is stored or sent. The same form sent twice is stored and
 * confirmed once.
 */
export async function submitApplication(
  ctx: Ctx,
  input: { data: CandidateData; categoryId?: number | undefined; honeypotFilled: boolean; settings: CandidateSettings },
): Promise<CandidateReceipt> {
  const { data, settings } = input;
  const today = zurichToday(ctx.now);
  if (input.honeypotFilled) {
    ctx.log.info('membership application with a filled honeypot dropped');
    return { firstName: data.firstName, email: data.email, applicationDate: toIsoDate(today) };
  }
  return withTx(ctx, async (tx) => {
    const resent = await findResent(tx, data);
    if (resent) return { firstName: resent.firstName, email: resent.email, applicationDate: toIsoDate(resent.applicationDate) };
    const requestedCategory = await requestedCategoryName(tx, input.categoryId, data.dateOfBirth);
    const row = await insertCandidate(tx.db, {
      ...toCandidateFields(data),
      applicationDate: today,
      source: 'ONLINE',
      createdAt: tx.now,
      requestedCategory,
      statutesReadAt: tx.now,
    });
    const applicationDate = toIsoDate(row.applicationDate);
    await enqueueMail(tx.db, {
      to: row.email,
      ...applicationReceivedMail({ firstName: row.firstName, clubName: settings.clubName, applicationDate: deChDate(applicationDate) }),
    });
    return { firstName: row.firstName, email: row.email, applicationDate };
  });
}

/** The board enters a paper application (no confirmation mail: the applicant did not use the site). */
export async function createPaperCandidate(
  ctx: Ctx,
  input: { data: CandidateData; applicationDate?: string | undefined },
): Promise<Candidate> {
  const row = await withTx(ctx, async (tx) => {
    const resent = await findResent(tx, input.data);
    if (resent) return resent;
    const created = await insertCandidate(tx.db, {
      ...toCandidateFields(input.data),
      applicationDate: input.applicationDate ? fromIsoDate(input.applicationDate) : zurichToday(tx.now),
      source: 'PAPER',
      createdAt: tx.now,
    });
    await writeAudit(tx, { action: 'candidate.created', entity: 'candidate', entityId: created.id, data: { source: 'PAPER' } });
    return created;
  });
  return oneWithDuplicates(ctx, row);
}

export async function listCandidates(ctx: Ctx, input: { status?: CandidateStatus | undefined }): Promise<Candidate[]> {
  return withDuplicates(ctx, await listCandidateRows(ctx.db, input.status));
}

export async function getCandidate(ctx: Ctx, id: number): Promise<Candidate> {
  const row = await findCandidate(ctx.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return oneWithDuplicates(ctx, row);
}

/** Corrects an open application; a decided one is final (409 ALREADY_DECIDED). */
export async function updateCandidate(
  ctx: Ctx,
  input: { id: number; data: CandidateData; applicationDate?: string | undefined },
): Promise<Candidate> {
  const row = await withTx(ctx, async (tx) => {
    const locked = await lockCandidate(tx.db, input.id);
    if (!locked) throw notFound(NOT_FOUND);
    assertEditable(locked.status);
    const before = await findCandidate(tx.db, input.id);
    if (!before) throw notFound(NOT_FOUND);
    const updated = await updateCandidateFields(tx.db, input.id, {
      ...toCandidateFields(input.data),
      ...(input.applicationDate ? { applicationDate: fromIsoDate(input.applicationDate) } : {}),
    });
    await writeAudit(tx, {
      action: 'candidate.updated',
      entity: 'candidate',
      entityId: input.id,
      data: { changed: changedFields(before, updated) },
    });
    return updated;
  });
  return oneWithDuplicates(ctx, row);
}

/**
 * Accepts an application, all in one transaction: the member (unique lower-case ASCII
 * username, role MEMBER, current address from today, phones), the membership of the season
 * covering today, the login invitation (embedded provider), the membership-fee invoice of
 * that season (its PDF attached to the welcome mail), the welcome mail and the audit row. The candidate row is locked first, so of two simultaneous accepts one wins and the
 * other gets 409 ALREADY_DECIDED. An application that may be a person known already (a member or
 * another open application with its e-mail address, or its name and birth date) is accepted only
 * with `confirmDuplicates`; else 409 POSSIBLE_DUPLICATE lists them (`details.duplicates`).
 * `laterSeasonIds`: seasons after the current one the member joins too (next season, renewed
 * already), each in the category of the chosen one's name if it admits the member, else its
 * default; their fee runs bill them.
 */
export async function acceptCandidate(
  ctx: Ctx,
  input: {
    id: number;
    confirmDuplicates?: boolean | undefined;
    categoryId?: number | undefined;
    laterSeasonIds?: number[] | undefined;
    settings: CandidateSettings;
  },
): Promise<Candidate> {
  const { settings } = input;
  const row = await withTx(ctx, async (tx) => {
    const { candidate, status, duplicates } = await lockForDecision(tx, input);
    const placement = await placementOf(tx, candidate, input);
    const member = await createMemberOfCandidate(tx, candidate, placement);
    const decided = await markCandidateDecided(tx.db, input.id, {
      status,
      decidedAt: tx.now,
      decidedById: tx.actor?.memberId ?? null,
      memberId: member.id,
    });
    const welcome = await welcomeNewMember(tx, candidate, member, placement.season, settings);
    await writeAudit(tx, {
      action: 'candidate.accepted',
      entity: 'candidate',
      entityId: input.id,
      data: {
        memberId: member.id,
        username: member.username,
        seasonId: placement.season.id,
        category: placement.category.name,
        laterSeasons: placement.later.map((l) => ({ seasonId: l.season.id, season: l.season.name, category: l.category.name })),
        invitation: welcome.invitation,
        invoice: welcome.invoiceNumber,
        confirmedDuplicates: duplicates.map((d) => ({ kind: d.kind, id: d.id, reason: d.reason })),
      },
    });
    return decided;
  });
  return oneWithDuplicates(ctx, row);
}

/**
 * The candidate row locked (of two simultaneous accepts one wins), the status an accept gives it
 * (409 once decided) and the people it may be; 409 POSSIBLE_DUPLICATE unless they are confirmed.
 */
async function lockForDecision(tx: Ctx, input: { id: number; confirmDuplicates?: boolean | undefined }) {
  const locked = await lockCandidate(tx.db, input.id);
  if (!locked) throw notFound(NOT_FOUND);
  const status = nextCandidateStatus(locked.status, 'ACCEPT');
  const candidate = await findCandidate(tx.db, input.id);
  if (!candidate) throw notFound(NOT_FOUND);
  const duplicates = (await duplicatesOf(tx.db, [candidate])).get(candidate.id) ?? [];
  if (duplicates.length > 0 && !input.confirmDuplicates) throw possibleDuplicate(duplicates);
  return { candidate, status, duplicates };
}

/** The season covering today, the category the new member joins it in, and the later seasons joined too. */
async function placementOf(
  tx: Ctx,
  candidate: CandidateRow,
  input: { categoryId?: number | undefined; laterSeasonIds?: number[] | undefined },
) {
  const today = zurichToday(tx.now);
  const season = await findSeasonCovering(tx.db, today);
  if (!season) throw conflict('Bitte zuerst die aktuelle Saison anlegen: ohne Saison kann keine Mitgliedschaft beginnen.');

  // The board's choice; else the one the applicant asked for (carried into this season by name); else the default.
  const category =
    input.categoryId === undefined && candidate.requestedCategory !== ''
      ? await categoryCarriedInto(tx, { seasonId: season.id, name: candidate.requestedCategory, dateOfBirth: candidate.dateOfBirth })
      : await categoryForMembership(tx, { seasonId: season.id, categoryId: input.categoryId, dateOfBirth: candidate.dateOfBirth });
  const later = await laterMemberships(tx, {
    current: season,
    ids: input.laterSeasonIds ?? [],
    category,
    dateOfBirth: candidate.dateOfBirth,
  });
  return { today, season, category, later };
}

/** The member of an accepted application: a free username from the name, the address from today, phones, memberships. */
async function createMemberOfCandidate(tx: Ctx, candidate: CandidateRow, placement: Awaited<ReturnType<typeof placementOf>>) {
  const { today, season, category, later } = placement;
  const base = usernameBase(candidate.firstName, candidate.lastName);
  await lockKey(tx.db, `username:${base}`);
  const username = pickUsername(base, await findUsernamesStartingWith(tx.db, base));
  const phones = [
    ...(candidate.mobile ? [{ type: 'MOBILE' as const, number: candidate.mobile }] : []),
    ...(candidate.landLine ? [{ type: 'LANDLINE' as const, number: candidate.landLine }] : []),
  ];
  return createMember(tx, {
    username,
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    email: candidate.email,
    dateOfBirth: candidate.dateOfBirth,
    createdAt: tx.now,
    roles: ['MEMBER'],
    addresses: [
      {
        street: candidate.street,
        houseNumber: candidate.houseNumber,
        addressLine2: candidate.addressLine2,
        postalCode: candidate.postalCode,
        city: candidate.city,
        country: candidate.country,
        validFrom: today,
        current: true,
      },
    ],
    phones,
    memberships: [
      { seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo, categoryId: category.id, createdAt: tx.now },
      ...later.map((l) => ({
        seasonId: l.season.id,
        validFrom: l.season.validFrom,
        validTo: l.season.validTo,
        categoryId: l.category.id,
        createdAt: tx.now,
      })),
    ],
  });
}

/** The login invitation (embedded provider), the season's fee invoice and the welcome mail with its PDF. */
async function welcomeNewMember(
  tx: Ctx,
  candidate: CandidateRow,
  member: { id: number; username: string },
  season: { id: number; name: string },
  settings: CandidateSettings,
): Promise<{ invitation: boolean; invoiceNumber: string | null }> {
  const invitation = settings.externalLogin ? undefined : await createInvitation(tx.db, member.id, tx.now, settings.publicUrl);
  const invoice = await issueMembershipFeeForNewMember(tx, { memberId: member.id, seasonId: season.id, settings: settings.invoices });
  await enqueueMail(tx.db, {
    to: candidate.email,
    attachments: invoice ? [{ kind: 'invoice', invoiceId: invoice.id }] : [],
    ...welcomeMail({
      firstName: candidate.firstName,
      clubName: settings.clubName,
      username: member.username,
      seasonName: season.name,
      siteUrl: settings.publicUrl,
      invitationUrl: invitation?.url,
      invitationValidDays: INVITATION_VALID_DAYS,
      invoiceNumber: invoice?.number,
    }),
  });
  return { invitation: Boolean(invitation), invoiceNumber: invoice?.number ?? null };
}

/**
 * The memberships in later seasons an accept adds (in its transaction): each season must exist and
 * start after the current one (422 otherwise); the category carries over by name.
 */
async function laterMemberships(
  tx: Ctx,
  input: {
    current: { validFrom: Date };
    ids: number[];
    category: { name: string };
    dateOfBirth: Date | string | null;
  },
) {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  const seasons = await findSeasonsByIds(tx.db, ids);
  const field = (message: string) => invalid('Bitte prüfen Sie die markierten Angaben.', { laterSeasonIds: `Weitere Saisons: ${message}` });
  if (seasons.length !== ids.length) throw field('Diese Saison gibt es nicht.');
  const early = seasons.find((s) => s.validFrom.getTime() <= input.current.validFrom.getTime());
  if (early) throw field(`Die Saison ${early.name} beginnt nicht nach der aktuellen.`);
  const out = [];
  for (const season of seasons) {
    const category = await categoryCarriedInto(tx, { seasonId: season.id, name: input.category.name, dateOfBirth: input.dateOfBirth });
    out.push({ season, category });
  }
  return out;
}

/** Declines an application (final) and writes a polite mail to the applicant. */
export async function rejectCandidate(ctx: Ctx, input: { id: number; settings: CandidateSettings }): Promise<Candidate> {
  const row = await withTx(ctx, async (tx) => {
    const locked = await lockCandidate(tx.db, input.id);
    if (!locked) throw notFound(NOT_FOUND);
    const status = nextCandidateStatus(locked.status, 'REJECT');
    const decided = await markCandidateDecided(tx.db, input.id, { status, decidedAt: tx.now, decidedById: tx.actor?.memberId ?? null });
    await enqueueMail(tx.db, { to: decided.email, ...rejectionMail({ firstName: decided.firstName, clubName: input.settings.clubName }) });
    await writeAudit(tx, { action: 'candidate.rejected', entity: 'candidate', entityId: input.id });
    return decided;
  });
  return oneWithDuplicates(ctx, row);
}
