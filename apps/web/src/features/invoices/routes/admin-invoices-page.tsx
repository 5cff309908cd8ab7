import type { InvoiceOverviewItem } from '@club/contract';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner, PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { invoicesQueryOptions, useInvoices, type InvoiceFilter } from '../api/get-invoices';
import { unmatchedCreditsQueryOptions } from '../api/get-unmatched-credits';
import { filterOf, paramsOf } from '../lib/filter-params';
import { seasonsQueryOptions, useSeasons } from '@/lib/seasons';
import { CamtImport } from '../components/camt-import';
import { CancelInvoiceDialog } from '../components/cancel-invoice-dialog';
import { InvoiceFilters } from '../components/invoice-filters';
import { InvoiceTable } from '../components/invoice-table';
import { InvoiceTotals } from '../components/invoice-totals';
import { RecordPaymentDialog } from '../components/record-payment-dialog';
import { ReminderRun } from '../components/reminder-run';
import { UnmatchedCredits } from '../components/unmatched-credits';
import '../invoices.css';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';

export default function AdminInvoicesPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const invoices = useInvoices({ ...filter, q: filter.q.trim() });
  const seasons = useSeasons();
  const pdf = useDownloadInvoicePdf();
  const [paying, setPaying] = useState<InvoiceOverviewItem | null>(null);
  const [cancelling, setCancelling] = useState<InvoiceOverviewItem | null>(null);

  const change = useCallback(
    (next: Partial<InvoiceFilter>) =>
      setParams((current) => paramsOf({ ...filterOf(current), ...next, page: next.page ?? 1 }), { replace: 'q' in next }),
    [setParams],
  );

  return (
    <>
      <PageHeader
        title="Rechnungsübersicht"
        intro="Alle Rechnungen des Vereins mit Status, Fälligkeit und Betrag; Zahlungen erfassen, von der Bank einlesen und Gutschriften ohne Referenz zuordnen."
      />

      <CamtImport />

      <UnmatchedCredits />

      <InvoiceFilters filter={filter} seasons={seasons.data ?? []} onChange={change} />

      {invoices.isPending ? (
        <PageSpinner label="Rechnungen werden geladen…" />
      ) : invoices.isError ? (
        <ErrorAlert error={invoices.error} title="Die Rechnungen konnten nicht geladen werden." />
      ) : (
        <section aria-labelledby="invoices-heading" aria-busy={invoices.isFetching}>
          <InvoiceTotals totals={invoices.data.totals} count={invoices.data.page.total} />
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h2 id="invoices-heading" className="h5 mb-0 me-auto">
              Rechnungen
            </h2>
            {invoices.isFetching ? <LoadingSpinner size="sm" label="Wird aktualisiert…" /> : null}
            <ReminderRun overdueCount={invoices.data.totals.overdueCount} />
          </div>
          {pdf.isError ? <ErrorAlert error={pdf.error} title="Das PDF konnte nicht heruntergeladen werden." /> : null}
          {invoices.data.invoices.length === 0 ? (
            <p>Keine Rechnungen für diesen Filter.</p>
          ) : (
            <InvoiceTable
              invoices={invoices.data.invoices}
              downloadingId={pdf.isPending ? pdf.variables.id : null}
              onPdf={(invoice) => pdf.mutate({ memberId: invoice.memberId, id: invoice.id, number: invoice.number })}
              onPay={setPaying}
              onCancel={setCancelling}
            />
          )}
          <Pager
            label="Seiten der Rechnungsliste"
            page={invoices.data.page.page}
            totalPages={invoices.data.page.totalPages}
            onPage={(page) => change({ page })}
          />
        </section>
      )}

      {paying ? <RecordPaymentDialog key={paying.id} invoice={paying} onClose={() => setPaying(null)} /> : null}
      <CancelInvoiceDialog invoice={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { search }) => {
  const filter = filterOf(search);
  return [
    queryClient.ensureQueryData(invoicesQueryOptions({ ...filter, q: filter.q.trim() })),
    queryClient.ensureQueryData(seasonsQueryOptions()),
    queryClient.ensureQueryData(unmatchedCreditsQueryOptions(1)),
  ];
});
