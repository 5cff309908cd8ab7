import type { Category, CategoryBody } from '@club/contract';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toIsoDate } from '../../lib/dates.ts';
import { toMoney, toRappen } from '@club/contract';
import {
  countMembershipsInCategory,
  countMembersOlderThan,
  deleteCategoryRow,
  findCategoriesOfSeason,
  findCategory,
  findCategoryByName,
  findDefaultCategory,
  findSeasonDates,
  insertCategory,
  setSeasonMembershipFee,
  updateCategoryRow,
  type CategoryRow,
} from './categories.repository.ts';
import { admitsAge } from './categories.rules.ts';
import { lockSeason } from './seasons.repository.ts';

const SEASON_NOT_FOUND = 'Diese Saison gibt es nicht.';
const CATEGORY_NOT_FOUND = 'Diese Kategorie gibt es nicht.';
const CHECK = 'Bitte prüfen Sie die markierten Angaben.';

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    seasonId: row.seasonId,
    name: row.name,
    fee: toMoney(row.feeRappen),
    maxAge: row.maxAge,
    isDefault: row.isDefault,
    memberCount: Number(row.memberCount),
  };
}

async function lockedSeason(tx: Ctx, seasonId: number) {
  if (!(await lockSeason(tx.db, seasonId))) throw notFound(SEASON_NOT_FOUND);
  const season = await findSeasonDates(tx.db, seasonId);
  if (!season) throw notFound(SEASON_NOT_FOUND);
  return season;
}

async function oneCategory(ctx: Ctx, seasonId: number, categoryId: number): Promise<Category> {
  const row = (await findCategoriesOfSeason(ctx.db, seasonId)).find((c) => c.id === categoryId);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return toCategory(row);
}

/** The categories of a season, the default first. */
export async function listCategories(ctx: Ctx, seasonId: number): Promise<Category[]> {
  if (!(await findSeasonDates(ctx.db, seasonId))) throw notFound(SEASON_NOT_FOUND);
  return (await findCategoriesOfSeason(ctx.db, seasonId)).map(toCategory);
}

async function refuseTakenName(tx: Ctx, seasonId: number, name: string, ownId?: number) {
  const same = await findCategoryByName(tx.db, seasonId, name);
  if (same && same.id !== ownId) throw conflict(`Die Kategorie «${name}» gibt es in dieser Saison bereits.`, 'ALREADY_EXISTS');
}

/** A new category of a season (never the default: the season has one from the start). */
export async function createCategory(ctx: Ctx, input: { seasonId: number; body: CategoryBody }): Promise<Category> {
  const id = await withTx(ctx, async (tx) => {
    const season = await lockedSeason(tx, input.seasonId);
    await refuseTakenName(tx, season.id, input.body.name);
    const row = await insertCategory(tx.db, {
      seasonId: season.id,
      name: input.body.name,
      feeRappen: toRappen(input.body.fee),
      maxAge: input.body.maxAge ?? null,
      createdAt: tx.now,
    });
    await writeAudit(tx, {
      action: 'season.category.created',
      entity: 'season',
      entityId: season.id,
      data: { season: season.name, categoryId: row.id, name: row.name, feeRappen: row.feeRappen, maxAge: row.maxAge },
    });
    return row.id;
  });
  return oneCategory(ctx, input.seasonId, id);
}

/**
 * Changes a category's name, fee and age rule. The default category admits every age (its fee is
 * the season's membership fee); an age rule that members of the category no longer meet is a 409.
 * Invoices already issued keep their amount.
 */
