import type { Game, TicketReservation } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm, useFormContext, useWatch, type UseFormSetError } from 'react-hook-form';
import { AddressFields, addressFieldPaths, emptyAddress } from '@/components/ui/address-fields';
import { AddressLines } from '@/components/ui/address-lines';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatMoney } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/forms';
import { useDeliveryAddress } from '../api/get-delivery-address';
import { useGameDeliveryOptions } from '../api/get-game-delivery-options';
import { useReserveTickets } from '../api/reserve-tickets';
import { addMoney, multiplyMoney } from '@/lib/money';
import { PAYMENT_MODE_HINT, PAYMENT_MODE_TEXT } from '@/lib/payment-mode';
import { ticketCount } from '../lib/games';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { reservationFormSchema, type ReservationFormInput, type ReservationFormOutput } from '../lib/reservation-form';

const knownFields = ['deliveryOptionId', 'amount', ...addressFieldPaths('address')];

interface ReservationFormProps {
  game: Game;
  /** Called with the reservation the server made. */
  onReserved: (reservation: TicketReservation) => void;
  /** reserve (default); request: a request for the draw; waitlist: a place on the waiting list. */
  mode?: 'reserve' | 'request' | 'waitlist';
}

const SUBMIT_LABEL = {
  reserve: 'Verbindlich reservieren',
  request: 'Anfrage für die Auslosung senden',
  waitlist: 'Auf die Warteliste',
};
const PENDING_LABEL = { reserve: 'Wird reserviert…', request: 'Wird gesendet…', waitlist: 'Wird eingetragen…' };

type DeliveryOptions = NonNullable<ReturnType<typeof useGameDeliveryOptions>['data']>;
type DeliveryAddress = NonNullable<ReturnType<typeof useDeliveryAddress>['data']>;

/** The delivery options to choose from, each with its fee. */
function DeliveryChoices({ options }: { options: DeliveryOptions }) {
  const { register, formState } = useFormContext<ReservationFormInput>();
  const error = formState.errors.deliveryOptionId;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 fw-semibold">Zustellung</legend>
      {options.map((option) => (
        <div className="form-check" key={option.id}>
          <input
            className={`form-check-input${error ? ' is-invalid' : ''}`}
            type="radio"
            id={`option-${option.id}`}
            value={String(option.id)}
            aria-describedby={error ? 'option-error' : undefined}
            {...register('deliveryOptionId')}
          />
          <label className="form-check-label" htmlFor={`option-${option.id}`}>
            {option.name}
            {option.fee.amount > 0 ? <span className="text-body-secondary"> (+ {formatMoney(option.fee)} pro Reservation)</span> : null}
          </label>
        </div>
      ))}
      {error ? (
        <div id="option-error" className="invalid-feedback d-block">
          {error.message}
        </div>
      ) : null}
    </fieldset>
  );
}

/** How many tickets: 1 to what the member may still take. */
function AmountSelect({ max, mode }: { max: number; mode: NonNullable<ReservationFormProps['mode']> }) {
  const { register, formState } = useFormContext<ReservationFormInput>();
  const error = formState.errors.amount;
  return (
    <div className="mb-3">
      <label htmlFor="amount" className="form-label fw-semibold">
        Anzahl Tickets
      </label>
      <select
        id="amount"
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-describedby={`amount-hint${error ? ' amount-error' : ''}`}
        {...register('amount', { valueAsNumber: true })}
      >
        {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <div id="amount-hint" className="form-text">
        {mode === 'reserve'
          ? `Sie können noch ${ticketCount(max)} reservieren.`
          : `Höchstens ${ticketCount(max)}; nur ganze Anfragen werden bedient.`}
      </div>
      {error ? (
        <div id="amount-error" className="invalid-feedback">
          {error.message}
        </div>
      ) : null}
    </div>
  );
}

/** The address on file with «an eine andere Adresse liefern», or the address fields when none is on file. */
function DeliveryAddressFields({ current }: { current: DeliveryAddress | null }) {
  const { register, control } = useFormContext<ReservationFormInput>();
  const otherAddress = useWatch({ control, name: 'otherAddress' });
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 fw-semibold">Lieferadresse</legend>
      {current ? (
        <>
          <AddressLines address={current} />
          <div className="form-check mt-2">
            <input className="form-check-input" type="checkbox" id="other-address" {...register('otherAddress')} />
            <label className="form-check-label" htmlFor="other-address">
              Für diese Reservation an eine andere Adresse liefern
            </label>
          </div>
        </>
      ) : (
        <p className="mb-2">Bei uns ist keine Adresse hinterlegt. Bitte geben Sie die Lieferadresse an.</p>
      )}
      {otherAddress || current === null ? (
        <div className="mt-1">
          <AddressFields idPrefix="reservation" name="address" />
        </div>
      ) : null}
    </fieldset>
  );
}

