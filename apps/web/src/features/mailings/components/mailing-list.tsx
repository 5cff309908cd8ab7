import type { Mailing } from '@club/contract';
import { formatDateTime, formatNumber } from '@/lib/format';

/** The mailings sent, newest first: subject, group, sender and time, and how many mails are out. */
export function MailingList({ mailings }: { mailings: readonly Mailing[] }) {
  if (mailings.length === 0) return <p className="text-body-secondary">Es wurden noch keine Mails an Gruppen gesendet.</p>;
  return (
    <ul className="list-group">
      {mailings.map((m) => {
        const waiting = m.recipients - m.sent - m.failed;
        return (
          <li key={m.id} className="list-group-item py-3">
            <div className="d-flex flex-wrap align-items-start gap-2">
              <div className="me-auto" style={{ minWidth: 0 }}>
                <p className="fw-semibold mb-0 text-break">{m.subject}</p>
                <p className="small mb-0 text-break">An: {m.groupLabel}</p>
                <p className="small text-body-secondary mb-0">
                  {formatDateTime(m.createdAt)} · {m.senderName}
                  {m.attachmentName ? ` · Anhang: ${m.attachmentName}` : ''}
                </p>
              </div>
              <div className="d-flex flex-wrap gap-1 small">
                <span className="badge text-bg-success">
                  {formatNumber(m.sent)} von {formatNumber(m.recipients)} versendet
                </span>
                {m.failed > 0 ? <span className="badge text-bg-danger">{formatNumber(m.failed)} fehlgeschlagen</span> : null}
                {waiting > 0 ? <span className="badge text-bg-secondary">{formatNumber(waiting)} wartend</span> : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
