import type { InvoiceOverviewItem } from '@club/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { KIND_LABEL, REMINDER_LABEL, openAmount } from '../lib/labels';

/** A cell with its label (shown before it on a phone); one wrapper, so the label sits beside all of it. */
function Cell({ label, className, children }: { label: string; className?: string | undefined; children: ReactNode }) {
  return (
    <td data-label={label} className={className}>
      <div>{children}</div>
    </td>
  );
}

interface InvoiceTableProps {
  invoices: readonly InvoiceOverviewItem[];
  /** the invoice whose PDF is on its way */
  downloadingId: number | null;
  onPdf: (invoice: InvoiceOverviewItem) => void;
  onPay: (invoice: InvoiceOverviewItem) => void;
  onCancel: (invoice: InvoiceOverviewItem) => void;
}

/** PDF for every invoice; «Zahlung» and «Stornieren» while it is open. */
function InvoiceActions({
  invoice,
  downloading,
  onPdf,
  onPay,
  onCancel,
}: Omit<InvoiceTableProps, 'invoices' | 'downloadingId'> & { invoice: InvoiceOverviewItem; downloading: boolean }) {
  return (
    <div className="d-flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={downloading}
        aria-label={`Rechnung ${invoice.number} als PDF herunterladen`}
        onClick={() => onPdf(invoice)}
      >
        PDF
      </button>
      {invoice.status === 'OPEN' ? (
        <>
          <button
            type="button"
            className="btn btn-sm btn-outline-success"
            aria-label={`Zahlung für Rechnung ${invoice.number} erfassen`}
            onClick={() => onPay(invoice)}
          >
            Zahlung
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={`Rechnung ${invoice.number} stornieren`}
            onClick={() => onCancel(invoice)}
          >
            Stornieren
          </button>
        </>
      ) : null}
    </div>
  );
}

/**
 * The invoices of one page. A table from tablet width up; on a phone every row becomes a card
 * (payments.css), each cell with its label, so nothing scrolls sideways.
 */
export function InvoiceTable({ invoices, downloadingId, onPdf, onPay, onCancel }: InvoiceTableProps) {
  return (
    <table className="table align-middle invoice-table">
      <caption className="visually-hidden">Rechnungen</caption>
      <thead>
        <tr>
          <th scope="col">Nummer</th>
          <th scope="col">Mitglied</th>
          <th scope="col">Titel</th>
          <th scope="col">Fällig am</th>
          <th scope="col" className="text-md-end">
            Betrag
          </th>
          <th scope="col" className="text-md-end">
            Offen
          </th>
          <th scope="col">Status</th>
          <th scope="col">Aktionen</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => {
          const open = invoice.status === 'OPEN';
          return (
            <tr key={invoice.id} data-invoice-number={invoice.number}>
              <Cell label="Nummer" className="text-nowrap fw-semibold">
                <Link to={paths.adminInvoice.href(invoice.id)} aria-label={`Rechnung ${invoice.number} mit Verlauf öffnen`}>
                  {invoice.number}
                </Link>
              </Cell>
              <Cell label="Mitglied">{invoice.memberName}</Cell>
              <Cell label="Titel">
                {invoice.title}
                <span className="d-block small text-body-secondary">
                  {KIND_LABEL[invoice.kind]}
                  {invoice.seasonName ? ` ${invoice.seasonName}` : ''} · vom {formatDate(invoice.invoiceDate)}
                </span>
              </Cell>
              <Cell label="Fällig am" className={invoice.overdue ? 'text-danger fw-semibold' : undefined}>
                {formatDate(open ? invoice.currentDueDate : invoice.dueDate)}
                {open && invoice.currentDueDate !== invoice.dueDate ? (
                  <span className="d-block small fw-normal">neue Frist der Mahnung (Rechnung: {formatDate(invoice.dueDate)})</span>
                ) : null}
                {invoice.overdue ? <span className="d-block small">überfällig</span> : null}
              </Cell>
              <Cell label="Betrag" className="text-md-end text-nowrap">
                {formatMoney(invoice.total)}
              </Cell>
              <Cell label="Offen" className="text-md-end text-nowrap">
                {open ? formatMoney(openAmount(invoice)) : '–'}
              </Cell>
              <Cell label="Status">
                <InvoiceStatusBadge status={invoice.status} />
                {invoice.paidAt ? <span className="d-block small">am {formatDate(invoice.paidAt)}</span> : null}
                {invoice.reminderLevel > 0 && open ? <span className="d-block small">{REMINDER_LABEL[invoice.reminderLevel]}</span> : null}
              </Cell>
              <Cell label="Aktionen">
                <InvoiceActions
                  invoice={invoice}
                  downloading={downloadingId === invoice.id}
                  onPdf={onPdf}
                  onPay={onPay}
                  onCancel={onCancel}
                />
              </Cell>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
