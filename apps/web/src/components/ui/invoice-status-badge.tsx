import { INVOICE_STATUS_LABEL, type InvoiceStatus } from '@club/contract';

const BADGE: Record<InvoiceStatus, string> = {
  OPEN: 'text-bg-warning',
  PAID: 'text-bg-success',
  CANCELLED: 'text-bg-secondary',
};

/** An invoice's status as a badge: the contract's German word, the same colour on every screen. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge ${BADGE[status]}`}>{INVOICE_STATUS_LABEL[status]}</span>;
}
