import type { Game } from '@club/contract';
import { formatDateTime, formatMoney, formatWeekday } from '@/lib/format';
import { salesWindowText, ticketCount } from '../lib/games';

/** Date, place, price and sales window of a game as a definition list. */
export function GameFacts({ game }: { game: Game }) {
  return (
    <dl className="game-facts">
      <dt>Datum</dt>
      <dd>
        {formatWeekday(game.start)}, {formatDateTime(game.start)} Uhr
      </dd>
      <dt>Ort</dt>
      <dd>
        {game.venue} <span className="text-body-secondary">({game.homeGame ? 'Heimspiel' : 'Auswärtsspiel'})</span>
      </dd>
      <dt>Preis</dt>
      <dd>{formatMoney(game.pricePerTicket)} pro Ticket</dd>
      <dt>Verkauf</dt>
      <dd>{salesWindowText(game)}</dd>
      <dt>Limite</dt>
      <dd>höchstens {ticketCount(game.freeTicketAmount)} pro Mitglied</dd>
    </dl>
  );
}
