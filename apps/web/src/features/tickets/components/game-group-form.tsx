import type { GameGroup } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CancelButton, FormError, FormField } from '@/components/ui/form-field';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PaymentModeField } from '@/components/ui/payment-mode-field';
import { applyServerFieldErrors } from '@/lib/forms';
import { moneyToText } from '@/lib/money';
import { useDeliveryOptions } from '../api/admin-delivery-options';
import { useSaveGameGroup } from '../api/admin-game-groups';
import { gameGroupFormSchema, type GameGroupFormOutput, type GameGroupFormValues } from '../lib/game-form';

const serverPath = (path: string) => (path === 'defaultPricePerTicket.amount' || path === 'defaultPricePerTicket' ? 'price' : path);
const known = ['name', 'price', 'availableTicketsPerGame', 'freeTicketAmount'];
const NUMBER_CLASS = 'col-sm-4 col-lg-2';

interface GameGroupFormProps {
  /** Absent: a new group. */
  group?: GameGroup;
  onSaved: (group: GameGroup) => void;
  onCancel?: () => void;
}

/** The form with the group's values (or a new group's defaults) and its saving: the group, then its delivery options. */
function useGameGroupForm({ group, onSaved }: Pick<GameGroupFormProps, 'group' | 'onSaved'>) {
  const save = useSaveGameGroup();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<GameGroupFormValues, unknown, GameGroupFormOutput>({
    resolver: zodResolver(gameGroupFormSchema),
    defaultValues: group
      ? {
          name: group.name,
          price: moneyToText(group.defaultPricePerTicket.amount),
          availableTicketsPerGame: group.availableTicketsPerGame,
          freeTicketAmount: group.freeTicketAmount,
          paymentMode: group.paymentMode,
          deliveryOptionIds: group.deliveryOptions.map((o) => String(o.id)),
        }
      : { name: '', price: '35', availableTicketsPerGame: 30, freeTicketAmount: 4, paymentMode: 'INVOICE', deliveryOptionIds: [] },
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({
        ...(group ? { id: group.id } : {}),
        group: {
          name: values.name,
          defaultPricePerTicket: { currency: 'CHF', amount: values.price },
          availableTicketsPerGame: values.availableTicketsPerGame,
          freeTicketAmount: values.freeTicketAmount,
          paymentMode: values.paymentMode,
        },
        deliveryOptionIds: values.deliveryOptionIds,
      });
      onSaved(saved);
    } catch (e) {
      applyServerFieldErrors(e, form.setError, known, { rename: serverPath });
      setError(e);
    }
  });
  return { form, submit, error, pending: save.isPending };
}

/** The delivery options the group offers, as checkboxes of every option the club has. */
function DeliveryOptionChecks({ prefix }: { prefix: string }) {
  const options = useDeliveryOptions();
  const { register } = useFormContext<GameGroupFormValues>();
  return (
    <fieldset className="mt-3">
      <legend className="form-label fs-6 fw-semibold">Zustelloptionen</legend>
      {options.isPending ? <LoadingSpinner size="sm" /> : null}
      {options.isError ? <ErrorAlert error={options.error} /> : null}
      {options.data && options.data.length === 0 ? <p className="small">Noch keine Zustelloptionen erfasst.</p> : null}
      <div className="d-flex flex-wrap column-gap-4">
        {options.data?.map((option) => (
          <div className="form-check" key={option.id}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`${prefix}-option-${option.id}`}
              value={String(option.id)}
              {...register('deliveryOptionIds')}
            />
            <label className="form-check-label" htmlFor={`${prefix}-option-${option.id}`}>
              {option.name}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Name, price per ticket, quota per game, tickets per member and the offered delivery
 * options. Saving sends the group, then DELETE and PUT of its delivery options (docs/domain-rules.md «Wire names»).
 */
export function GameGroupForm({ group, onSaved, onCancel }: GameGroupFormProps) {
  const { form, submit, error, pending } = useGameGroupForm({ group, onSaved });
  const prefix = group ? `group-${group.id}` : 'new-group';
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <div className="row g-3 align-items-end">
          <FormField<GameGroupFormValues> className="col-lg-6" name="name" label="Name" idPrefix={prefix} />
          <FormField<GameGroupFormValues>
            className={NUMBER_CLASS}
            name="price"
            label="Preis pro Ticket (CHF)"
            idPrefix={prefix}
            inputMode="decimal"
          />
          <FormField<GameGroupFormValues>
            className={NUMBER_CLASS}
            name="availableTicketsPerGame"
            label="Tickets pro Spiel"
            idPrefix={prefix}
            type="number"
            min="0"
            step="1"
            inputMode="numeric"
            valueAsNumber
          />
          <FormField<GameGroupFormValues>
            className={NUMBER_CLASS}
            name="freeTicketAmount"
            label="Tickets pro Mitglied"
            idPrefix={prefix}
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            valueAsNumber
          />
        </div>
        <PaymentModeField idPrefix={prefix} className="mt-3" />
        <DeliveryOptionChecks prefix={prefix} />
        <FormError error={error} title="Nicht gespeichert." />
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            {group ? 'Spielegruppe speichern' : 'Spielegruppe erstellen'}
          </Button>
          {onCancel ? <CancelButton onCancel={onCancel} /> : null}
        </div>
      </form>
    </FormProvider>
  );
}
