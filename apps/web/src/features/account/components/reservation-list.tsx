import type { TicketReservation } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { sessionQueryKey } from '@/lib/session';

const teams = (r: TicketReservation) => (r.homeGame ? `ZSC – ${r.opponent}` : `${r.opponent} – ZSC`);

/** Cancels a reservation while the game's sales are open (DELETE /api/v1/member/ticketreservations/{id}). */
function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/member/ticketreservations/${id}`),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: sessionQueryKey }), queryClient.invalidateQueries({ queryKey: ['games'] })]),
  });
}

export function ReservationList({ reservations }: { reservations: readonly TicketReservation[] }) {
  const cancel = useCancelReservation();
  const onCancel = (r: TicketReservation) => {
    if (window.confirm(`${r.amount} Tickets für ${teams(r)} am ${formatDateTime(r.gameBegin)} stornieren?`)) cancel.mutate(r.id);
  };
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
                <th scope="col">
                  <span className="visually-hidden">Aktion</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((reservation) => (
                <tr key={reservation.id}>
                  <td>
                    <Link to={paths.game.href(reservation.gameId)}>{formatDateTime(reservation.gameBegin)}</Link> {teams(reservation)}
                  </td>
                  <td className="text-end">{reservation.amount}</td>
                  <td>{reservation.deliveryOption.name}</td>
                  <td className="text-end text-nowrap">{formatMoney(reservation.price)}</td>
                  <td className="text-end">
                    {reservation.cancellable ? (
                      <button type="button" className="btn btn-outline-danger btn-sm" disabled={cancel.isPending} onClick={() => onCancel(reservation)}>
                        Stornieren<span className="visually-hidden"> ({teams(reservation)}, {formatDateTime(reservation.gameBegin)})</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cancel.isError ? <ErrorAlert error={cancel.error} title="Die Reservation wurde nicht storniert." /> : null}
    </section>
  );
}
