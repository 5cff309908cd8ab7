import type { AuditEntry } from '@club/contract';
import { formatDateTime } from '@/lib/format';
import { actionLabel, fieldLabel, valueText } from '../lib/audit-labels';
import { SectionCard } from '@/components/ui/section-card';

/** Every recorded change about the member, newest first: when, who, what (before → after). */
export function AuditLogCard({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <SectionCard id="audit" title="Änderungsprotokoll">
      {entries.length === 0 ? (
        <p className="mb-0">Noch keine Änderungen erfasst.</p>
      ) : (
        <ol className="list-unstyled mb-0 audit-log">
          {entries.map((entry) => (
            <li key={entry.id} className="border-bottom py-2">
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <span className="fw-semibold">{actionLabel(entry.action)}</span>
                <span className="small text-body-secondary">
                  {formatDateTime(entry.createdAt)} · {entry.actor ? entry.actor.name : 'System'}
                </span>
              </div>
              {entry.changes.length ? (
                <ul className="small mb-0 ps-3">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      {fieldLabel(change.field)}: <span className="text-body-secondary">{valueText(change.field, change.before)}</span> →{' '}
                      <span>{valueText(change.field, change.after)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
