import type { InvoiceSummary } from '@club/contract';
import { ErrorAlert } from '@/components/ui/error-alert';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDate, formatMoney, todayInZurich } from '@/lib/format';
import { useDownloadInvoice } from '../api/download-invoice';

/** The member's invoices as cards (like the reservations), newest first, each with its PDF; nothing scrolls sideways on a phone. */
export function InvoiceList({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  const download = useDownloadInvoice();
  const sorted = [...invoices].sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate));
  const today = todayInZurich();
  return (
    <section aria-labelledby="invoices-heading" className="mt-4">
      <h2 id="invoices-heading" className="h4">
        Rechnungen
      </h2>
      {download.isError ? <ErrorAlert error={download.error} title="Die Rechnung konnte nicht heruntergeladen werden." /> : null}
      {sorted.length === 0 ? (
        <p>Keine Rechnungen.</p>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3">
          {sorted.map((invoice) => {
            const busy = download.isPending && download.variables.id === invoice.id;
            const open = invoice.status === 'OPEN';
            const extended = open && invoice.currentDueDate !== invoice.dueDate;
            return (
              <li key={invoice.id} className="col" data-testid="invoice-card">
                <article className="card h-100" aria-labelledby={`invoice-${invoice.id}`}>
                  <div className="card-body d-flex flex-column">
                    <h3 id={`invoice-${invoice.id}`} className="h6 mb-1">
                      {invoice.title}
                    </h3>
                    <p className="small text-body-secondary mb-2">Rechnung {invoice.number}</p>
                    <dl className="reservation-facts mb-3">
                      <dt>Datum</dt>
                      <dd>{formatDate(invoice.invoiceDate)}</dd>
                      <dt>Fällig am</dt>
                      <dd>
                        {formatDate(open ? invoice.currentDueDate : invoice.dueDate)}
                        {extended ? (
                          <span className="d-block small fw-normal">neue Frist der {invoice.reminderLevel}. Mahnstufe</span>
                        ) : null}
                      </dd>
                      <dt>Betrag</dt>
                      <dd>{formatMoney(invoice.total)}</dd>
                      <dt>Status</dt>
                      <dd>
                        <InvoiceStatusBadge status={invoice.status} />
                        {open && invoice.currentDueDate < today ? <span className="badge text-bg-danger ms-1">Überfällig</span> : null}
                        {invoice.paidAt ? <span className="d-block small fw-normal">am {formatDate(invoice.paidAt)}</span> : null}
                        {open && invoice.reminderLevel > 0 && !extended ? (
                          <span className="d-block small fw-normal">{invoice.reminderLevel}. Mahnstufe</span>
                        ) : null}
                      </dd>
                    </dl>
                    <button
                      type="button"
                      className="btn btn-outline-primary mt-auto align-self-start"
                      onClick={() => download.mutate({ id: invoice.id, number: invoice.number })}
                      disabled={busy}
                      aria-label={`Rechnung ${invoice.number} als PDF herunterladen`}
                    >
                      {busy ? <LoadingSpinner size="sm" label="Wird heruntergeladen…" /> : 'PDF herunterladen'}
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
