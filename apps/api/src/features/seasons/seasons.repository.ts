import type { DbOrTx } from '../../lib/ctx.ts';

export interface SeasonListRow {
  id: number;
  name: string;
  validFrom: Date;
  validTo: Date;
  membershipFeeRappen: number;
  parkingFeeRappen: number;
  reminderFeeRappen: number;
  memberCount: number;
  parkingPermitCount: number;
  membershipIssued: number;
  membershipPaid: number;
  membershipToBill: number;
  parkingIssued: number;
  parkingPaid: number;
  parkingToBill: number;
}

/** Every season, newest first, with its memberships and fee invoices counted. */
export function findSeasonsWithCounts(db: DbOrTx) {
  return db.$queryRaw<SeasonListRow[]>`
    SELECT s."id", s."name", s."validFrom", s."validTo", s."membershipFeeRappen", s."parkingFeeRappen", s."reminderFeeRappen",
           COALESCE(ms."memberCount", 0)::int AS "memberCount", COALESCE(ms."parkingPermitCount", 0)::int AS "parkingPermitCount",
           COALESCE(iv."membershipIssued", 0)::int AS "membershipIssued", COALESCE(iv."membershipPaid", 0)::int AS "membershipPaid",
           COALESCE(iv."parkingIssued", 0)::int AS "parkingIssued", COALESCE(iv."parkingPaid", 0)::int AS "parkingPaid",
           COALESCE(ms."membershipToBill", 0)::int AS "membershipToBill", COALESCE(ms."parkingToBill", 0)::int AS "parkingToBill"
      FROM "seasons" s
      LEFT JOIN (
        SELECT m."seasonId", count(*) AS "memberCount", count(*) FILTER (WHERE m."parkingPermit") AS "parkingPermitCount",
               count(*) FILTER (WHERE c."feeRappen" > 0 AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."memberId" = m."memberId"
                                                     AND i."seasonId" = m."seasonId" AND i."kind" = 'MEMBERSHIP_FEE')) AS "membershipToBill",
               count(*) FILTER (WHERE m."parkingPermit" AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."memberId" = m."memberId"
                                                     AND i."seasonId" = m."seasonId" AND i."kind" = 'PARKING_FEE')) AS "parkingToBill"
          FROM "memberships" m JOIN "membership_categories" c ON c."id" = m."categoryId" GROUP BY m."seasonId"
      ) ms ON ms."seasonId" = s."id"
      LEFT JOIN (
        SELECT i."seasonId",
               count(*) FILTER (WHERE i."kind" = 'MEMBERSHIP_FEE') AS "membershipIssued",
               count(*) FILTER (WHERE i."kind" = 'MEMBERSHIP_FEE' AND i."status" = 'PAID') AS "membershipPaid",
               count(*) FILTER (WHERE i."kind" = 'PARKING_FEE') AS "parkingIssued",
               count(*) FILTER (WHERE i."kind" = 'PARKING_FEE' AND i."status" = 'PAID') AS "parkingPaid"
          FROM "invoices" i WHERE i."seasonId" IS NOT NULL GROUP BY i."seasonId"
      ) iv ON iv."seasonId" = s."id"
     ORDER BY s."validFrom" DESC`;
}

export function findSeasonById(db: DbOrTx, id: number) {
  return db.season.findUnique({ where: { id } });
}

