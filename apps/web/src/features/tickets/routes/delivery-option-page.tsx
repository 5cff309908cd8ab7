import { deliveryOptionInputSchema, feeAmount, type DeliveryOptionInput, readFrancs } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { formatMoney } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/forms';
import {
  useCreateDeliveryOption,
  useDeleteDeliveryOption,
  useDeliveryOptions,
  useUpdateDeliveryOption,
} from '../api/admin-delivery-options';
import { CancelButton, FormError } from '@/components/ui/form-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import '../tickets.css';
import { deliveryOptionsQueryOptions } from '../api/admin-delivery-options';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';
import { deleteBlocker, usageText } from '../lib/delivery-options';

/** The option's fields as typed: the fee as text in CHF (empty: free). */
const optionFormSchema = deliveryOptionInputSchema.pick({ name: true }).extend({
  fee: z
    .string()
    .transform((text) => (text.trim() === '' ? 0 : readFrancs(text)))
    .pipe(
      z
        .number({ error: 'Gebühr: Bitte einen Betrag in CHF angeben.' })
        .min(0, { error: 'Gebühr: Der Betrag darf nicht negativ sein.' })
        .max(1000, { error: 'Gebühr: Höchstens CHF 1000.' })
        .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: 'Gebühr: Höchstens zwei Nachkommastellen.' })
        .pipe(feeAmount),
    ),
});
type OptionFormInput = z.input<typeof optionFormSchema>;
type OptionFormOutput = z.output<typeof optionFormSchema>;

