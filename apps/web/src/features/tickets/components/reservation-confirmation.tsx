import type { TicketReservation } from '@club/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { PAYMENT_MODE_TEXT } from '@/lib/payment-mode';
import { matchup, ticketCount } from '../lib/games';

const HEADING = { CONFIRMED: 'Reservation bestätigt', REQUESTED: 'Anfrage erhalten', WAITING: 'Auf der Warteliste' } as const;
const TEXT = {
  CONFIRMED: 'sind für Sie reserviert.',
  REQUESTED: 'nehmen an der Auslosung teil. Bis zur Auslosung können Sie die Anfrage ändern oder zurückziehen.',
  WAITING: 'stehen auf der Warteliste: Werden Tickets frei, erhalten Sie sie, sobald Ihre ganze Anfrage Platz hat.',
} as const;

/**
 * What the member reserved, right after the server said yes. The focus moves to it (the form
 * with the button that had it is gone), so keyboard and screen-reader users land on the answer.
 */
export function ReservationConfirmation({
  reservation,
  onAnother,
}: {
  reservation: TicketReservation;
  onAnother?: (() => void) | undefined;
}) {
  const a = reservation.deliveryAddress;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      aria-labelledby="reservation-confirmed"
      className="alert alert-success mb-0"
      data-testid="reservation-confirmation"
    >
      <h3 id="reservation-confirmed" className="alert-heading h5">
        {HEADING[reservation.status]}
      </h3>
      <p className="mb-2">
        {ticketCount(reservation.amount)} für {matchup(reservation).title} am {formatDateTime(reservation.gameBegin)} Uhr{' '}
        {TEXT[reservation.status]}
      </p>
      <dl className="game-facts mb-3">
        <dt>Zustellung</dt>
        <dd>
          {reservation.deliveryOption.name}
          {reservation.deliveryOption.fee.amount > 0 ? ` (+ ${formatMoney(reservation.deliveryOption.fee)})` : null}
        </dd>
        <dt>Adresse</dt>
        <dd>
          {a.street} {a.houseNumber}, {a.postalCode} {a.city}
        </dd>
        <dt>Total</dt>
        <dd data-testid="confirmation-total">
          {formatMoney(reservation.total)} ({formatMoney(reservation.price)} pro Ticket
          {reservation.fee.amount > 0 ? `, Zustellung ${formatMoney(reservation.fee)}` : ''})
          {reservation.total.amount > 0 ? <span className="d-block">{PAYMENT_MODE_TEXT[reservation.paymentMode]}</span> : null}
        </dd>
      </dl>
      <div className="d-flex flex-wrap gap-2">
        <Link to={paths.account.href()} className="btn btn-success">
          Meine Reservationen
        </Link>
        <Link to={paths.ticket.href()} className="btn btn-outline-success">
          Weitere Spiele
        </Link>
        {onAnother ? (
          <button type="button" className="btn btn-link" onClick={onAnother}>
            Weitere Tickets für dieses Spiel
          </button>
        ) : null}
      </div>
    </div>
  );
}
