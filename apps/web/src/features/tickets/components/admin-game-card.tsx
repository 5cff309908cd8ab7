import { ADMIN_RESERVATIONS_PAGE_SIZE, type AdminGame } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/config/paths';
import { formatCountry, formatDateTime, formatWeekday } from '@/lib/format';
import { useMoreGameReservations } from '../api/admin-game-reservations';
import { matchup, salesText, ticketCount } from '../lib/games';
import { Matchup } from './matchup';
import { DrawButton, ListActions, ReservationState } from './game-list-actions';

interface AdminGameCardProps {
  game: AdminGame;
  quota: number;
  onEdit: () => void;
  onDelete: () => void;
}

type AdminReservation = NonNullable<AdminGame['reservations']>[number];

/** Matchup, date, venue and sales window, with the game's buttons (draw, hand-over, edit, delete). */
function GameHeader({ game, quota, title, headingId, onEdit, onDelete }: AdminGameCardProps & { title: string; headingId: string }) {
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
      <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-2 gap-sm-3">
        <Matchup opponent={game.opponent} homeGame={game.homeGame} size={40} />
        <div>
          <h3 id={headingId} className="h5 mb-0">
            {title}
          </h3>
          <div>
            {formatWeekday(game.start)}, {formatDateTime(game.start)} Uhr
          </div>
          <div className="small text-body-secondary">
            {game.venue} · {game.homeGame ? 'Heimspiel' : 'Auswärtsspiel'} · {salesText(game)}
          </div>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <DrawButton game={game} quota={quota} title={title} />
        <Link
          className="btn btn-primary btn-sm"
          to={paths.gameHandover.href(game.id)}
          aria-label={`Ticketausgabe ${title} vom ${formatDateTime(game.start)}`}
        >
          Ticketausgabe
        </Link>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={onEdit}
          aria-label={`Spiel ${title} vom ${formatDateTime(game.start)} bearbeiten`}
        >
          Bearbeiten
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          onClick={onDelete}
          aria-label={`Spiel ${title} vom ${formatDateTime(game.start)} löschen`}
        >
          Löschen
        </Button>
      </div>
    </div>
  );
}

/** Reserved of the quota as a bar, with the requests for the draw and the waiting list. */
function QuotaBar({ game, quota }: { game: AdminGame; quota: number }) {
  const percent = quota > 0 ? Math.min(100, Math.round((game.reserved / quota) * 100)) : 100;
  return (
    <div className="mt-3">
      <div className="d-flex justify-content-between small">
        <span className="fw-semibold" data-testid="reserved-of-quota">
          {game.reserved} / {quota} reserviert
        </span>
        <span>{game.ticketsLeft > 0 ? `${game.ticketsLeft} frei` : 'ausverkauft'}</span>
      </div>
      {game.saleMode === 'DRAW' || game.waiting > 0 ? (
        <div className="small" data-testid="requested-of-quota">
          {game.saleMode === 'DRAW'
            ? `Auslosung ${game.drawnAt ? 'erfolgt' : `am ${formatDateTime(game.drawAt)} Uhr`} · ${ticketCount(game.requested)} angefragt / ${quota} Kontingent · `
            : ''}
          {ticketCount(game.waiting)} auf der Warteliste
        </div>
      ) : null}
      <div
        className="progress quota-bar mt-1"
        role="progressbar"
        aria-label={`${game.reserved} von ${quota} Tickets reserviert`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={`progress-bar ${game.ticketsLeft <= 0 ? 'bg-danger' : 'bg-primary'}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The reservations loaded so far: member, amount, delivery, address, date, state and the board's actions. */
function ReservationsTable({ reservations, title }: { reservations: AdminReservation[]; title: string }) {
  return (
    <div className="table-responsive scroll-region" tabIndex={0} role="region" aria-label={`Reservationen für ${title}`}>
      <table className="table table-sm table-striped align-middle mb-0 admin-reservations">
        <caption className="visually-hidden">Reservationen für {title}</caption>
        <thead>
          <tr>
            <th scope="col">Mitglied</th>
            <th scope="col" className="text-end">
              Anzahl
            </th>
            <th scope="col">Zustellung</th>
            <th scope="col">Lieferadresse</th>
            <th scope="col">Reserviert am</th>
            <th scope="col">Stand</th>
            <th scope="col">
              <span className="visually-hidden">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {reservations.map((r) => {
            const a = r.deliveryAddress;
            return (
              <tr key={r.id}>
                <td className="member-cell">
                  {r.member.firstName} {r.member.lastName} <span className="text-body-secondary small">(Nr. {r.member.memberNumber})</span>
                </td>
                <td className="text-end">{r.amount}</td>
                <td>{r.deliveryOption.name}</td>
                <td>
                  {a.street} {a.houseNumber}
                  {a.addressLine2 ? `, ${a.addressLine2}` : ''}, {a.postalCode} {a.city}
                  {a.country !== 'CH' ? `, ${formatCountry(a.country)}` : ''}
                </td>
                <td className="text-nowrap">{formatDateTime(r.createdAt)}</td>
                <td>
                  <ReservationState reservation={r} />
                </td>
                <td>
                  <ListActions reservation={r} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The game's reservations, the first page with the game and the next ones on «Mehr anzeigen». */
function GameReservations({ game, title }: { game: AdminGame; title: string }) {
  const [showMore, setShowMore] = useState(false);
  const more = useMoreGameReservations(game.id, showMore);
  const reservations = [...(game.reservations ?? []), ...(more.data?.pages.flatMap((p) => p.items) ?? [])];
  const left = Math.max(0, game.reservationCount - reservations.length);
  // The button's name starts with what it shows (speech input users say what they see).
  const moreLabel = more.isFetching ? 'Wird geladen…' : `Mehr anzeigen (${Math.min(left, ADMIN_RESERVATIONS_PAGE_SIZE)} weitere)`;
  return (
    <>
      <h4 className="h6 mt-3">Reservationen{game.reservationCount > 0 ? ` (${game.reservationCount})` : ''}</h4>
      {reservations.length === 0 ? (
        <p className="small mb-0">Noch keine Reservationen.</p>
      ) : (
        <ReservationsTable reservations={reservations} title={title} />
      )}
      {more.isError ? <ErrorAlert error={more.error} title="Weitere Reservationen konnten nicht geladen werden." /> : null}
      {left > 0 ? (
        <p className="mt-2 mb-0 d-flex flex-wrap align-items-center gap-2">
          <span className="small">
            {reservations.length} von {game.reservationCount} Reservationen
          </span>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={more.isFetching}
            onClick={() => (showMore ? void more.fetchNextPage() : setShowMore(true))}
            aria-label={`${moreLabel} – Reservationen für ${title}`}
          >
            {moreLabel}
          </Button>
        </p>
      ) : null}
    </>
  );
}

/** One game on the board's group screen: reserved / quota and its reservations, 50 at a time («Mehr anzeigen»). */
export function AdminGameCard({ game, quota, onEdit, onDelete }: AdminGameCardProps) {
  const { title } = matchup(game);
  const headingId = `admin-game-${game.id}`;
  return (
    <Card as="article" className="mb-3 shadow-sm" aria-labelledby={headingId} data-testid={`admin-game-${game.id}`}>
      <Card.Body>
        <GameHeader game={game} quota={quota} title={title} headingId={headingId} onEdit={onEdit} onDelete={onDelete} />
        <QuotaBar game={game} quota={quota} />
        <GameReservations game={game} title={title} />
      </Card.Body>
    </Card>
  );
}