/** Locks a season row for the rest of the transaction (renewals of one season one after the other). */
export async function lockSeason(db: DbOrTx, id: number) {
  const [row] = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "seasons" WHERE "id" = ${id} FOR UPDATE`;
  return row;
}

export function findSeasonStartingOn(db: DbOrTx, validFrom: Date) {
  return db.season.findUnique({ where: { validFrom } });
}

/** The latest season before a day (its fees are the new season's defaults). */
export function findSeasonBefore(db: DbOrTx, day: Date) {
  return db.season.findFirst({ where: { validFrom: { lt: day } }, orderBy: { validFrom: 'desc' } });
}

export function insertSeason(
  db: DbOrTx,
  data: {
    name: string;
    validFrom: Date;
    validTo: Date;
    membershipFeeRappen: number;
    parkingFeeRappen: number;
    reminderFeeRappen: number;
    createdAt: Date;
  },
) {
  return db.season.create({ data });
}

export function updateSeasonFees(
  db: DbOrTx,
  id: number,
  data: { membershipFeeRappen: number; parkingFeeRappen: number; reminderFeeRappen: number },
) {
  return db.season.update({ where: { id }, data });
}

/** Which of these member ids exist. */
export async function findExistingMemberIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.member.findMany({ where: { id: { in: ids } }, select: { id: true } });
  return rows.map((r) => r.id);
}

export interface RenewalMoveRow {
  memberId: number;
  firstName: string;
  lastName: string;
  from: string;
  to: string;
}

/**
 * Renewal: one membership in the season for each member (all: each whose membership covered
 * `lastDay` of the previous season), parking permit carried over; one per member and season
 * (unique), so existing ones are skipped. The category is the one of the same name in the new
 * season, unless it is gone or its age rule no longer admits the member on the season's first
 * day: then the default category, and the member is listed in `moved`.
 * Returns how many were candidates, how many created, and who moved to the default.
 */
export async function insertRenewals(
  db: DbOrTx,
  input: { seasonId: number; validFrom: Date; validTo: Date; lastDay: Date; memberIds: number[] | null; now: Date },
): Promise<{ eligible: number; created: number; moved: RenewalMoveRow[] }> {
  const all = input.memberIds === null;
  const ids = input.memberIds ?? [];
  const [row] = await db.$queryRaw<{ eligible: number; created: number; moved: RenewalMoveRow[] | null }[]>`
    WITH candidates AS (
      SELECT m."id" AS "memberId", m."firstName", m."lastName", m."dateOfBirth",
             COALESCE(prev."parkingPermit", false) AS "parkingPermit", prev."categoryName", prev."wasDefault"
        FROM "members" m
        LEFT JOIN LATERAL (SELECT bool_or(p."parkingPermit") AS "parkingPermit", count(*) AS n,
                                  (array_agg(c."name" ORDER BY p."validFrom" DESC))[1] AS "categoryName",
                                  (array_agg(c."isDefault" ORDER BY p."validFrom" DESC))[1] AS "wasDefault"
                             FROM "memberships" p JOIN "membership_categories" c ON c."id" = p."categoryId"
                            WHERE p."memberId" = m."id" AND p."validFrom" <= ${input.lastDay}::date AND p."validTo" >= ${input.lastDay}::date) prev ON true
       WHERE CASE WHEN ${all}::boolean THEN prev.n > 0 ELSE m."id" = ANY(${ids}::int[]) END
    ), fallback AS (
      SELECT c."id", c."name" FROM "membership_categories" c WHERE c."seasonId" = ${input.seasonId} AND c."isDefault"
    ), placed AS (
      SELECT cand.*, CASE WHEN same."id" IS NULL THEN f."id" ELSE same."id" END AS "categoryId",
             (cand."categoryName" IS NOT NULL AND NOT cand."wasDefault" AND cand."categoryName" <> f."name"
               AND (same."id" IS NULL OR same."isDefault" IS NOT TRUE AND same."maxAge" IS NOT NULL AND cand."dateOfBirth" IS NOT NULL
                    AND date_part('year', age(${input.validFrom}::date, cand."dateOfBirth"))::int > same."maxAge")) AS "moved",
             f."name" AS "defaultName"
        FROM candidates cand
        CROSS JOIN fallback f
        LEFT JOIN "membership_categories" same ON same."seasonId" = ${input.seasonId} AND same."name" = cand."categoryName"
    ), inserted AS (
      INSERT INTO "memberships" ("memberId", "seasonId", "validFrom", "validTo", "parkingPermit", "categoryId", "createdAt")
      SELECT p."memberId", ${input.seasonId}, ${input.validFrom}::date, ${input.validTo}::date, p."parkingPermit",
             CASE WHEN p."moved" THEN (SELECT "id" FROM fallback) ELSE p."categoryId" END, ${input.now}
        FROM placed p
      ON CONFLICT ("memberId", "seasonId") DO NOTHING
      RETURNING "memberId"
    )
    SELECT (SELECT count(*) FROM candidates)::int AS eligible, (SELECT count(*) FROM inserted)::int AS created,
           (SELECT json_agg(json_build_object('memberId', p."memberId", 'firstName', p."firstName", 'lastName', p."lastName",
                                              'from', p."categoryName", 'to', p."defaultName")
                            ORDER BY p."lastName", p."firstName", p."memberId")
              FROM placed p JOIN inserted i ON i."memberId" = p."memberId" WHERE p."moved") AS moved`;
  return { eligible: Number(row?.eligible ?? 0), created: Number(row?.created ?? 0), moved: row?.moved ?? [] };
}
