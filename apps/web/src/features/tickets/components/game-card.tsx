import type { Game } from '@club/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime, formatMoney, formatWeekday } from '@/lib/format';
import { isDrawPending, matchup, salesText, ticketCount } from '../lib/games';
import { Matchup } from './matchup';
import { TicketsLeftBadge } from './tickets-left-badge';

/** One upcoming game in the ticket list (Bootstrap's card markup: the list needs no react-bootstrap code). */
export function GameCard({ game, loggedIn }: { game: Game; loggedIn: boolean }) {
  const { title } = matchup(game);
  const headingId = `game-${game.id}-title`;
  const canReserve = loggedIn && game.salesOpen && (game.ticketsMayReserve ?? 0) > 0 && !game.ownRequest;
  const draw = isDrawPending(game);
  const action = draw ? 'Anfrage für die Auslosung' : game.ticketsLeft <= 0 ? 'Auf die Warteliste' : 'Tickets reservieren';
  return (
    <article className={`card h-100 shadow-sm game-card${game.homeGame ? '' : ' game-card-away'}`} aria-labelledby={headingId}>
      <div className="card-body position-relative">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <Matchup opponent={game.opponent} homeGame={game.homeGame} />
          <TicketsLeftBadge left={game.ticketsLeft} start={game.start} sales={game} />
        </div>
        <h3 className="card-title h5 mb-1" id={headingId}>
          <Link to={paths.game.href(game.id)}>{title}</Link>
        </h3>
        <p className="mb-2">
          <span className="fw-semibold">
            {formatWeekday(game.start)}, {formatDateTime(game.start)} Uhr
          </span>
          <br />
          <span className="text-body-secondary">{game.venue}</span>
        </p>
        <p className="mb-1">{formatMoney(game.pricePerTicket)} pro Ticket</p>
        <p className={`mb-0 small ${game.salesOpen ? 'text-success-emphasis' : 'text-body-secondary'}`}>{salesText(game)}</p>
        {draw ? (
          <p className="mb-0 small" data-testid="draw-date">
            Das Los entscheidet: Auslosung am {formatDateTime(game.drawAt)} Uhr.
          </p>
        ) : null}
        {loggedIn && game.ownRequest ? (
          <p className="mb-0 mt-2 small fw-semibold" data-testid="own-request">
            {game.ownRequest.status === 'WAITING'
              ? `Sie stehen auf der Warteliste (Platz ${game.ownRequest.position ?? '–'}).`
              : `Ihre Anfrage für ${ticketCount(game.ownRequest.amount)} nimmt an der Auslosung teil.`}
          </p>
        ) : null}
        {loggedIn && game.ticketsHeld ? (
          <p className="mb-0 mt-2 small fw-semibold" data-testid="tickets-held">
            Sie haben {ticketCount(game.ticketsHeld)} reserviert.
          </p>
        ) : null}
      </div>
      {canReserve ? (
        <div className="card-footer border-0 pt-0 pb-3">
          <Link to={paths.game.href(game.id)} className="btn btn-primary w-100" aria-describedby={headingId}>
            {action}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
