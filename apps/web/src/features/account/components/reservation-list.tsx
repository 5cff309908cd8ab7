import type { TicketReservation } from '@club/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';

export function ReservationList({ reservations }: { reservations: readonly TicketReservation[] }) {
  const sorted = [...reservations].sort((a, b) => b.gameBegin.localeCompare(a.gameBegin));
  return (
    <section aria-labelledby="reservations-heading" className="mt-4">
      <h2 id="reservations-heading" className="h4">
        Ticketreservationen
      </h2>
      {sorted.length === 0 ? (
        <p>Keine Ticketreservationen.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-striped align-middle">
            <thead>
              <tr>
                <th scope="col">Spiel</th>
                <th scope="col" className="text-end">
                  Anzahl
                </th>
                <th scope="col">Zustellung</th>
                <th scope="col" className="text-end">
                  Preis pro Ticket
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((reservation) => (
                <tr key={reservation.id}>
                  <td>
                    <Link to={paths.game.href(reservation.gameId)}>{formatDateTime(reservation.gameBegin)}</Link>
                  </td>
                  <td className="text-end">{reservation.amount}</td>
                  <td>{reservation.deliveryOption.name}</td>
                  <td className="text-end text-nowrap">{formatMoney(reservation.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
