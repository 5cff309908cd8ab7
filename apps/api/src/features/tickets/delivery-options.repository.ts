import type { DbOrTx } from '../../lib/ctx.ts';

/** Delivery options: the board's list, a group's offer and the options of a game on the read path. */

export function listDeliveryOptionsWithUsage(db: DbOrTx) {
  return db.deliveryOption.findMany({
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    include: { _count: { select: { gameGroups: true, reservations: true } } },
  });
}
export type DeliveryOptionUsageRow = Awaited<ReturnType<typeof listDeliveryOptionsWithUsage>>[number];

export function findDeliveryOption(db: DbOrTx, id: number) {
  return db.deliveryOption.findUnique({
    where: { id },
    include: { _count: { select: { gameGroups: true, reservations: true } } },
  });
}

export function findDeliveryOptionByName(db: DbOrTx, name: string) {
  return db.deliveryOption.findFirst({ where: { name: { equals: name, mode: 'insensitive' } } });
}

export function findDeliveryOptionsByIds(db: DbOrTx, ids: number[]) {
  return db.deliveryOption.findMany({ where: { id: { in: ids } }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

/** The options a group offers, by name. */
export function listDeliveryOptionsOfGroup(db: DbOrTx, gameGroupId: number) {
  return db.deliveryOption.findMany({ where: { gameGroups: { some: { gameGroupId } } }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

export function insertDeliveryOption(db: DbOrTx, data: { name: string; feeRappen: number }, createdAt: Date) {
  return db.deliveryOption.create({ data: { ...data, createdAt } });
}

export function updateDeliveryOptionRow(db: DbOrTx, id: number, data: { name: string; feeRappen: number }) {
  return db.deliveryOption.update({ where: { id }, data });
}

/** Locks the option row against concurrent use (a reservation takes a key-share lock on it). */
export async function lockDeliveryOption(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "delivery_options" WHERE "id" = ${id} FOR UPDATE`;
  return rows.length > 0;
}

export function deleteDeliveryOptionRow(db: DbOrTx, id: number) {
  return db.deliveryOption.delete({ where: { id } });
}

/** The delivery options a game's group offers, by name, in one statement; null when the game does not exist. */
export async function readGameDeliveryOptions(
  db: DbOrTx,
  gameId: number,
): Promise<{ id: number; name: string; feeRappen: number }[] | null> {
  const rows = await db.$queryRaw<{ id: number | null; name: string | null; feeRappen: number | null }[]>`
    SELECT o."id", o."name", o."feeRappen"
    FROM "games" g
    LEFT JOIN "game_group_delivery_options" x ON x."gameGroupId" = g."gameGroupId"
    LEFT JOIN "delivery_options" o ON o."id" = x."deliveryOptionId"
    WHERE g."id" = ${gameId}
    ORDER BY o."name", o."id"`;
  if (rows.length === 0) return null;
  return rows.flatMap((r) => (r.id === null || r.name === null ? [] : [{ id: r.id, name: r.name, feeRappen: r.feeRappen ?? 0 }]));
}
