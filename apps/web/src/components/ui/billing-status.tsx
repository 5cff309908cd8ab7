import { INVOICE_STATUS_LABEL, type InvoiceStatus, type PaymentMode } from '@club/contract';
import { formatDateTime } from '@/lib/format';
import { PAYMENT_MODE_HINT, PAYMENT_MODE_TEXT } from '@/lib/payment-mode';

/**
 * Where the money of a reservation or an event place stands: «Offen» (not billed yet, or its
 * invoice was cancelled and it waits for the next billing run), «Verrechnet» (on an invoice that
 * is still open), «Bezahlt» (the invoice badge's word), or «Kostenlos» when there is nothing to pay
 * (no invoice is ever issued); and «Ausgegeben» once the tickets or places were handed over.
 * Written with a capital like the invoice status badges.
 */
export function billingLabel(
  invoiceStatus: InvoiceStatus | null,
  free = false,
  paymentMode?: PaymentMode,
): { text: string; hint: string; badge: string } {
  if (free) return { text: 'Kostenlos', hint: 'Es ist nichts zu bezahlen.', badge: 'text-bg-light border' };
  // Paid on site: never invoiced (an invoice that exists from before still decides).
  if (paymentMode === 'ON_SITE' && invoiceStatus === null) {
    return { text: PAYMENT_MODE_TEXT.ON_SITE, hint: PAYMENT_MODE_HINT.ON_SITE, badge: 'text-bg-light border' };
  }
  if (invoiceStatus === 'PAID') return { text: INVOICE_STATUS_LABEL.PAID, hint: 'Die Rechnung ist bezahlt.', badge: 'text-bg-success' };
  if (invoiceStatus === 'OPEN') return { text: 'Verrechnet', hint: 'Die Rechnung ist noch offen.', badge: 'text-bg-warning' };
  if (paymentMode === 'INVOICE') return { text: PAYMENT_MODE_TEXT.INVOICE, hint: PAYMENT_MODE_HINT.INVOICE, badge: 'text-bg-light border' };
  return { text: 'Offen', hint: 'Noch nicht verrechnet.', badge: 'text-bg-light border' };
}

export function BillingStatus({
  invoiceStatus,
  handedOverAt,
  free = false,
  paymentMode,
}: {
  invoiceStatus: InvoiceStatus | null;
  handedOverAt: string | null;
  /** nothing to pay: the price and any delivery fee are 0 */
  free?: boolean;
  /** how it is paid: before billing it says «Rechnung folgt» or «zahlbar vor Ort» */
  paymentMode?: PaymentMode;
}) {
  const label = billingLabel(invoiceStatus, free, paymentMode);
  return (
    <span className="d-inline-flex flex-wrap gap-1 align-items-center">
      <span className={`badge ${label.badge}`} title={label.hint}>
        {label.text}
        <span className="visually-hidden">: {label.hint}</span>
      </span>
      {handedOverAt ? (
        <span className="badge text-bg-info" title={`Ausgegeben am ${formatDateTime(handedOverAt)}`}>
          Ausgegeben<span className="visually-hidden"> am {formatDateTime(handedOverAt)}</span>
        </span>
      ) : null}
    </span>
  );
}
