import type { Prisma } from '../generated/prisma/client.ts';
import type { DbOrTx } from './ctx.ts';

export async function insertAuditEntry(
  db: DbOrTx,
  row: { actorId: number | null; action: string; entity: string; entityId: string; data: Record<string, unknown>; createdAt: Date },
): Promise<void> {
  await db.auditLog.create({ data: { ...row, data: row.data as Prisma.InputJsonValue } });
}
