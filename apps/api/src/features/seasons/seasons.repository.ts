import type { DbOrTx } from '../../lib/ctx.ts';

export interface SeasonListRow {
  id: number;
  name: string;
  validFrom: Date;
  validTo: Date;
  membershipFeeRappen: number;
  parkingFeeRappen: number;
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
    SELECT s."id", s."name", s."validFrom", s."validTo", s."membershipFeeRappen", s."parkingFeeRappen",
           COALESCE(ms."memberCount", 0)::int AS "memberCount", COALESCE(ms."parkingPermitCount", 0)::int AS "parkingPermitCount",
           COALESCE(iv."membershipIssued", 0)::int AS "membershipIssued", COALESCE(iv."membershipPaid", 0)::int AS "membershipPaid",
           COALESCE(iv."parkingIssued", 0)::int AS "parkingIssued", COALESCE(iv."parkingPaid", 0)::int AS "parkingPaid",
           COALESCE(ms."membershipToBill", 0)::int AS "membershipToBill", COALESCE(ms."parkingToBill", 0)::int AS "parkingToBill"
      FROM "seasons" s
      LEFT JOIN (
        SELECT m."seasonId", count(*) AS "memberCount", count(*) FILTER (WHERE m."parkingPermit") AS "parkingPermitCount",
               count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."memberId" = m."memberId"
                                                     AND i."seasonId" = m."seasonId" AND i."kind" = 'MEMBERSHIP_FEE')) AS "membershipToBill",
               count(*) FILTER (WHERE m."parkingPermit" AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."memberId" = m."memberId"
                                                     AND i."seasonId" = m."seasonId" AND i."kind" = 'PARKING_FEE')) AS "parkingToBill"
          FROM "memberships" m GROUP BY m."seasonId"
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
  data: { name: string; validFrom: Date; validTo: Date; membershipFeeRappen: number; parkingFeeRappen: number; createdAt: Date },
) {
  return db.season.create({ data });
}

export function updateSeasonFees(db: DbOrTx, id: number, data: { membershipFeeRappen: number; parkingFeeRappen: number }) {
  return db.season.update({ where: { id }, data });
}

/** Which of these member ids exist. */
export async function findExistingMemberIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.member.findMany({ where: { id: { in: ids } }, select: { id: true } });
  return rows.map((r) => r.id);
}

/**
 * Renewal: one membership in the season for each member (all: each whose membership covered
 * `lastDay` of the previous season), parking permit carried over; one per member and season
 * (unique), so existing ones are skipped. Returns how many were candidates and how many created.
 */
export async function insertRenewals(
  db: DbOrTx,
  input: { seasonId: number; validFrom: Date; validTo: Date; lastDay: Date; memberIds: number[] | null; now: Date },
): Promise<{ eligible: number; created: number }> {
  const all = input.memberIds === null;
  const ids = input.memberIds ?? [];
  const [row] = await db.$queryRaw<{ eligible: number; created: number }[]>`
    WITH candidates AS (
      SELECT m."id" AS "memberId", COALESCE(prev."parkingPermit", false) AS "parkingPermit"
        FROM "members" m
        LEFT JOIN LATERAL (SELECT bool_or(p."parkingPermit") AS "parkingPermit", count(*) AS n
                             FROM "memberships" p
                            WHERE p."memberId" = m."id" AND p."validFrom" <= ${input.lastDay}::date AND p."validTo" >= ${input.lastDay}::date) prev ON true
       WHERE CASE WHEN ${all}::boolean THEN prev.n > 0 ELSE m."id" = ANY(${ids}::int[]) END
    ), inserted AS (
      INSERT INTO "memberships" ("memberId", "seasonId", "validFrom", "validTo", "parkingPermit", "createdAt")
      SELECT c."memberId", ${input.seasonId}, ${input.validFrom}::date, ${input.validTo}::date, c."parkingPermit", ${input.now}
        FROM candidates c
      ON CONFLICT ("memberId", "seasonId") DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM candidates)::int AS eligible, (SELECT count(*) FROM inserted)::int AS created`;
  return { eligible: Number(row?.eligible ?? 0), created: Number(row?.created ?? 0) };
}
