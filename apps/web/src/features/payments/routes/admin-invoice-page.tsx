import { formatReference, type InvoiceDetail } from '@club/contract';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner, PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { loadBoardQueries, positiveId, type ScreenLoader } from '@/lib/loaders';
import { useUndoCreditDecision } from '../api/book-credit';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { invoiceQueryOptions, useInvoice } from '../api/get-invoice';
import { CancelInvoiceDialog } from '../components/cancel-invoice-dialog';
import { InvoiceHistory, type HistoryUndo } from '../components/invoice-history';
import { RecordPaymentDialog } from '../components/record-payment-dialog';
import { KIND_LABEL, REMINDER_LABEL } from '../lib/labels';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import '../payments.css';

function BackLink() {
  return (
    <p className="mb-2">
      <Link to={paths.adminInvoices.href()}>‹ Zurück zur Rechnungsübersicht</Link>
    </p>
  );
}

/** Number, member, dates, sums and status of the invoice, with what the board can do with it. */
function InvoiceFacts({ invoice, actions }: { invoice: InvoiceDetail; actions: ReactNode }) {
  const open = invoice.status === 'OPEN';
  const reminded = invoice.reminderLevel > 0;
  const fact = (term: string, value: ReactNode) => (
    <div className="row g-1 mb-1">
      <dt className="col-6 col-sm-5 fw-semibold">{term}</dt>
      <dd className="col-6 col-sm-7 mb-0 text-break">{value}</dd>
    </div>
  );
  return (
    <SectionCard id="invoice-facts" title="Übersicht">
      <dl className="mb-3">
        {fact(
          'Status',
          <>
            <InvoiceStatusBadge status={invoice.status} />
            {invoice.paidAt ? ` am ${formatDate(invoice.paidAt)}` : ''}
            {invoice.overdue ? <span className="text-danger fw-semibold"> überfällig</span> : null}
          </>,
        )}
        {fact('Mitglied', <Link to={paths.memberAdmin.href(invoice.memberId)}>{invoice.memberName}</Link>)}
        {invoice.debtorName !== invoice.memberName ? fact('Rechnung an', invoice.debtorName) : null}
        {fact('Art', `${KIND_LABEL[invoice.kind]}${invoice.seasonName ? ` ${invoice.seasonName}` : ''}`)}
        {fact('Datum', formatDate(invoice.invoiceDate))}
        {fact('Fällig am', formatDate(invoice.dueDate))}
        {reminded
          ? fact('Frist der Mahnung', `${formatDate(invoice.currentDueDate)} (${REMINDER_LABEL[invoice.reminderLevel] ?? 'Mahnung'})`)
          : null}
        {fact('Betrag', formatMoney(invoice.total))}
        {fact('Bezahlt', formatMoney(invoice.paidAmount))}
        {fact('Offen', open ? formatMoney(invoice.openAmount) : '–')}
        {fact('Referenz', <span className="font-monospace small">{formatReference(invoice.reference)}</span>)}
      </dl>
      <div className="d-flex flex-wrap gap-2">{actions}</div>
    </SectionCard>
  );
}

