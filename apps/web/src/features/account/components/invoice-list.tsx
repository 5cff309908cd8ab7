import type { InvoiceStatus, InvoiceSummary } from '@club/contract';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDate, formatMoney, todayInZurich } from '@/lib/format';
import { useDownloadInvoice } from '../api/download-invoice';

const statusLabel: Record<InvoiceStatus, { text: string; className: string }> = {
  OPEN: { text: 'Offen', className: 'text-bg-warning' },
  PAID: { text: 'Bezahlt', className: 'text-bg-success' },
  CANCELLED: { text: 'Storniert', className: 'text-bg-secondary' },
};

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
        <div className="table-responsive">
          <table className="table table-striped align-middle">
            <thead>
              <tr>
                <th scope="col">Nummer</th>
                <th scope="col">Titel</th>
                <th scope="col">Datum</th>
                <th scope="col">Fällig am</th>
                <th scope="col" className="text-end">
                  Betrag
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((invoice) => {
                const status = statusLabel[invoice.status];
                const busy = download.isPending && download.variables.id === invoice.id;
                return (
                  <tr key={invoice.id}>
                    <td className="text-nowrap">{invoice.number}</td>
                    <td>{invoice.title}</td>
                    <td>{formatDate(invoice.invoiceDate)}</td>
                    <td>{formatDate(invoice.dueDate)}</td>
                    <td className="text-end text-nowrap">{formatMoney(invoice.total)}</td>
                    <td>
                      <span className={`badge ${status.className}`}>{status.text}</span>
                      {invoice.status === 'OPEN' && invoice.dueDate < today ? (
                        <span className="badge text-bg-danger ms-1">Überfällig</span>
                      ) : null}
                      {invoice.paidAt ? <div className="small">am {formatDate(invoice.paidAt)}</div> : null}
                      {invoice.status === 'OPEN' && invoice.reminderLevel > 0 ? (
                        <div className="small">{invoice.reminderLevel}. Mahnstufe</div>
                      ) : null}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary text-nowrap"
                        onClick={() => download.mutate({ id: invoice.id, number: invoice.number })}
                        disabled={busy}
                        aria-label={`Rechnung ${invoice.number} als PDF herunterladen`}
                      >
                        {busy ? <LoadingSpinner size="sm" label="Wird heruntergeladen…" /> : 'PDF'}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
