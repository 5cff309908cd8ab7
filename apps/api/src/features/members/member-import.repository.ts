import { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { ExistingMember, ImportAddress } from './member-import.rules.ts';

/** The queries of a member import: the waiting file, the members it is compared with, the bulk writes of a commit. */

export interface ImportRecord {
  id: number;
  fileName: string;
  columns: Prisma.JsonValue;
  cells: Prisma.JsonValue;
  settings: Prisma.JsonValue;
  createdAt: Date;
  committedAt: Date | null;
  result: Prisma.JsonValue;
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

export function insertImport(
  db: DbOrTx,
  data: { fileName: string; columns: string[]; cells: string[][]; settings: object; createdById: number | null; createdAt: Date },
): Promise<ImportRecord> {
  return db.memberImport.create({
    data: { ...data, columns: json(data.columns), cells: json(data.cells), settings: json(data.settings) },
  });
}

export function findImport(db: DbOrTx, id: number): Promise<ImportRecord | null> {
  return db.memberImport.findUnique({ where: { id } });
}

/** Locks the import's row: of two commits of one import, the second waits and then finds it committed. */
export async function lockImport(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "member_imports" WHERE "id" = ${id} FOR UPDATE`;
  return rows.length === 1;
}

export async function updateImportSettings(db: DbOrTx, id: number, settings: object): Promise<void> {
  await db.memberImport.update({ where: { id }, data: { settings: json(settings) } });
}

/** The committed import keeps its counts, not the file's cells. */
export async function markImportCommitted(db: DbOrTx, id: number, data: { committedAt: Date; result: object }): Promise<void> {
  await db.memberImport.update({ where: { id }, data: { committedAt: data.committedAt, result: json(data.result), cells: Prisma.DbNull } });
}

/** The imports not yet committed, newest first, with their number of rows (counted in the database, not read). */
export function listOpenImports(db: DbOrTx) {
  return db.$queryRaw<{ id: number; fileName: string; createdAt: Date; rows: number }[]>`
    SELECT "id", "fileName", "createdAt", coalesce(jsonb_array_length("cells"), 0)::int AS "rows"
      FROM "member_imports" WHERE "committedAt" IS NULL ORDER BY "createdAt" DESC`;
}

/** Uncommitted imports uploaded before `before`: gone with their cells. */
export async function deleteImportsBefore(db: DbOrTx, before: Date): Promise<number> {
  const { count } = await db.memberImport.deleteMany({ where: { committedAt: null, createdAt: { lt: before } } });
  return count;
}

export function countWaitingInvitations(db: DbOrTx, memberImportId: number): Promise<number> {
  return db.mailOutbox.count({ where: { memberImportId, status: 'PENDING' } });
}

// --- seasons --------------------------------------------------------------------------------

/** The season covering the day, else the latest one; null when there is none. */
export async function findDefaultSeason(db: DbOrTx, day: Date): Promise<{ id: number; name: string } | null> {
  const covering = await db.season.findFirst({
    where: { validFrom: { lte: day }, validTo: { gte: day } },
    select: { id: true, name: true },
  });
  return covering ?? db.season.findFirst({ orderBy: { validFrom: 'desc' }, select: { id: true, name: true } });
}

export function findSeasonWithCategories(db: DbOrTx, seasonId: number) {
  return db.season.findUnique({
    where: { id: seasonId },
    select: {
      id: true,
      name: true,
      validFrom: true,
      validTo: true,
      categories: { select: { id: true, name: true, isDefault: true }, orderBy: { id: 'asc' } },
    },
  });
}

// --- the members an import is compared with -------------------------------------------------

interface ExistingRow {
  id: number;
  memberNumber: number;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: Date | null;
  memberSince: Date | null;
  street: string | null;
  houseNumber: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  mobile: string | null;
  landLine: string | null;
  categoryId: number | null;
}

const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * Every member whose data is kept (not anonymised), with the current address, phones, the entry
 * date (stored, else the first membership's start) and the category in the season.
 */
export async function readExistingMembers(db: DbOrTx, seasonId: number | null): Promise<ExistingMember[]> {
  const rows = await db.$queryRaw<ExistingRow[]>`
    SELECT m."id", m."memberNumber", m."firstName", m."lastName", m."email", m."dateOfBirth",
           coalesce(m."memberSince", (SELECT min(x."validFrom") FROM "memberships" x WHERE x."memberId" = m."id")) AS "memberSince",
           a."street", a."houseNumber", a."addressLine2", a."postalCode", a."city", a."country",
           (SELECT p."number" FROM "phones" p WHERE p."memberId" = m."id" AND p."type" = 'MOBILE') AS "mobile",
           (SELECT p."number" FROM "phones" p WHERE p."memberId" = m."id" AND p."type" = 'LANDLINE') AS "landLine",
           (SELECT s."categoryId" FROM "memberships" s WHERE s."memberId" = m."id" AND s."seasonId" = ${seasonId}) AS "categoryId"
      FROM "members" m
      LEFT JOIN "addresses" a ON a."memberId" = m."id" AND a."current"
     WHERE m."anonymisedAt" IS NULL
     ORDER BY m."memberNumber"`;
  return rows.map((r) => ({
    id: r.id,
    memberNumber: r.memberNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    dateOfBirth: iso(r.dateOfBirth),
    memberSince: iso(r.memberSince),
    address:
      r.street === null
        ? null
        : {
            street: r.street,
            houseNumber: r.houseNumber ?? '',
            addressLine2: r.addressLine2 ?? '',
            postalCode: r.postalCode ?? '',
            city: r.city ?? '',
            country: r.country ?? 'CH',
          },
    mobile: r.mobile,
    landLine: r.landLine,
    categoryId: r.categoryId,
  }));
}

// --- the commit's writes --------------------------------------------------------------------

/** No member comes into being elsewhere while an import assigns numbers (accepting an application waits). */
export async function lockMembersTable(db: DbOrTx): Promise<void> {
  await db.$executeRaw`LOCK TABLE "members" IN SHARE ROW EXCLUSIVE MODE`;
}

export async function highestMemberNumber(db: DbOrTx): Promise<number> {
  const rows = await db.$queryRaw<{ max: number | null }[]>`SELECT max("memberNumber") AS "max" FROM "members"`;
  return rows[0]?.max ?? 0;
}

/** The member-number sequence continues after the highest number (numbers taken from a file included). */
export async function continueMemberNumbers(db: DbOrTx): Promise<void> {
  await db.$queryRaw`SELECT setval(pg_get_serial_sequence('"members"', 'memberNumber'), greatest((SELECT max("memberNumber") FROM "members"), 1))`;
}

/** Every username in use (members and login accounts), lower case. */
export async function allUsernames(db: DbOrTx): Promise<string[]> {
  const rows = await db.$queryRaw<{ u: string }[]>`
    SELECT lower("username") AS "u" FROM "members" UNION SELECT lower("username") FROM "login_accounts"`;
  return rows.map((r) => r.u);
}

export interface ImportedMember {
  memberNumber: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: Date | null;
  memberSince: Date | null;
  address: ImportAddress | null;
  mobile: string | null;
  landLine: string | null;
  categoryId: number;
}

const CHUNK = 1000;

const isoDay = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * New members in bulk, a thousand at a time with one statement per table (the columns as arrays,
 * `unnest`): the members, their role, current address, phones and the membership of the season.
 * Answers the new ids in the given order.
 */
export async function insertImportedMembers(
  db: DbOrTx,
  members: readonly ImportedMember[],
  season: { id: number; validFrom: Date; validTo: Date },
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  const today = isoDay(now);
  for (let i = 0; i < members.length; i += CHUNK) {
    const chunk = members.slice(i, i + CHUNK);
    const col = <K extends keyof ImportedMember>(k: K) => chunk.map((m) => m[k]);
    const created = await db.$queryRaw<{ id: number; memberNumber: number }[]>`
      INSERT INTO "members" ("memberNumber", "username", "firstName", "lastName", "email", "dateOfBirth", "memberSince", "createdAt", "updatedAt")
      SELECT t."memberNumber", t."username", t."firstName", t."lastName", t."email", t."dateOfBirth"::date, t."memberSince"::date, ${now}, ${now}
        FROM unnest(${col('memberNumber')}::int[], ${col('username')}::text[], ${col('firstName')}::text[], ${col('lastName')}::text[],
                    ${col('email')}::text[], ${chunk.map((m) => isoDay(m.dateOfBirth))}::text[], ${chunk.map((m) => isoDay(m.memberSince))}::text[])
          AS t("memberNumber", "username", "firstName", "lastName", "email", "dateOfBirth", "memberSince")
      RETURNING "id", "memberNumber"`;
    const idOf = new Map(created.map((c) => [Number(c.memberNumber), Number(c.id)]));
    const chunkIds = chunk.map((m) => idOf.get(m.memberNumber)!);
    ids.push(...chunkIds);
    await db.$executeRaw`
      INSERT INTO "member_roles" ("memberId", "role") SELECT t."memberId", 'MEMBER'::"Role" FROM unnest(${chunkIds}::int[]) AS t("memberId")`;
    const withAddress = chunk.flatMap((m, j) => (m.address ? [{ ...m.address, memberId: chunkIds[j]! }] : []));
    if (withAddress.length) {
      const a = <K extends keyof (typeof withAddress)[number]>(k: K) => withAddress.map((r) => r[k]);
      await db.$executeRaw`
        INSERT INTO "addresses" ("memberId", "street", "houseNumber", "addressLine2", "postalCode", "city", "country", "validFrom", "current")
        SELECT t."memberId", t."street", t."houseNumber", t."addressLine2", t."postalCode", t."city", t."country", ${today}::date, true
          FROM unnest(${a('memberId')}::int[], ${a('street')}::text[], ${a('houseNumber')}::text[], ${a('addressLine2')}::text[],
                      ${a('postalCode')}::text[], ${a('city')}::text[], ${a('country')}::text[])
            AS t("memberId", "street", "houseNumber", "addressLine2", "postalCode", "city", "country")`;
    }
    const phones = chunk.flatMap((m, j) => [
      ...(m.mobile ? [{ memberId: chunkIds[j]!, type: 'MOBILE', number: m.mobile }] : []),
      ...(m.landLine ? [{ memberId: chunkIds[j]!, type: 'LANDLINE', number: m.landLine }] : []),
    ]);
    if (phones.length) {
      await db.$executeRaw`
        INSERT INTO "phones" ("memberId", "type", "number")
        SELECT t."memberId", t."type"::"PhoneType", t."number"
          FROM unnest(${phones.map((p) => p.memberId)}::int[], ${phones.map((p) => p.type)}::text[], ${phones.map((p) => p.number)}::text[])
            AS t("memberId", "type", "number")`;
    }
    await db.$executeRaw`
      INSERT INTO "memberships" ("memberId", "seasonId", "validFrom", "validTo", "categoryId", "createdAt")
      SELECT t."memberId", ${season.id}, ${isoDay(season.validFrom)}::date, ${isoDay(season.validTo)}::date, t."categoryId", ${now}
        FROM unnest(${chunkIds}::int[], ${col('categoryId')}::int[]) AS t("memberId", "categoryId")`;
  }
  return ids;
}

/** One member's changed personal data (only the given fields). */
export async function updateImportedPerson(
  db: DbOrTx,
  memberId: number,
  data: { firstName?: string; lastName?: string; email?: string; dateOfBirth?: Date; memberSince?: Date },
): Promise<void> {
  await db.member.update({ where: { id: memberId }, data });
}

/** A new current address from `day`; the former one ends the day before. */
export async function replaceCurrentAddress(db: DbOrTx, memberId: number, address: ImportAddress, day: Date): Promise<void> {
  const before = new Date(day.getTime() - 86_400_000);
  await db.address.updateMany({ where: { memberId, current: true }, data: { current: false, validTo: before } });
  await db.address.create({ data: { ...address, memberId, validFrom: day, current: true } });
}

export async function upsertImportedPhone(db: DbOrTx, memberId: number, type: 'MOBILE' | 'LANDLINE', number: string): Promise<void> {
  await db.phone.upsert({ where: { memberId_type: { memberId, type } }, create: { memberId, type, number }, update: { number } });
}

/** The member's membership of the season in this category (added when there is none). */
export async function setSeasonCategory(
  db: DbOrTx,
  memberId: number,
  season: { id: number; validFrom: Date; validTo: Date },
  categoryId: number,
  now: Date,
): Promise<void> {
  await db.membership.upsert({
    where: { memberId_seasonId: { memberId, seasonId: season.id } },
    create: { memberId, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo, categoryId, createdAt: now },
    update: { categoryId },
  });
}

/** Audit rows in bulk (one per imported member), a thousand per statement. */
export async function insertAuditRows(
  db: DbOrTx,
  rows: { actorId: number | null; action: string; entity: string; entityId: string; data: object; createdAt: Date }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db.$executeRaw`
      INSERT INTO "audit_log" ("actorId", "action", "entity", "entityId", "data", "createdAt")
      SELECT t."actorId", t."action", t."entity", t."entityId", t."data"::jsonb, t."createdAt"::timestamptz
        FROM unnest(${chunk.map((r) => r.actorId)}::int[], ${chunk.map((r) => r.action)}::text[], ${chunk.map((r) => r.entity)}::text[],
                    ${chunk.map((r) => r.entityId)}::text[], ${chunk.map((r) => JSON.stringify(r.data))}::text[],
                    ${chunk.map((r) => r.createdAt.toISOString())}::text[])
          AS t("actorId", "action", "entity", "entityId", "data", "createdAt")`;
  }
}

// --- the export -----------------------------------------------------------------------------

export interface ExportRow extends ExistingRow {
  username: string;
  categoryName: string | null;
}

/** Every member whose data is kept, by member number, with the category of the season (batches by number). */
export function readExportRows(db: DbOrTx, seasonId: number | null, afterNumber: number, limit: number): Promise<ExportRow[]> {
  return db.$queryRaw<ExportRow[]>`
    SELECT m."id", m."memberNumber", m."username", m."firstName", m."lastName", m."email", m."dateOfBirth",
           coalesce(m."memberSince", (SELECT min(x."validFrom") FROM "memberships" x WHERE x."memberId" = m."id")) AS "memberSince",
           a."street", a."houseNumber", a."addressLine2", a."postalCode", a."city", a."country",
           (SELECT p."number" FROM "phones" p WHERE p."memberId" = m."id" AND p."type" = 'MOBILE') AS "mobile",
           (SELECT p."number" FROM "phones" p WHERE p."memberId" = m."id" AND p."type" = 'LANDLINE') AS "landLine",
           NULL::int AS "categoryId",
           (SELECT c."name" FROM "memberships" s JOIN "membership_categories" c ON c."id" = s."categoryId"
             WHERE s."memberId" = m."id" AND s."seasonId" = ${seasonId}) AS "categoryName"
      FROM "members" m
      LEFT JOIN "addresses" a ON a."memberId" = m."id" AND a."current"
     WHERE m."anonymisedAt" IS NULL AND m."memberNumber" > ${afterNumber}
     ORDER BY m."memberNumber"
     LIMIT ${limit}`;
}