function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <SectionCard id="invoice-lines" title="Positionen">
      <table className="table mb-0">
        <caption className="visually-hidden">Positionen der Rechnung {invoice.number}</caption>
        <thead>
          <tr>
            <th scope="col">Text</th>
            <th scope="col" className="text-end">
              Betrag
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <tr key={i}>
              <td className="text-break">{line.text}</td>
              <td className="text-end text-nowrap">{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="text-end text-nowrap fw-semibold">{formatMoney(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>
    </SectionCard>
  );
}

/** `/admin/invoices/{id}`: one invoice with its lines, its sums and its history. */
export default function AdminInvoicePage() {
  const id = positiveId(useParams().id) ?? 0;
  const valid = id > 0;
  const detail = useInvoice(id, valid);

  if (!valid || (isApiError(detail.error) && detail.error.status === 404)) {
    return (
      <>
        <BackLink />
        <PageHeader title="Rechnung nicht gefunden" intro="Diese Rechnung gibt es nicht." />
      </>
    );
  }
  if (detail.isPending) {
    return (
      <>
        <BackLink />
        <PageHeader title="Rechnung" />
        <PageSpinner label="Rechnung wird geladen…" />
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        <BackLink />
        <PageHeader title="Rechnung" />
        <ErrorAlert error={detail.error} title="Die Rechnung konnte nicht geladen werden." />
      </>
    );
  }
  return <InvoiceScreen invoice={detail.data} fetching={detail.isFetching} />;
}

/** The loaded invoice: its facts with the board's actions, its lines, its history, and the dialogs they open. */
function InvoiceScreen({ invoice, fetching }: { invoice: InvoiceDetail; fetching: boolean }) {
  const pdf = useDownloadInvoicePdf();
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [undoing, setUndoing] = useState<HistoryUndo | null>(null);
  const open = invoice.status === 'OPEN';
  const actions = (
    <>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={pdf.isPending}
        onClick={() => pdf.mutate({ memberId: invoice.memberId, id: invoice.id, number: invoice.number })}
      >
        Rechnung als PDF
      </button>
      {open ? (
        <button type="button" className="btn btn-outline-success" onClick={() => setPaying(true)}>
          Zahlung erfassen
        </button>
      ) : null}
      {open && invoice.paidAmount.amount === 0 ? (
        <button type="button" className="btn btn-outline-danger" onClick={() => setCancelling(true)}>
          Stornieren
        </button>
      ) : null}
    </>
  );

  return (
    <>
      <BackLink />
      <PageHeader title={`Rechnung ${invoice.number}`} intro={invoice.title}>
        {fetching ? <LoadingSpinner size="sm" label="Wird aktualisiert…" /> : null}
      </PageHeader>
      {pdf.isError ? <ErrorAlert error={pdf.error} title="Das PDF konnte nicht heruntergeladen werden." /> : null}
      <div className="row g-4">
        <div className="col-lg-6">
          <InvoiceFacts invoice={invoice} actions={actions} />
        </div>
        <div className="col-lg-6">
          <InvoiceLines invoice={invoice} />
        </div>
        <div className="col-12">
          <SectionCard id="invoice-history" title="Verlauf">
            <InvoiceHistory entries={invoice.history} onUndo={setUndoing} />
          </SectionCard>
        </div>
      </div>

      {paying ? <RecordPaymentDialog invoice={invoice} onClose={() => setPaying(false)} /> : null}
      <CancelInvoiceDialog invoice={cancelling ? invoice : null} onClose={() => setCancelling(false)} />
      <UndoCreditDialog undoing={undoing} onClose={() => setUndoing(null)} />
    </>
  );
}

/** «Rückgängig machen?» for a credit booking or decision chosen in the history (closed while it is null). */
function UndoCreditDialog({ undoing, onClose }: { undoing: HistoryUndo | null; onClose: () => void }) {
  const undo = useUndoCreditDecision();
  const toast = useToast();
  return (
    <ConfirmDialog
      show={undoing !== null}
      title="Rückgängig machen?"
      confirmLabel="Rückgängig machen"
      variant="primary"
      pending={undo.isPending}
      error={undo.error}
      onCancel={() => {
        undo.reset();
        onClose();
      }}
      onConfirm={() =>
        undoing
          ? undo.mutate(
              { paymentId: undoing.paymentId },
              {
                onSuccess: () => {
                  toast.success('Rückgängig gemacht; die Gutschrift steht wieder zur Prüfung in der Rechnungsübersicht.');
                  onClose();
                },
              },
            )
          : undefined
      }
    >
      <p className="mb-0">
        {undoing ? `Sie machen ${undoing.what} rückgängig.` : ''} Die Gutschrift steht danach wieder in der Liste zur Prüfung.
      </p>
    </ConfirmDialog>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id ? [queryClient.ensureQueryData(invoiceQueryOptions(id))] : [];
});