/** Name and fee with the save button: creates a new option, or changes one. */
function OptionForm({
  id,
  initial,
  submitLabel,
  onDone,
  onCancel,
}: {
  id: string;
  initial: { name: string; fee: number };
  submitLabel: string;
  onDone: (input: DeliveryOptionInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const defaults = { name: initial.name, fee: initial.fee ? String(initial.fee) : '' };
  const form = useForm<OptionFormInput, unknown, OptionFormOutput>({ resolver: zodResolver(optionFormSchema), defaultValues: defaults });
  const [error, setError] = useState<unknown>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name, fee }) => {
    setError(null);
    try {
      await onDone({ name, fee: { currency: 'CHF', amount: fee } });
      form.reset(defaults);
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ['name', 'fee'])) setError(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="w-100">
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
          <label htmlFor={id} className="visually-hidden">
            Name der Zustelloption
          </label>
          <input
            id={id}
            className={`form-control${errors.name ? ' is-invalid' : ''}`}
            placeholder="z. B. Abholung im Fanlokal"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-error` : undefined}
            {...form.register('name')}
          />
          {errors.name ? (
            <div id={`${id}-error`} className="invalid-feedback">
              {errors.name.message}
            </div>
          ) : null}
        </div>
        <div style={{ width: '9rem' }}>
          <label htmlFor={`${id}-fee`} className="visually-hidden">
            Gebühr pro Reservation (CHF)
          </label>
          <div className="input-group">
            <span className="input-group-text">CHF</span>
            <input
              id={`${id}-fee`}
              inputMode="decimal"
              className={`form-control${errors.fee ? ' is-invalid' : ''}`}
              placeholder="0.00"
              title="Gebühr pro Reservation (CHF); leer: gratis"
              aria-invalid={errors.fee ? true : undefined}
              aria-describedby={errors.fee ? `${id}-fee-error` : undefined}
              {...form.register('fee')}
            />
          </div>
          {errors.fee ? (
            <div id={`${id}-fee-error`} className="invalid-feedback d-block">
              {errors.fee.message}
            </div>
          ) : null}
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel ? <CancelButton onCancel={onCancel} /> : null}
      </div>
      <FormError error={error} className="mt-2" />
    </form>
  );
}

type AdminDeliveryOption = NonNullable<ReturnType<typeof useDeliveryOptions>['data']>[number];

export default function DeliveryOptionPage() {
  const options = useDeliveryOptions();
  const create = useCreateDeliveryOption();
  const toast = useToast();
  const [editing, setEditing] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // The freshest counts (the list is read again when the dialog opens).
  const deleting = options.data?.find((o) => o.id === deletingId) ?? null;

  return (
    <>
      <PageHeader
        title="Zustelloptionen"
        intro="Die Arten, wie Tickets zu den Mitgliedern kommen, mit ihrer Gebühr pro Reservation: erfassen, ändern und löschen."
      />
      <section aria-labelledby="new-option-heading" className="mb-4">
        <h2 id="new-option-heading" className="h5">
          Neue Zustelloption
        </h2>
        <p className="small text-body-secondary">Die Gebühr wird pro Reservation mit den Tickets verrechnet (leer: gratis).</p>
        <OptionForm
          id="new-option-name"
          initial={{ name: '', fee: 0 }}
          submitLabel="Hinzufügen"
          onDone={async (input) => {
            await create.mutateAsync(input);
            toast.success(`Zustelloption «${input.name}» hinzugefügt.`);
          }}
        />
      </section>

      <section aria-labelledby="options-heading">
        <h2 id="options-heading" className="h5">
          Alle Zustelloptionen
        </h2>
        {options.isPending ? <PageSpinner /> : null}
        {options.isError ? <ErrorAlert error={options.error} /> : null}
        {options.data && options.data.length === 0 ? <p>Noch keine Zustelloptionen erfasst.</p> : null}
        {options.data && options.data.length > 0 ? (
          <ul className="list-group">
            {options.data.map((option) => (
              <li key={option.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <OptionItem
                  option={option}
                  editing={editing === option.id}
                  onEditing={(on) => setEditing(on ? option.id : null)}
                  onDelete={() => {
                    setDeletingId(option.id);
                    void options.refetch();
                  }}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <DeleteOptionDialog option={deleting} onClose={() => setDeletingId(null)} />
    </>
  );
}

/** One option: its name, fee and use with «Bearbeiten» and «Löschen», or its form while edited. */
function OptionItem({
  option,
  editing,
  onEditing,
  onDelete,
}: {
  option: AdminDeliveryOption;
  editing: boolean;
  onEditing: (on: boolean) => void;
  onDelete: () => void;
}) {
  const update = useUpdateDeliveryOption();
  const toast = useToast();
  if (editing) {
    return (
      <OptionForm
        id={`option-${option.id}-name`}
        initial={{ name: option.name, fee: option.fee.amount }}
        submitLabel="Speichern"
        onDone={async (input) => {
          await update.mutateAsync({ id: option.id, ...input });
          onEditing(false);
          toast.success(`Zustelloption «${input.name}» gespeichert.`);
        }}
        onCancel={() => onEditing(false)}
      />
    );
  }
  return (
    <>
      <div className="flex-grow-1">
        <span className="fw-semibold">{option.name}</span>
        <span className="ms-2">{option.fee.amount > 0 ? `Gebühr ${formatMoney(option.fee)}` : 'gratis'}</span>
        <br />
        <span className="small text-body-secondary">Verwendet: {usageText(option) || 'nicht verwendet'}</span>
      </div>
      <Button variant="outline-primary" size="sm" onClick={() => onEditing(true)} aria-label={`${option.name} bearbeiten`}>
        Bearbeiten
      </Button>
      <Button variant="outline-danger" size="sm" onClick={onDelete} aria-label={`${option.name} löschen`}>
        Löschen
      </Button>
    </>
  );
}

/** «Zustelloption löschen» for the option given (closed while it is null); refused while the option is in use. */
function DeleteOptionDialog({ option, onClose }: { option: AdminDeliveryOption | null; onClose: () => void }) {
  const remove = useDeleteDeliveryOption();
  const toast = useToast();
  const blocker = option ? deleteBlocker(option) : null;
  return (
    <ConfirmDialog
      show={option !== null}
      title="Zustelloption löschen"
      confirmLabel="Löschen"
      confirmDisabled={blocker !== null}
      pending={remove.isPending}
      error={remove.error}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() =>
        option &&
        remove.mutate(option.id, {
          onSuccess: () => {
            toast.success(`Zustelloption «${option.name}» gelöscht.`);
            onClose();
          },
        })
      }
    >
      {blocker ? (
        <p className="mb-0">{blocker}</p>
      ) : (
        <p className="mb-0">
          Soll die Zustelloption «{option?.name}» gelöscht werden? Sie wird von keiner Spielegruppe und keiner Reservation verwendet.
        </p>
      )}
    </ConfirmDialog>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient) => [queryClient.ensureQueryData(deliveryOptionsQueryOptions())]);
