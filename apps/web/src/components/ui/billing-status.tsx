import type { InvoiceStatus } from '@club/contract';
import { formatDateTime } from '@/lib/format';

/**
 * Where the money of a reservation or an event place stands: «offen» (not billed yet, or its
 * invoice was cancelled and it waits for the next billing run), «verrechnet» (on an invoice that
 * is still open), «bezahlt»; and «ausgegeben» once the tickets or places were handed over.
 */
export function billingLabel(invoiceStatus: InvoiceStatus | null): { text: string; hint: string; badge: string } {
  if (invoiceStatus === 'PAID') return { text: 'bezahlt', hint: 'Die Rechnung ist bezahlt.', badge: 'text-bg-success' };
  if (invoiceStatus === 'OPEN') return { text: 'verrechnet', hint: 'Die Rechnung ist noch offen.', badge: 'text-bg-warning' };
  return { text: 'offen', hint: 'Noch nicht verrechnet.', badge: 'text-bg-light border' };
}

export function BillingStatus({ invoiceStatus, handedOverAt }: { invoiceStatus: InvoiceStatus | null; handedOverAt: string | null }) {
  const label = billingLabel(invoiceStatus);
  return (
    <span className="d-inline-flex flex-wrap gap-1 align-items-center">
      <span className={`badge ${label.badge}`} title={label.hint}>
        {label.text}
        <span className="visually-hidden">: {label.hint}</span>
      </span>
      {handedOverAt ? (
        <span className="badge text-bg-info" title={`Ausgegeben am ${formatDateTime(handedOverAt)}`}>
          ausgegeben<span className="visually-hidden"> am {formatDateTime(handedOverAt)}</span>
        </span>
      ) : null}
    </span>
  );
}
