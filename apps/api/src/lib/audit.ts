import { insertAuditEntry } from './audit.repository.ts';
import type { Ctx } from './ctx.ts';

export interface AuditEntry {
  /** What happened, `<entity>.<past participle>`: 'candidate.accepted'. */
  action: string;
  entity: string;
  entityId: string | number;
  data?: Record<string, unknown>;
}

/** One audit_log row for a change by the board, written in the change's transaction (docs/feature-guide.md). */
export async function writeAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(ctx.db, {
    actorId: ctx.actor?.memberId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    data: entry.data ?? {},
    createdAt: ctx.now,
  });
}
