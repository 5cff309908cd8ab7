import { deliveryOptionInputSchema, type AdminDeliveryOption, type DeliveryOptionInput } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
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
import { forBoard, type ScreenPrefetch } from '@/lib/screen-data';

function usage(option: AdminDeliveryOption): string {
  const parts = [];
  if (option.gameGroupCount) parts.push(`${option.gameGroupCount} ${option.gameGroupCount === 1 ? 'Spielegruppe' : 'Spielegruppen'}`);
  if (option.reservationCount) parts.push(`${option.reservationCount} ${option.reservationCount === 1 ? 'Reservation' : 'Reservationen'}`);
  return parts.length ? parts.join(', ') : 'nicht verwendet';
}

/** Name field with its save button: creates a new option, or renames one. */
function NameForm({
  id,
  initial,
  submitLabel,
  onDone,
  onCancel,
}: {
  id: string;
  initial: string;
  submitLabel: string;
  onDone: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useForm<DeliveryOptionInput>({ resolver: zodResolver(deliveryOptionInputSchema), defaultValues: { name: initial } });
  const [error, setError] = useState<unknown>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    setError(null);
    try {
      await onDone(name);
      form.reset({ name: initial });
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ['name'])) setError(e);
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
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel ? <CancelButton onCancel={onCancel} /> : null}
      </div>
      <FormError error={error} className="mt-2" />
    </form>
  );
}

export default function DeliveryOptionPage() {
  const options = useDeliveryOptions();
  const create = useCreateDeliveryOption();
  const update = useUpdateDeliveryOption();
  const remove = useDeleteDeliveryOption();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminDeliveryOption | null>(null);

  return (
    <>
      <PageHeader title="Zustelloptionen" intro="Die Arten, wie Tickets zu den Mitgliedern kommen: erfassen, umbenennen und löschen." />
      <section aria-labelledby="new-option-heading" className="mb-4">
        <h2 id="new-option-heading" className="h5">
          Neue Zustelloption
        </h2>
        <NameForm id="new-option-name" initial="" submitLabel="Hinzufügen" onDone={(name) => create.mutateAsync({ name })} />
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
                {editing === option.id ? (
                  <NameForm
                    id={`option-${option.id}-name`}
                    initial={option.name}
                    submitLabel="Speichern"
                    onDone={async (name) => {
                      await update.mutateAsync({ id: option.id, name });
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <div className="flex-grow-1">
                      <span className="fw-semibold">{option.name}</span>
                      <br />
                      <span className="small text-body-secondary">Verwendet: {usage(option)}</span>
                    </div>
                    <Button
                      variant="outline-primary"
                      size="sm"
                      onClick={() => setEditing(option.id)}
                      aria-label={`${option.name} umbenennen`}
                    >
                      Umbenennen
                    </Button>
                    <Button
                      variant="outline-danger"
                      size="sm"
                      onClick={() => {
                        remove.reset();
                        setDeleting(option);
                      }}
                      aria-label={`${option.name} löschen`}
                    >
                      Löschen
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <ConfirmDialog
        show={deleting !== null}
        title="Zustelloption löschen"
        confirmLabel="Löschen"
        pending={remove.isPending}
        error={remove.error}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <p className="mb-0">
          Soll die Zustelloption «{deleting?.name}» gelöscht werden? Eine Option, die eine Spielegruppe anbietet oder eine Reservation
          verwendet, kann nicht gelöscht werden.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The screen's loader (lib/screen-data.ts): its data starts before it shows. */
export const prefetch: ScreenPrefetch = forBoard((queryClient) => [queryClient.ensureQueryData(deliveryOptionsQueryOptions())]);
