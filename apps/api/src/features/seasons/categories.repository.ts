import type { DbOrTx } from '../../lib/ctx.ts';

/** Membership categories: the only file of them with Prisma calls and SQL. */

export interface CategoryRow {
  id: number;
  seasonId: number;
  name: string;
  feeRappen: number;
  maxAge: number | null;
  isDefault: boolean;
  memberCount: number;
}

/** The categories of a season with their memberships counted: the default first, then by name. */
export function findCategoriesOfSeason(db: DbOrTx, seasonId: number) {
  return db.$queryRaw<CategoryRow[]>`
    SELECT c."id", c."seasonId", c."name", c."feeRappen", c."maxAge", c."isDefault",
           (SELECT count(*) FROM "memberships" m WHERE m."categoryId" = c."id")::int AS "memberCount"
      FROM "membership_categories" c
     WHERE c."seasonId" = ${seasonId}
     ORDER BY c."isDefault" DESC, c."name", c."id"`;
}

export function findCategory(db: DbOrTx, seasonId: number, categoryId: number) {
  return db.membershipCategory.findFirst({ where: { id: categoryId, seasonId } });
}

export function findCategoryByName(db: DbOrTx, seasonId: number, name: string) {
  return db.membershipCategory.findUnique({ where: { seasonId_name: { seasonId, name } } });
}

export function findDefaultCategory(db: DbOrTx, seasonId: number) {
  return db.membershipCategory.findFirst({ where: { seasonId, isDefault: true } });
}

export function insertCategory(
  db: DbOrTx,
  data: { seasonId: number; name: string; feeRappen: number; maxAge: number | null; createdAt: Date },
) {
  return db.membershipCategory.create({ data });
}

export function updateCategoryRow(db: DbOrTx, id: number, data: { name: string; feeRappen: number; maxAge: number | null }) {
  return db.membershipCategory.update({ where: { id }, data });
}

export function deleteCategoryRow(db: DbOrTx, id: number) {
  return db.membershipCategory.delete({ where: { id } });
}

export function countMembershipsInCategory(db: DbOrTx, categoryId: number) {
  return db.membership.count({ where: { categoryId } });
}

/** Members of the category older than `maxAge` on `day` (the season's 1 May). */
export async function countMembersOlderThan(db: DbOrTx, categoryId: number, maxAge: number, day: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "memberships" ms JOIN "members" m ON m."id" = ms."memberId"
     WHERE ms."categoryId" = ${categoryId} AND m."dateOfBirth" IS NOT NULL
       AND date_part('year', age(${day}::date, m."dateOfBirth"))::int > ${maxAge}`;
  return Number(row?.n ?? 0);
}

/** Copies a season's categories into a new season (the default one's name and age rule onto its default). */
export async function copyCategories(db: DbOrTx, input: { fromSeasonId: number; toSeasonId: number; now: Date }): Promise<void> {
  await db.$executeRaw`
    UPDATE "membership_categories" t SET "name" = f."name"
      FROM "membership_categories" f
     WHERE t."seasonId" = ${input.toSeasonId} AND t."isDefault" AND f."seasonId" = ${input.fromSeasonId} AND f."isDefault"`;
  await db.$executeRaw`
    INSERT INTO "membership_categories" ("seasonId", "name", "feeRappen", "maxAge", "isDefault", "createdAt")
    SELECT ${input.toSeasonId}, f."name", f."feeRappen", f."maxAge", false, ${input.now}
      FROM "membership_categories" f
     WHERE f."seasonId" = ${input.fromSeasonId} AND NOT f."isDefault"
    ON CONFLICT ("seasonId", "name") DO NOTHING`;
}

/** The default category's fee follows the season's membership fee (and the other way round). */
export function setDefaultCategoryFee(db: DbOrTx, seasonId: number, feeRappen: number) {
  return db.membershipCategory.updateMany({ where: { seasonId, isDefault: true }, data: { feeRappen } });
}

export function setSeasonMembershipFee(db: DbOrTx, seasonId: number, membershipFeeRappen: number) {
  return db.season.update({ where: { id: seasonId }, data: { membershipFeeRappen } });
}

export function findSeasonDates(db: DbOrTx, seasonId: number) {
  return db.season.findUnique({ where: { id: seasonId }, select: { id: true, name: true, validFrom: true } });
}
