import {
  manualPaymentInputSchema,
  moneySchema,
  paymentMethodSchema,
  positiveAmount,
  type InvoiceOverviewItem,
  readFrancs,
} from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DateField } from '@/components/ui/date-field';
import { CancelButton, FormField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { formatMoney, todayInZurich } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/forms';
import { moneyToText } from '@/lib/money';
import { useRecordPayment } from '../api/record-payment';
import { METHOD_LABEL, openAmount } from '../lib/labels';

// The contract's rules, with the amount as typed (`25`, `25.-`, `25,50`; CHF is the only currency).
const schema = z.object({
  amount: z
    .string()
    .transform(readFrancs)
    .pipe(moneySchema.shape.amount.refine(positiveAmount.check, { error: positiveAmount.error })),
  paidAt: manualPaymentInputSchema.shape.paidAt,
  method: paymentMethodSchema,
  note: manualPaymentInputSchema.shape.note,
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** `amount.amount` and `amount` from the server go beside the amount field. */
const renameServerField = (path: string) => (path.startsWith('amount') ? 'amount' : path);

/** Records a payment by hand (cash at the general assembly): amount (default: what is open) and date. */
export function RecordPaymentDialog({ invoice, onClose }: { invoice: InvoiceOverviewItem; onClose: () => void }) {
  const record = useRecordPayment();
  const toast = useToast();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { amount: moneyToText(openAmount(invoice)), paidAt: todayInZurich(), method: 'BANK', note: '' },
  });
  const prefix = `payment-${invoice.id}`;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await record.mutateAsync({
        id: invoice.id,
        amount: { currency: 'CHF', amount: values.amount },
        paidAt: values.paidAt,
        method: values.method,
        note: values.note,
      });
      toast.success(`Zahlung von ${formatMoney(values.amount)} auf Rechnung ${invoice.number} verbucht.`);
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ['amount', 'paidAt', 'method', 'note'], { rename: renameServerField })) setError(e);
    }
  });

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${prefix}-title`}>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Modal.Header closeButton closeLabel="Schliessen">
            <Modal.Title id={`${prefix}-title`} as="h2" className="h5">
              Zahlung erfassen
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              Rechnung <strong>{invoice.number}</strong> von {invoice.memberName}: {formatMoney(invoice.total)}, davon offen{' '}
              {formatMoney(openAmount(invoice))}.
            </p>
            <FormField<Values> name="amount" label="Betrag in CHF" idPrefix={prefix} inputMode="decimal" required />
            <DateField<Values> name="paidAt" label="Bezahlt am" idPrefix={prefix} max={todayInZurich()} required />
            <FormField<Values> name="method" label="Zahlungsart" idPrefix={prefix} required>
              {paymentMethodSchema.options.map((method) => (
                <option key={method} value={method}>
                  {METHOD_LABEL[method]}
                </option>
              ))}
            </FormField>
            <FormField<Values> name="note" label="Notiz" idPrefix={prefix} textarea maxLength={500} />
            {error ? <ErrorAlert error={error} title="Die Zahlung wurde nicht erfasst." /> : null}
          </Modal.Body>
          <Modal.Footer>
            <CancelButton onCancel={onClose} />
            <Button type="submit" variant="primary" disabled={record.isPending}>
              {record.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              Zahlung verbuchen
            </Button>
          </Modal.Footer>
        </form>
      </FormProvider>
    </Modal>
  );
}
