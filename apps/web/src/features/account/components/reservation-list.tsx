import { ticketLimits, ticketReservationChangeSchema, type TicketReservation, type TicketReservationChange } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { BillingStatus } from '@/components/ui/billing-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useCancelReservation } from '../api/cancel-reservation';
import { useChangeReservationAmount } from '../api/change-reservation-amount';

const teams = (r: TicketReservation) => (r.homeGame ? `ZSC – ${r.opponent}` : `${r.opponent} – ZSC`);
const tickets = (n: number) => `${n} ${n === 1 ? 'Ticket' : 'Tickets'}`;

/** The amount of one reservation, changeable while sales are open (lower, or higher within the limits). */
function AmountForm({ reservation, onChanged }: { reservation: TicketReservation; onChanged: (message: string) => void }) {
  const change = useChangeReservationAmount();
  const id = useId();
  const form = useForm<TicketReservationChange>({
    resolver: zodResolver(ticketReservationChangeSchema),
    mode: 'onChange',
    defaultValues: { amount: reservation.amount },
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const error = form.formState.errors.amount;
  const submit = form.handleSubmit((values) => {
    if (values.amount === reservation.amount) return;
    change.mutate(
      { id: reservation.id, amount: values.amount },
      { onSuccess: (updated) => onChanged(`Die Reservation für ${teams(updated)} umfasst jetzt ${tickets(updated.amount)}.`) },
    );
  });
  return (
    <form className="reservation-amount" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-amount`} className="form-label mb-1">
        Anzahl Tickets
      </label>
      <div className="d-flex gap-2">
        <input
          id={`${id}-amount`}
          type="number"
          inputMode="numeric"
          min={1}
          max={ticketLimits.maxAmount}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-invalid` : undefined}
          {...form.register('amount', { valueAsNumber: true })}
        />
        <button
          type="submit"
          className="btn btn-outline-primary text-nowrap"
          disabled={change.isPending || Boolean(error) || amount === reservation.amount}
        >
          Anzahl ändern
        </button>
      </div>
      {error ? (
        <div id={`${id}-invalid`} className="invalid-feedback d-block">
          {error.message} Um alle Tickets abzugeben, stornieren Sie die Reservation.
        </div>
      ) : null}
      {change.isError ? (
        <div className="mt-2">
          <ErrorAlert error={change.error} title="Die Anzahl wurde nicht geändert." />
        </div>
      ) : null}
    </form>
  );
}

/** A confirmed reservation's delivery, price, total and where its money stands. */
function ReservationFacts({ reservation }: { reservation: TicketReservation }) {
  return (
    <dl className="reservation-facts mb-3">
      <dt>Zustellung</dt>
      <dd>
        {reservation.deliveryOption.name}
        {reservation.deliveryOption.fee.amount > 0 ? ` (${formatMoney(reservation.deliveryOption.fee)})` : null}
      </dd>
      <dt>Preis pro Ticket</dt>
      <dd>{formatMoney(reservation.price)}</dd>
      <dt>Total</dt>
      <dd data-testid="reservation-total">
        {formatMoney(reservation.total)}
        {reservation.fee.amount > 0 ? <span className="text-body-secondary"> (inkl. Zustellung)</span> : null}
      </dd>
      <dt>Zahlung</dt>
      <dd data-testid="billing-status">
        <BillingStatus
          invoiceStatus={reservation.invoiceStatus}
          handedOverAt={reservation.handedOverAt}
          free={reservation.total.amount === 0}
          paymentMode={reservation.paymentMode}
        />
      </dd>
    </dl>
  );
}

/** One reservation as a card: game, amount, delivery and price, and while sales are open the amount and «Stornieren». */
function ReservationCard({
  reservation,
  cancelling,
  onCancel,
  onChanged,
}: {
  reservation: TicketReservation;
  cancelling: boolean;
  onCancel: () => void;
  onChanged: (text: string) => void;
}) {
  return (
    <article className="card h-100" aria-labelledby={`reservation-${reservation.id}`}>
      <div className="card-body">
        <h3 id={`reservation-${reservation.id}`} className="h6 mb-1">
          {teams(reservation)}
        </h3>
        <p className="mb-2">
          <Link to={paths.game.href(reservation.gameId)}>{formatDateTime(reservation.gameBegin)}</Link>
          {reservation.venue ? `, ${reservation.venue}` : null}
        </p>
        <dl className="reservation-facts mb-3">
          <dt>Anzahl</dt>
          <dd>
            {reservation.amount}
            {reservation.status !== 'CONFIRMED' ? (
              <span className="badge text-bg-info ms-2">
                {reservation.status === 'WAITING' ? 'Warteliste' : 'Anfrage für die Auslosung'}
              </span>
            ) : null}
            {reservation.movedUpAt ? <span className="badge text-bg-success ms-2">nachgerückt</span> : null}
          </dd>
        </dl>
        {reservation.status !== 'CONFIRMED' ? (
          <p className="small mb-3" data-testid="not-yet-tickets">
            {reservation.status === 'WAITING'
              ? 'Noch keine Tickets: Werden Tickets frei, erhalten Sie sie mit einer E-Mail. Erst dann zahlen Sie.'
              : 'Noch keine Tickets: Nach der Auslosung erfahren Sie per E-Mail, ob Sie Tickets erhalten. Erst dann zahlen Sie.'}
          </p>
        ) : (
          <ReservationFacts reservation={reservation} />
        )}
        {reservation.cancellable ? (
          <div className="d-grid gap-3">
            <AmountForm reservation={reservation} onChanged={onChanged} />
            <button type="button" className="btn btn-outline-danger" disabled={cancelling} onClick={onCancel}>
              Stornieren
              <span className="visually-hidden">
                {' '}
                ({teams(reservation)}, {formatDateTime(reservation.gameBegin)})
              </span>
            </button>
          </div>
        ) : (
          <p className="text-body-secondary small mb-0">
            Der Ticketverkauf ist geschlossen: Die Reservation kann nicht mehr geändert werden.
          </p>
        )}
      </div>
    </article>
  );
}

/**
 * The member's reservations as cards (one column on a phone): game, amount, delivery and
 * price, and while sales are open the amount and a cancel button right below them.
 * Cancelling asks with the site's dialog; what happened is announced (role=status).
 */
export function ReservationList({ reservations }: { reservations: readonly TicketReservation[] }) {
  const cancel = useCancelReservation();
  const [asking, setAsking] = useState<TicketReservation | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const sorted = [...reservations].sort((a, b) => b.gameBegin.localeCompare(a.gameBegin));

  const announce = (text: string) => {
    setMessage(text);
    // The card the focus was in may be gone: the message takes the focus.
    requestAnimationFrame(() => statusRef.current?.focus());
  };
  const confirmCancel = () => {
    if (!asking) return;
    const r = asking;
    cancel.mutate(r.id, {
      onSuccess: () => {
        setAsking(null);
        announce(`Die Reservation von ${tickets(r.amount)} für ${teams(r)} am ${formatDateTime(r.gameBegin)} wurde storniert.`);
      },
    });
  };

  return (
    <section aria-labelledby="reservations-heading" className="mt-4">
      <h2 id="reservations-heading" className="h4">
        Ticketreservationen
      </h2>
      <div ref={statusRef} tabIndex={-1} role="status" className={message ? 'alert alert-success' : 'visually-hidden'}>
        {message}
      </div>
      {sorted.length === 0 ? (
        <p>Keine Ticketreservationen.</p>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3 reservation-cards">
          {sorted.map((reservation) => (
            <li key={reservation.id} className="col" data-testid="reservation-card">
              <ReservationCard
                reservation={reservation}
                cancelling={cancel.isPending}
                onCancel={() => setAsking(reservation)}
                onChanged={announce}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={asking !== null}
        title="Reservation stornieren?"
        confirmLabel="Stornieren"
        pending={cancel.isPending}
        error={cancel.isError ? cancel.error : undefined}
        onConfirm={confirmCancel}
        onCancel={() => {
          cancel.reset();
          setAsking(null);
        }}
      >
        {asking ? (
          <p className="mb-0">
            {tickets(asking.amount)} für {teams(asking)} am {formatDateTime(asking.gameBegin)} ({asking.deliveryOption.name}) stornieren?
            Die Tickets gehen an das Kontingent des Vereins zurück.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
