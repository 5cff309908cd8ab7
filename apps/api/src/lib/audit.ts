import type { Prisma } from '../generated/prisma/client.ts';
import type { Ctx } from './ctx.ts';

export interface AuditEntry {
  /** What happened, `<entity>.<past participle>`: 'candidate.accepted'. */
  action: string;
  entity: string;
  entityId: string | number;
  data?: Record<string, unknown>;
}

/** One audit_log row for a change by the board, written in the change's transaction (STYLE.md §3). */
export async function writeAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await ctx.db.auditLog.create({
    data: {
      actorId: ctx.actor?.memberId ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      data: (entry.data ?? {}) as Prisma.InputJsonValue,
      createdAt: ctx.now,
    },
  });
}
