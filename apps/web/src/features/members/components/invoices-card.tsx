import type { InvoiceSummary, MemberPayment } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatMoney } from '@/lib/format';
import { useCancelInvoice } from '../api/cancel-invoice';
import { adminMembersBase } from '../api/common';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';

interface InvoicesCardProps {
  memberId: number;
  invoices: readonly InvoiceSummary[];
  /** The payments booked on these invoices, shown under their invoice. */
  payments: readonly MemberPayment[];
}

/** Payments booked on one invoice: amount, booking date and the payer as the bank named them. */
function InvoicePayments({ payments }: { payments: readonly MemberPayment[] }) {
  if (payments.length === 0) return null;
  return (
    <ul className="small mb-0 ps-3" aria-label="Zahlungen">
      {payments.map((p) => (
        <li key={p.id} data-testid="invoice-payment">
          Zahlung {formatMoney(p.amount)}
          {p.bookingDate ? ` am ${formatDate(p.bookingDate)}` : ''}
          {p.debtorName ? ` von ${p.debtorName}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** One invoice: number, title, dates, total, payments, status, PDF and «Stornieren» while nothing is paid. */
function InvoiceItem({
  memberId,
  invoice,
  payments,
  cancelling,
  onCancel,
}: Omit<InvoicesCardProps, 'invoices'> & { invoice: InvoiceSummary; cancelling: boolean; onCancel: () => void }) {
  return (
    <li className="list-group-item px-0 d-flex flex-wrap flex-sm-nowrap justify-content-between gap-2">
      <span>
        <Link to={paths.adminInvoice.href(invoice.id)} className="fw-semibold" aria-label={`Rechnung ${invoice.number} mit Verlauf öffnen`}>
          {invoice.number}
        </Link>{' '}
        {invoice.title}
        <br />
        <span className="small">
          {formatDate(invoice.invoiceDate)}, fällig {formatDate(invoice.status === 'OPEN' ? invoice.currentDueDate : invoice.dueDate)}
          {invoice.status === 'OPEN' && invoice.currentDueDate !== invoice.dueDate ? ' (neue Frist der Mahnung)' : ''} ·{' '}
          {formatMoney(invoice.total)}
          {invoice.paidAt ? ` · bezahlt am ${formatDate(invoice.paidAt)}` : ''}
          {invoice.reminderLevel > 0 ? ` · ${invoice.reminderLevel}. Mahnstufe` : ''}
        </span>
        <InvoicePayments payments={payments.filter((p) => p.invoiceId === invoice.id)} />
      </span>
      <span className="d-flex align-items-center align-self-start flex-shrink-0 gap-2">
        <InvoiceStatusBadge status={invoice.status} />
        <a
          href={`${adminMembersBase}/${memberId}/invoices/${invoice.id}.pdf`}
          download
          aria-label={`Rechnung ${invoice.number} als PDF herunterladen`}
        >
          PDF
        </a>
        {invoice.status === 'OPEN' && invoice.paidAmount.amount === 0 ? (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={cancelling}
            aria-label={`Rechnung ${invoice.number} stornieren`}
            onClick={onCancel}
          >
            Stornieren
          </Button>
        ) : null}
      </span>
    </li>
  );
}

/** The member's invoices, newest first, each with its PDF and the payments booked on it. */
export function InvoicesCard({ memberId, invoices, payments }: InvoicesCardProps) {
  const sorted = [...invoices].sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate));
  const cancel = useCancelInvoice(memberId);
  const toast = useToast();
  const [asking, setAsking] = useState<InvoiceSummary | null>(null);
  const close = () => {
    cancel.reset();
    setAsking(null);
  };
  return (
    <SectionCard id="invoices" title="Rechnungen">
      {sorted.length === 0 ? (
        <p className="mb-0">Keine Rechnungen.</p>
      ) : (
        <ul className="list-group list-group-flush">
          {sorted.map((invoice) => (
            <InvoiceItem
              key={invoice.id}
              memberId={memberId}
              invoice={invoice}
              payments={payments}
              cancelling={cancel.isPending}
              onCancel={() => setAsking(invoice)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={asking !== null}
        title="Rechnung stornieren?"
        confirmLabel="Stornieren"
        pending={cancel.isPending}
        error={cancel.isError ? cancel.error : undefined}
        onConfirm={() =>
          asking
            ? cancel.mutate(asking.id, { onSuccess: () => (close(), toast.success(`Rechnung ${asking.number} storniert.`)) })
            : undefined
        }
        onCancel={close}
      >
        {asking ? (
          <p className="mb-0">
            Rechnung {asking.number} ({formatMoney(asking.total)}) stornieren? Sie bleibt für die Buchhaltung erhalten.
          </p>
        ) : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