/** Tickets × price + delivery fee = total, and how it is paid. */
function ReservationTotal({ game, options }: { game: Game; options: DeliveryOptions }) {
  const { control } = useFormContext<ReservationFormInput>();
  const amount = useWatch({ control, name: 'amount' });
  const optionId = useWatch({ control, name: 'deliveryOptionId' });
  const count = Number.isFinite(amount) ? amount : 0;
  // The delivery fee is part of the total, as on the invoice (or what is collected on site).
  const fee = options.find((o) => String(o.id) === optionId)?.fee.amount ?? 0;
  const total = addMoney(multiplyMoney(game.pricePerTicket.amount, count), fee);
  return (
    <p className="mb-3" aria-live="polite">
      <span className="text-body-secondary">
        {ticketCount(count)} × {formatMoney(game.pricePerTicket)}
        {fee > 0 ? ` + Zustellung ${formatMoney(fee)}` : ''} ={' '}
      </span>
      <span className="reservation-total" data-testid="reservation-total">
        {formatMoney(total)}
      </span>
      {total > 0 ? (
        <span className="d-block small" data-testid="reservation-payment">
          <strong>{PAYMENT_MODE_TEXT[game.paymentMode]}:</strong> {PAYMENT_MODE_HINT[game.paymentMode]}
        </span>
      ) : null}
    </p>
  );
}

/**
 * Sends the reservation once at a time, every try of one reservation with the same Idempotency-Key; the server's
 * refusal lands on its fields and as `submitError`.
 */
function useSendReservation({ game, onReserved, mode }: Required<ReservationFormProps>, setError: UseFormSetError<ReservationFormInput>) {
  const reserve = useReserveTickets();
  const key = useRef(newIdempotencyKey());
  const inFlight = useRef(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const send = (values: ReservationFormOutput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitError(null);
    // mutateAsync, not mutate's callbacks: the answer also reaches the page when the refetched game
    // already replaced this form (a request or a waiting-list place shows instead of the form).
    reserve
      .mutateAsync({ gameId: game.id, ...values, idempotencyKey: key.current, waitlist: mode === 'waitlist' })
      .then(
        (reservation) => {
          key.current = newIdempotencyKey();
          onReserved(reservation);
        },
        (error: unknown) => {
          setSubmitError(error);
          applyServerFieldErrors(error, setError, knownFields, { rename: (path) => path.replace(/^deliveryAddress\./, 'address.') });
        },
      )
      .finally(() => {
        inFlight.current = false;
      });
  };
  return { send, submitError, pending: reserve.isPending };
}

/**
 * Delivery option, amount (1 to what the member may still take), delivery address and
 * price total. The button is disabled while a reservation is on its way, and every try of
 * one reservation carries the same Idempotency-Key, so a double click reserves once.
 */
export function ReservationForm({ game, onReserved, mode = 'reserve' }: ReservationFormProps) {
  const options = useGameDeliveryOptions(game.id);
  const current = useDeliveryAddress(game.id, true);
  const max = Math.max(0, mode === 'waitlist' ? game.freeTicketAmount - (game.ticketsHeld ?? 0) : (game.ticketsMayReserve ?? 0));

  const form = useForm<ReservationFormInput, unknown, ReservationFormOutput>({
    resolver: zodResolver(reservationFormSchema),
    defaultValues: { deliveryOptionId: '', amount: Math.min(2, max) || 1, otherAddress: false, address: emptyAddress },
  });
  const { handleSubmit, setError, setValue } = form;
  const { send, submitError, pending } = useSendReservation({ game, onReserved, mode }, setError);
  const needsAddress = current.isSuccess && current.data === null;
  // Without an address on file the address fields are the delivery address.
  useEffect(() => {
    if (needsAddress) setValue('otherAddress', true);
  }, [needsAddress, setValue]);

  if (options.isPending || current.isPending) return <LoadingSpinner label="Angaben werden geladen…" />;
  if (options.isError || current.isError) return <ErrorAlert error={options.error ?? current.error} />;
  if (options.data.length === 0) {
    return <p className="mb-0">Für dieses Spiel ist im Moment keine Zustelloption verfügbar. Bitte melden Sie sich beim Vorstand.</p>;
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void handleSubmit(send)(event)} noValidate aria-labelledby="reservation-heading">
        <DeliveryChoices options={options.data} />
        <AmountSelect max={max} mode={mode} />
        <DeliveryAddressFields current={current.data} />
        <ReservationTotal game={game} options={options.data} />

        {submitError ? <ErrorAlert error={submitError} title="Die Reservation ist nicht gelungen." /> : null}

        <Button type="submit" size="lg" className="w-100" disabled={pending}>
          {pending ? (
            <>
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
              {PENDING_LABEL[mode]}
            </>
          ) : (
            SUBMIT_LABEL[mode]
          )}
        </Button>
      </form>
    </FormProvider>
  );
}