export async function updateCategory(ctx: Ctx, input: { seasonId: number; categoryId: number; body: CategoryBody }): Promise<Category> {
  await withTx(ctx, async (tx) => {
    const season = await lockedSeason(tx, input.seasonId);
    const row = await findCategory(tx.db, season.id, input.categoryId);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    const maxAge = input.body.maxAge ?? null;
    if (row.isDefault && maxAge !== null) {
      throw invalid(CHECK, { maxAge: 'Höchstalter: Die Standardkategorie gilt für jedes Alter.' });
    }
    await refuseTakenName(tx, season.id, input.body.name, row.id);
    if (maxAge !== null && (row.maxAge === null || maxAge < row.maxAge)) {
      const older = await countMembersOlderThan(tx.db, row.id, maxAge, season.validFrom);
      if (older > 0) {
        throw conflict(
          `${older === 1 ? 'Ein Mitglied' : `${older} Mitglieder`} dieser Kategorie ${older === 1 ? 'ist' : 'sind'} am 1. Mai älter als ${maxAge} Jahre.`,
        );
      }
    }
    const next = { name: input.body.name, feeRappen: toRappen(input.body.fee), maxAge };
    await updateCategoryRow(tx.db, row.id, next);
    if (row.isDefault) await setSeasonMembershipFee(tx.db, season.id, next.feeRappen);
    await writeAudit(tx, {
      action: 'season.category.updated',
      entity: 'season',
      entityId: season.id,
      data: {
        season: season.name,
        categoryId: row.id,
        before: { name: row.name, feeRappen: row.feeRappen, maxAge: row.maxAge },
        after: next,
      },
    });
  });
  return oneCategory(ctx, input.seasonId, input.categoryId);
}

/** Deletes a category nobody is in; the default one and one in use are a 409. */
export async function deleteCategory(ctx: Ctx, input: { seasonId: number; categoryId: number }): Promise<void> {
  await withTx(ctx, async (tx) => {
    const season = await lockedSeason(tx, input.seasonId);
    const row = await findCategory(tx.db, season.id, input.categoryId);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    if (row.isDefault) throw conflict('Die Standardkategorie einer Saison kann nicht gelöscht werden.', 'IN_USE');
    const used = await countMembershipsInCategory(tx.db, row.id);
    if (used > 0) {
      throw conflict(
        `Die Kategorie «${row.name}» hat ${used === 1 ? 'eine Mitgliedschaft' : `${used} Mitgliedschaften`} und kann nicht gelöscht werden.`,
        'IN_USE',
      );
    }
    await deleteCategoryRow(tx.db, row.id);
    await writeAudit(tx, {
      action: 'season.category.deleted',
      entity: 'season',
      entityId: season.id,
      data: { season: season.name, categoryId: row.id, name: row.name },
    });
  });
}

/**
 * The category of a new or changed membership, in the caller's transaction: the chosen one (of
 * the season, admitting the member's age on 1 May: 422 otherwise) or the season's default.
 */
export async function categoryForMembership(
  tx: Ctx,
  input: { seasonId: number; categoryId?: number | undefined; dateOfBirth: Date | string | null },
): Promise<{ id: number; name: string }> {
  if (input.categoryId === undefined) {
    const fallback = await findDefaultCategory(tx.db, input.seasonId);
    if (!fallback) throw notFound(SEASON_NOT_FOUND);
    return { id: fallback.id, name: fallback.name };
  }
  const [row, season] = await Promise.all([findCategory(tx.db, input.seasonId, input.categoryId), findSeasonDates(tx.db, input.seasonId)]);
  if (!row || !season) throw invalid(CHECK, { categoryId: 'Kategorie: Diese Kategorie gibt es in der Saison nicht.' });
  const birth =
    input.dateOfBirth === null ? null : typeof input.dateOfBirth === 'string' ? input.dateOfBirth : toIsoDate(input.dateOfBirth);
  if (!admitsAge(row.maxAge, birth, toIsoDate(season.validFrom))) {
    throw invalid(CHECK, { categoryId: `Kategorie: «${row.name}» gilt nur bis ${row.maxAge} Jahre (am 1. Mai der Saison).` });
  }
  return { id: row.id, name: row.name };
}

/**
 * The category a membership carried into another season takes (renewal's rule), in the caller's
 * transaction: the category of the same name there if its age rule admits the member on that
 * season's 1 May, else that season's default.
 */
export async function categoryCarriedInto(
  tx: Ctx,
  input: { seasonId: number; name: string; dateOfBirth: Date | string | null },
): Promise<{ id: number; name: string }> {
  const [same, season] = await Promise.all([findCategoryByName(tx.db, input.seasonId, input.name), findSeasonDates(tx.db, input.seasonId)]);
  if (!season) throw notFound(SEASON_NOT_FOUND);
  const birth =
    input.dateOfBirth === null ? null : typeof input.dateOfBirth === 'string' ? input.dateOfBirth : toIsoDate(input.dateOfBirth);
  if (same && admitsAge(same.maxAge, birth, toIsoDate(season.validFrom))) return { id: same.id, name: same.name };
  return categoryForMembership(tx, { seasonId: input.seasonId, dateOfBirth: input.dateOfBirth });
}
