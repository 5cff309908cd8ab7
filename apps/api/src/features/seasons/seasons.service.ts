import type { Money, RenewalResult, Season, SeasonOption } from '@club/contract';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays, seasonDates, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { toMoney, toRappen } from '@club/contract';
import { changesBetween } from '../members/members.service.ts';
import { copyCategories, setDefaultCategoryFee } from './categories.repository.ts';
import {
  findExistingMemberIds,
  findSeasonBefore,
  findSeasonById,
  findSeasonStartingOn,
  findSeasonsWithCounts,
  insertRenewals,
  insertSeason,
  lockSeason,
  updateSeasonFees,
  type SeasonListRow,
} from './seasons.repository.ts';

const SEASON_NOT_FOUND = 'Diese Saison gibt es nicht.';

function toSeason(row: SeasonListRow, today: string): Season {
  const validFrom = toIsoDate(row.validFrom);
  const validTo = toIsoDate(row.validTo);
  return {
    id: row.id,
    name: row.name,
    validFrom,
    validTo,
    membershipFee: toMoney(row.membershipFeeRappen),
    parkingFee: toMoney(row.parkingFeeRappen),
    reminderFee: toMoney(row.reminderFeeRappen),
    current: validFrom <= today && today <= validTo,
    memberCount: row.memberCount,
    parkingPermitCount: row.parkingPermitCount,
    membershipFees: { eligible: row.memberCount, issued: row.membershipIssued, paid: row.membershipPaid, toBill: row.membershipToBill },
    parkingFees: { eligible: row.parkingPermitCount, issued: row.parkingIssued, paid: row.parkingPaid, toBill: row.parkingToBill },
  };
}

/** The seasons, newest first, with their counts (also the choice when adding a membership). */
export async function listSeasons(ctx: Ctx): Promise<(Season & SeasonOption)[]> {
  const today = toIsoDate(zurichToday(ctx.now));
  return (await findSeasonsWithCounts(ctx.db)).map((r) => toSeason(r, today));
}

async function oneSeason(ctx: Ctx, id: number): Promise<Season> {
  const season = (await listSeasons(ctx)).find((s) => s.id === id);
  if (!season) throw notFound(SEASON_NOT_FOUND);
  return season;
}

/**
 * A new season from 1 May of a year; fees not given are the previous season's, and so are its
 * membership categories. A second one for the year is a 409.
 */
export async function createSeason(
  ctx: Ctx,
  input: { validFrom: string; membershipFee?: Money | undefined; parkingFee?: Money | undefined; reminderFee?: Money | undefined },
): Promise<Season> {
  const year = Number(input.validFrom.slice(0, 4));
  const dates = seasonDates(year);
  const id = await withTx(ctx, async (tx) => {
    if (await findSeasonStartingOn(tx.db, dates.validFrom)) throw conflict(`Die Saison ${dates.name} gibt es bereits.`, 'ALREADY_EXISTS');
    const previous = await findSeasonBefore(tx.db, dates.validFrom);
    const created = await insertSeason(tx.db, {
      ...dates,
      membershipFeeRappen: input.membershipFee ? toRappen(input.membershipFee) : (previous?.membershipFeeRappen ?? 0),
      parkingFeeRappen: input.parkingFee ? toRappen(input.parkingFee) : (previous?.parkingFeeRappen ?? 0),
      reminderFeeRappen: input.reminderFee ? toRappen(input.reminderFee) : (previous?.reminderFeeRappen ?? 0),
      createdAt: tx.now,
    });
    // The default category came with the season (its fee is the membership fee); the others are the previous season's.
    if (previous) await copyCategories(tx.db, { fromSeasonId: previous.id, toSeasonId: created.id, now: tx.now });
    await writeAudit(tx, {
      action: 'season.created',
      entity: 'season',
      entityId: created.id,
      data: { name: created.name, membershipFeeRappen: created.membershipFeeRappen, parkingFeeRappen: created.parkingFeeRappen },
    });
    return created.id;
  });
  return oneSeason(ctx, id);
}

/** Changes a season's fees (the membership fee is the default category's); invoices already issued keep their amount. */
export async function updateSeason(
  ctx: Ctx,
  input: { id: number; validFrom?: string | undefined; membershipFee: Money; parkingFee: Money; reminderFee?: Money | undefined },
): Promise<Season> {
  await withTx(ctx, async (tx) => {
    if (!(await lockSeason(tx.db, input.id))) throw notFound(SEASON_NOT_FOUND);
    const season = await findSeasonById(tx.db, input.id);
    if (!season) throw notFound(SEASON_NOT_FOUND);
    if (input.validFrom !== undefined && input.validFrom !== toIsoDate(season.validFrom)) {
      throw invalid('Bitte prüfen Sie die markierten Angaben.', {
        validFrom: 'Beginn: Der Beginn einer Saison kann nicht geändert werden.',
      });
    }
    const before = {
      membershipFeeRappen: season.membershipFeeRappen,
      parkingFeeRappen: season.parkingFeeRappen,
      reminderFeeRappen: season.reminderFeeRappen,
    };
    const after = {
      membershipFeeRappen: toRappen(input.membershipFee),
      parkingFeeRappen: toRappen(input.parkingFee),
      reminderFeeRappen: input.reminderFee ? toRappen(input.reminderFee) : season.reminderFeeRappen,
    };
    const changes = changesBetween(before, after, ['membershipFeeRappen', 'parkingFeeRappen', 'reminderFeeRappen']);
    if (changes.length === 0) return;
    await updateSeasonFees(tx.db, season.id, after);
    await setDefaultCategoryFee(tx.db, season.id, after.membershipFeeRappen);
    await writeAudit(tx, { action: 'season.updated', entity: 'season', entityId: season.id, data: { name: season.name, changes } });
  });
  return oneSeason(ctx, input.id);
}

/**
 * Renewal: a membership in the season for the given members, or (empty list) for every member
 * whose membership covered the last day of the previous season; parking permits carried over.
 * Idempotent: a member who has one already is counted as existing. Each keeps the category of
 * the same name; one whose category is gone, or who is older than its age rule on the new
 * season's 1 May, moves to the default category and is listed in the answer.
 */
export async function renewMemberships(ctx: Ctx, input: { seasonId: number; memberIds: number[] }): Promise<RenewalResult> {
  return withTx(
    ctx,
    async (tx) => {
      if (!(await lockSeason(tx.db, input.seasonId))) throw notFound(SEASON_NOT_FOUND);
      const season = await findSeasonById(tx.db, input.seasonId);
      if (!season) throw notFound(SEASON_NOT_FOUND);
      const ids = [...new Set(input.memberIds)];
      if (ids.length) {
        const found = new Set(await findExistingMemberIds(tx.db, ids));
        const unknown = ids.filter((id) => !found.has(id));
        if (unknown.length) throw notFound(`Diese Mitglieder gibt es nicht: ${unknown.slice(0, 10).join(', ')}.`);
      }
      const result = await insertRenewals(tx.db, {
        seasonId: season.id,
        validFrom: season.validFrom,
        validTo: season.validTo,
        lastDay: addDays(season.validFrom, -1),
        memberIds: ids.length ? ids : null,
        now: tx.now,
      });
      if (result.created) {
        await writeAudit(tx, {
          action: 'season.renewed',
          entity: 'season',
          entityId: season.id,
          data: { name: season.name, created: result.created, movedToDefault: result.moved.map((m) => m.memberId) },
        });
      }
      return { created: result.created, existing: result.eligible - result.created, movedToDefault: result.moved };
    },
    { timeoutMs: 120_000 },
  );
}
