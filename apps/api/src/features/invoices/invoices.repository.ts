import type { InvoiceStatus } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';

/** Invoices: the only file of the feature with Prisma calls and SQL. */

export type FeeKind = 'MEMBERSHIP_FEE' | 'PARKING_FEE';
export type InvoiceKindValue = FeeKind | 'OTHER' | 'TICKETS';

/**
 * Serialises everything that issues invoices or reminders (fee runs, accepting applications,
 * reminder runs) for the rest of the transaction: who is still to bill is read under it, so a
 * second run finds the first one's invoices and numbers never skip.
 */
export async function lockInvoiceIssuing(db: DbOrTx): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('invoices:issue'))`;
}

/** Reserves `count` numbers of a year (the sequence row stays locked until commit); returns the first. */
export async function drawInvoiceNumbers(db: DbOrTx, year: number, count: number): Promise<number> {
  const [row] = await db.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO "invoice_number_sequences" ("year", "lastNumber") VALUES (${year}, ${count})
    ON CONFLICT ("year") DO UPDATE SET "lastNumber" = "invoice_number_sequences"."lastNumber" + EXCLUDED."lastNumber"
    RETURNING "lastNumber"`;
  return Number(row!.lastNumber) - count + 1;
}

export interface DebtorRow {
  memberId: number;
  firstName: string;
  lastName: string;
  email: string;
  street: string | null;
  houseNumber: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

export interface FeeDebtorRow extends DebtorRow {
  /** the member's fee: the category's (membership) or the season's parking fee; always > 0 */
  feeRappen: number;
  /** the membership category's name, null for the default category */
  categoryName: string | null;
  /** the membership category (for parking fees too: the member's category of the season) */
  categoryId: number;
  category: string;
  categoryIsDefault: boolean;
}

/**
 * Members eligible for a fee in a season (a membership whose category has a fee; for parking one
 * with a parking permit, at the season's parking fee) who have no invoice of that kind for it yet,
 * with their fee and current address. `memberIds` null: all of them.
 */
export function findMembersToBill(db: DbOrTx, input: { seasonId: number; kind: FeeKind; memberIds: number[] | null }) {
  const parkingOnly = input.kind === 'PARKING_FEE';
  const all = input.memberIds === null;
  const ids = input.memberIds ?? [];
  return db.$queryRaw<FeeDebtorRow[]>`
    SELECT * FROM (
      SELECT m."id" AS "memberId", m."firstName", m."lastName", m."email",
             a."street", a."houseNumber", a."addressLine2", a."postalCode", a."city", a."country",
             (CASE WHEN ${parkingOnly}::boolean THEN s."parkingFeeRappen" ELSE c."feeRappen" END)::int AS "feeRappen",
             CASE WHEN c."isDefault" THEN NULL ELSE c."name" END AS "categoryName",
             c."id" AS "categoryId", c."name" AS "category", c."isDefault" AS "categoryIsDefault"
        FROM "memberships" ms
        JOIN "seasons" s ON s."id" = ms."seasonId"
        JOIN "membership_categories" c ON c."id" = ms."categoryId"
        JOIN "members" m ON m."id" = ms."memberId"
        LEFT JOIN "addresses" a ON a."memberId" = m."id" AND a."current"
       WHERE ms."seasonId" = ${input.seasonId}
         AND (${!parkingOnly}::boolean OR ms."parkingPermit")
         AND (${all}::boolean OR ms."memberId" = ANY(${ids}::int[]))
         AND NOT EXISTS (SELECT 1 FROM "invoices" i
                          WHERE i."memberId" = ms."memberId" AND i."seasonId" = ${input.seasonId}
                            AND i."kind" = ${input.kind}::"InvoiceKind")
    ) billable
     WHERE billable."feeRappen" > 0
     ORDER BY billable."lastName", billable."firstName", billable."memberId"`;
}

/** Whether any membership category of the season has a fee (otherwise a membership fee run has nothing to bill). */
export async function seasonHasMembershipFee(db: DbOrTx, seasonId: number): Promise<boolean> {
  const n = await db.membershipCategory.count({ where: { seasonId, feeRappen: { gt: 0 } } });
  return n > 0;
}

/** How many eligible members of a season (or of the given ones) already have an invoice of the kind. */
export async function countAlreadyBilled(
  db: DbOrTx,
  input: { seasonId: number; kind: FeeKind; memberIds: number[] | null },
): Promise<number> {
  const all = input.memberIds === null;
  const ids = input.memberIds ?? [];
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "invoices" i
     WHERE i."seasonId" = ${input.seasonId} AND i."kind" = ${input.kind}::"InvoiceKind"
       AND (${all}::boolean OR i."memberId" = ANY(${ids}::int[]))`;
  return Number(row?.n ?? 0);
}

/** Which of these member ids exist, and which of them have a membership (with parking permit) in the season. */
export function findMembershipsOf(db: DbOrTx, seasonId: number, memberIds: number[]) {
  return db.$queryRaw<{ memberId: number; parkingPermit: boolean | null }[]>`
    SELECT m."id" AS "memberId", ms."parkingPermit"
      FROM "members" m LEFT JOIN "memberships" ms ON ms."memberId" = m."id" AND ms."seasonId" = ${seasonId}
     WHERE m."id" = ANY(${memberIds}::int[])`;
}

export interface NewInvoiceLine {
  text: string;
  amountRappen: number;
}

export interface NewInvoiceRow {
  number: string;
  memberId: number;
  seasonId: number | null;
  title: string;
  invoiceDate: string;
  dueDate: string;
  totalRappen: number;
  reference: string;
  debtorName: string;
  street: string;
  houseNumber: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  /** positions 1, 2, … in this order */
  lines: NewInvoiceLine[];
}

export interface CreatedInvoice {
  id: number;
  memberId: number;
  number: string;
  /** the ids of its lines, in the order given */
  lineIds: number[];
}

/**
 * Inserts invoices with their lines, 1,000 invoices per statement. At most one fee invoice per
 * member, season and kind is the partial unique index `invoices_fee_once_key`: a fee invoice that
 * would be a second is skipped (ON CONFLICT DO NOTHING) and not returned. TICKETS and OTHER
 * invoices are not under that rule.
 */
export async function insertInvoices(
  db: DbOrTx,
  kind: InvoiceKindValue,
  rows: readonly NewInvoiceRow[],
  now: Date,
): Promise<CreatedInvoice[]> {
  const created: CreatedInvoice[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    const col = <K extends keyof NewInvoiceRow>(k: K) => batch.map((r) => r[k]);
    const inserted = await db.$queryRaw<{ id: number; memberId: number; number: string }[]>`
      INSERT INTO "invoices" ("number", "memberId", "seasonId", "kind", "title", "invoiceDate", "dueDate", "totalRappen",
                              "reference", "debtorName", "street", "houseNumber", "addressLine2", "postalCode", "city", "country",
                              "createdAt", "updatedAt")
      SELECT t."number", t."memberId", t."seasonId", ${kind}::"InvoiceKind", t."title", t."invoiceDate"::date, t."dueDate"::date,
             t."totalRappen", t."reference", t."debtorName", t."street", t."houseNumber", t."addressLine2", t."postalCode", t."city",
             t."country", ${now}, ${now}
        FROM unnest(${col('number')}::text[], ${col('memberId')}::int[], ${col('seasonId')}::int[], ${col('title')}::text[],
                    ${col('invoiceDate')}::text[], ${col('dueDate')}::text[], ${col('totalRappen')}::int[], ${col('reference')}::text[],
                    ${col('debtorName')}::text[], ${col('street')}::text[], ${col('houseNumber')}::text[], ${col('addressLine2')}::text[],
                    ${col('postalCode')}::text[], ${col('city')}::text[], ${col('country')}::text[])
          AS t("number", "memberId", "seasonId", "title", "invoiceDate", "dueDate", "totalRappen", "reference", "debtorName",
               "street", "houseNumber", "addressLine2", "postalCode", "city", "country")
      ON CONFLICT ("memberId", "seasonId", "kind") WHERE "kind" IN ('MEMBERSHIP_FEE', 'PARKING_FEE') DO NOTHING
      RETURNING "id", "memberId", "number"`;
    const byNumber = new Map(batch.map((r) => [r.number, r]));
    const lines = inserted.flatMap((r) =>
      byNumber
        .get(r.number)!
        .lines.map((l, index) => ({ invoiceId: Number(r.id), position: index + 1, text: l.text, amount: l.amountRappen })),
    );
    const lineIds = new Map<string, number>();
    if (lines.length) {
      const ids = await db.$queryRaw<{ id: number; invoiceId: number; position: number }[]>`
        INSERT INTO "invoice_lines" ("invoiceId", "position", "text", "amountRappen")
        SELECT t."invoiceId", t."position", t."text", t."amount"
          FROM unnest(${lines.map((l) => l.invoiceId)}::int[], ${lines.map((l) => l.position)}::int[], ${lines.map((l) => l.text)}::text[],
                      ${lines.map((l) => l.amount)}::int[])
            AS t("invoiceId", "position", "text", "amount")
        RETURNING "id", "invoiceId", "position"`;
      for (const l of ids) lineIds.set(`${l.invoiceId}:${l.position}`, Number(l.id));
    }
    created.push(
      ...inserted.map((r) => ({
        id: Number(r.id),
        memberId: Number(r.memberId),
        number: r.number,
        lineIds: byNumber.get(r.number)!.lines.map((_, index) => lineIds.get(`${r.id}:${index + 1}`)!),
      })),
    );
  }
  return created;
}

const invoiceInclude = {
  lines: { orderBy: { position: 'asc' as const } },
  reminders: { orderBy: { level: 'asc' as const } },
  season: { select: { name: true } },
  member: { select: { memberNumber: true } },
} as const;

/** A member's invoices, newest first; cancelled ones are left out (they stay for the books). */
export function findInvoicesOfMember(db: DbOrTx, memberId: number) {
  return db.invoice.findMany({
    where: { memberId, status: { not: 'CANCELLED' } },
    include: invoiceInclude,
    orderBy: [{ invoiceDate: 'desc' }, { id: 'desc' }],
  });
}

/** One invoice with lines and reminders; with memberId only that member's (another's is not found). */
export function findInvoice(db: DbOrTx, invoiceId: number, memberId?: number) {
  return db.invoice.findFirst({ where: { id: invoiceId, ...(memberId === undefined ? {} : { memberId }) }, include: invoiceInclude });
}
export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** Locks an invoice row of a member for a status change. */
export async function lockInvoice(db: DbOrTx, invoiceId: number, memberId: number) {
  const [row] = await db.$queryRaw<
    { id: number; status: InvoiceStatus; totalRappen: number; paidRappen: number; paidAt: Date | null; number: string }[]
  >`
    SELECT "id", "status"::text AS "status", "totalRappen", "paidRappen", "paidAt", "number" FROM "invoices"
     WHERE "id" = ${invoiceId} AND "memberId" = ${memberId} FOR UPDATE`;
  return row;
}

export interface InvoiceStateRow {
  id: number;
  status: InvoiceStatus;
  paidRappen: number;
  /** YYYY-MM-DD or null */
  paidAt: string | null;
}

/**
 * The one place an invoice's status is written (with what was paid on it), several invoices in
 * one statement; the states come from the transition rule (`nextInvoiceState`). Cancelling also
 * stamps `cancelledAt`.
 */
export async function writeInvoiceStates(db: DbOrTx, updates: readonly InvoiceStateRow[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  await db.$executeRaw`
    UPDATE "invoices" AS i
    SET "status" = v."status"::"InvoiceStatus", "paidRappen" = v."paid", "paidAt" = v."paidAt"::date, "updatedAt" = ${now},
        "cancelledAt" = CASE WHEN v."status" = 'CANCELLED' AND i."status" <> 'CANCELLED' THEN ${now} ELSE i."cancelledAt" END
    FROM unnest(${updates.map((u) => u.id)}::int[], ${updates.map((u) => u.status)}::text[], ${updates.map((u) => u.paidRappen)}::int[], ${updates.map((u) => u.paidAt)}::text[])
      AS v("id", "status", "paid", "paidAt")
    WHERE i."id" = v."id"`;
}

export interface DueReminderRow {
  invoiceId: number;
  memberId: number;
  number: string;
  title: string;
  email: string;
  firstName: string;
  lastName: string;
  openRappen: number;
  lastLevel: number;
  /** the reminder fee of the invoice's season (0: none, or an invoice without a season) */
  reminderFeeRappen: number;
}

/**
 * Open invoices whose (latest) due date has passed before `today`, that have not had all three
 * reminders, and whose last reminder is at least `minDays` old.
 */
export function findInvoicesDueForReminder(db: DbOrTx, today: string, minDays: number) {
  return db.$queryRaw<DueReminderRow[]>`
    SELECT i."id" AS "invoiceId", i."memberId", i."number", i."title", m."email", m."firstName", m."lastName",
           (i."totalRappen" - i."paidRappen")::int AS "openRappen", COALESCE(r."level", 0)::int AS "lastLevel",
           COALESCE(s."reminderFeeRappen", 0)::int AS "reminderFeeRappen"
      FROM "invoices" i
      JOIN "members" m ON m."id" = i."memberId"
      LEFT JOIN "seasons" s ON s."id" = i."seasonId"
      LEFT JOIN LATERAL (SELECT "level", "reminderDate", "dueDate" FROM "invoice_reminders"
                          WHERE "invoiceId" = i."id" ORDER BY "level" DESC LIMIT 1) r ON true
     WHERE i."status" = 'OPEN' AND i."totalRappen" > i."paidRappen"
       AND COALESCE(r."dueDate", i."dueDate") < ${today}::date
       AND COALESCE(r."level", 0) < 3
       AND (r."reminderDate" IS NULL OR r."reminderDate" <= ${today}::date - ${minDays}::int)
     ORDER BY i."id"`;
}

/** Inserts reminders; one per invoice and level (unique): a level already sent is skipped. */
export async function insertReminders(
  db: DbOrTx,
  rows: readonly { invoiceId: number; level: number; openRappen: number }[],
  reminderDate: string,
  dueDate: string,
  now: Date,
) {
  if (rows.length === 0) return [];
  return db.$queryRaw<{ invoiceId: number; level: number }[]>`
    INSERT INTO "invoice_reminders" ("invoiceId", "level", "reminderDate", "dueDate", "openRappen", "createdAt")
    SELECT t."invoiceId", t."level", ${reminderDate}::date, ${dueDate}::date, t."openRappen", ${now}
      FROM unnest(${rows.map((r) => r.invoiceId)}::int[], ${rows.map((r) => r.level)}::int[], ${rows.map((r) => r.openRappen)}::int[])
        AS t("invoiceId", "level", "openRappen")
    ON CONFLICT ("invoiceId", "level") DO NOTHING
    RETURNING "invoiceId", "level"`;
}

/**
 * Adds a reminder fee line at the end of each invoice and raises its total by the fee (the
 * invoice's total stays the sum of its lines).
 */
export async function addReminderFeeLines(db: DbOrTx, rows: readonly { invoiceId: number; text: string; feeRappen: number }[]) {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.invoiceId);
  const texts = rows.map((r) => r.text);
  const fees = rows.map((r) => r.feeRappen);
  await db.$executeRaw`
    INSERT INTO "invoice_lines" ("invoiceId", "position", "text", "amountRappen")
    SELECT t."invoiceId", (SELECT COALESCE(MAX(l."position"), 0) + 1 FROM "invoice_lines" l WHERE l."invoiceId" = t."invoiceId"), t."text", t."fee"
      FROM unnest(${ids}::int[], ${texts}::text[], ${fees}::int[]) AS t("invoiceId", "text", "fee")`;
  await db.$executeRaw`
    UPDATE "invoices" i SET "totalRappen" = i."totalRappen" + t."fee"
      FROM unnest(${ids}::int[], ${fees}::int[]) AS t("invoiceId", "fee")
     WHERE i."id" = t."invoiceId"`;
}

/** The season covering a day (the current one for accepting applications). */
export function findSeason(db: DbOrTx, seasonId: number) {
  return db.season.findUnique({ where: { id: seasonId } });
}

// --- demo data ------------------------------------------------------------------

export function listSeasonsOldestFirst(db: DbOrTx) {
  return db.season.findMany({ orderBy: { validFrom: 'asc' } });
}

export function findMemberIdByUsername(db: DbOrTx, username: string) {
  return db.member.findUnique({ where: { username }, select: { id: true } });
}

export function listMembershipFeeInvoices(db: DbOrTx) {
  return db.invoice.findMany({
    where: { kind: 'MEMBERSHIP_FEE' },
    select: { id: true, memberId: true, invoiceDate: true, totalRappen: true, seasonId: true },
  });
}
