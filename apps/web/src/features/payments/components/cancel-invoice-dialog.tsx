import type { InvoiceOverviewItem } from '@club/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { formatMoney } from '@/lib/format';
import { useCancelInvoice } from '../api/cancel-invoice';

/** What the question names: the invoice's number, member and total. */
export type CancellableInvoice = Pick<InvoiceOverviewItem, 'id' | 'memberId' | 'number' | 'memberName' | 'total'>;

/**
 * «Rechnung stornieren?» for the invoice given (closed while it is null), on the invoice list and on the invoice's
 * own page: cancels it, says so in a toast and closes; the server's refusal stays in the dialog until it is closed.
 */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: CancellableInvoice | null; onClose: () => void }) {
  const cancel = useCancelInvoice();
  const toast = useToast();
  return (
    <ConfirmDialog
      show={invoice !== null}
      title="Rechnung stornieren?"
      confirmLabel="Stornieren"
      pending={cancel.isPending}
      error={cancel.error}
      onCancel={() => {
        cancel.reset();
        onClose();
      }}
      onConfirm={() => {
        if (invoice)
          cancel.mutate(
            { memberId: invoice.memberId, invoiceId: invoice.id },
            {
              onSuccess: () => {
                toast.success(`Rechnung ${invoice.number} storniert.`);
                onClose();
              },
            },
          );
      }}
    >
      {invoice ? (
        <p className="mb-0">
          Rechnung {invoice.number} von {invoice.memberName} über {formatMoney(invoice.total)} wird storniert. Sie bleibt mit ihrer Nummer
          in der Buchhaltung, verschwindet aber aus den Listen des Mitglieds.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
