import type { Game, TicketReservation } from '@club/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths, serverPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { gameQueryOptions, useGame } from '../api/get-game';
import { GameFacts } from '../components/game-facts';
import { Matchup } from '../components/matchup';
import { ReservationConfirmation } from '../components/reservation-confirmation';
import { ReservationForm } from '../components/reservation-form';
import { DrawPanel } from '../components/draw-panel';
import { useWithdrawRequest } from '../api/waiting-list';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TicketsLeftBadge } from '../components/tickets-left-badge';
import { isGameOver, matchup, ticketCount } from '../lib/games';
import '../tickets.css';
import { gameDeliveryOptionsQueryOptions } from '../api/get-game-delivery-options';
import { positiveId, loadQueries, type ScreenLoader } from '@/lib/loaders';

/** Whether the member requests for a draw now, joins the waiting list, or reserves. */
function formMode(game: Game): 'reserve' | 'request' | 'waitlist' {
  if (game.saleMode === 'DRAW' && !game.drawnAt) return 'request';
  if (game.ticketsLeft <= 0 && game.salesState === 'OPEN' && game.freeTicketAmount > (game.ticketsHeld ?? 0)) return 'waitlist';
  return 'reserve';
}

/** Why a member cannot reserve now, or null when they can. */
function blockedReason(game: Game): string | null {
  if (isGameOver(game.start)) return 'Dieses Spiel ist vorbei.';
  if (game.salesState === 'NOT_YET_OPEN') return `Der Ticketverkauf für dieses Spiel beginnt am ${formatDateTime(game.salesOpenAt)} Uhr.`;
  if (game.salesState === 'CLOSED') return 'Der Ticketverkauf für dieses Spiel ist geschlossen.';
  if (game.ownRequest) return null;
  if (game.saleMode === 'DRAW' && !game.drawnAt) {
    if (game.drawAt && Date.parse(game.drawAt) <= Date.now()) return 'Die Anfragen sind geschlossen: Die Auslosung läuft.';
    return (game.ticketsMayReserve ?? 0) > 0 ? null : 'Sie haben bereits das Maximum pro Mitglied.';
  }
  if (formMode(game) === 'waitlist') return null;
  if (game.ticketsLeft <= 0) return 'Dieses Spiel ist ausverkauft.';
  if ((game.ticketsMayReserve ?? 0) <= 0) {
    return `Sie haben bereits ${ticketCount(game.ticketsHeld ?? 0)} reserviert – das ist das Maximum pro Mitglied.`;
  }
  return null;
}

function ReservationPanel({ game }: { game: Game }) {
  const session = useSession();
  const [reserved, setReserved] = useState<TicketReservation | null>(null);
  const here = paths.game.href(game.id);

  if (session.status === 'pending') return <PageSpinner />;
  if (!session.loggedIn) {
    return (
      <>
        <p>Tickets aus dem Kontingent des Vereins können nur Mitglieder reservieren.</p>
        <a className="btn btn-primary" href={serverPaths.login(here)}>
          Anmelden und reservieren
        </a>
      </>
    );
  }
  if (reserved) {
    return <ReservationConfirmation reservation={reserved} onAnother={blockedReason(game) ? undefined : () => setReserved(null)} />;
  }
  const blocked = blockedReason(game);
  const mode = formMode(game);
  return (
    <>
      {game.ticketsHeld ? (
        <Alert variant="secondary" className="py-2" data-testid="tickets-held">
          Sie haben für dieses Spiel {ticketCount(game.ticketsHeld)} reserviert (<Link to={paths.account.href()}>Mein Konto</Link>).
        </Alert>
      ) : null}
      {game.ownRequest ? (
        <OwnRequest game={game} request={game.ownRequest} />
      ) : blocked ? (
        <p className="mb-0 fw-semibold">{blocked}</p>
      ) : (
        <>
          {mode === 'waitlist' ? (
            <p className="fw-semibold">
              Dieses Spiel ist ausverkauft. Setzen Sie sich auf die Warteliste: Werden Tickets frei, gehen sie sofort an die erste Anfrage,
              die ganz Platz hat. Sie zahlen erst, wenn Sie Tickets erhalten.
            </p>
          ) : null}
          {mode === 'request' ? (
            <p>
              Für dieses Spiel entscheidet das Los: Fragen Sie bis zum {formatDateTime(game.drawAt)} Uhr an. Jede Anfrage wird ganz oder gar
              nicht bedient; langjährige Mitglieder und wer zuletzt kein Glück hatte, haben bessere Chancen.
            </p>
          ) : null}
          <ReservationForm key={`${game.id}-${mode}`} game={game} onReserved={setReserved} mode={mode} />
        </>
      )}
    </>
  );
}

/** The member's request for the draw or place on the waiting list, with the way out. */
function OwnRequest({ game, request }: { game: Game; request: NonNullable<Game['ownRequest']> }) {
  const withdraw = useWithdrawRequest();
  const [confirming, setConfirming] = useState(false);
  const waiting = request.status === 'WAITING';
  return (
    <div data-testid="own-request">
      <Alert variant="info" className="py-2">
        {waiting
          ? `Sie stehen auf der Warteliste (Platz ${request.position ?? '–'}) mit ${ticketCount(request.amount)}. Werden Tickets frei, erhalten Sie sie, sobald Ihre ganze Anfrage Platz hat; erst dann zahlen Sie.`
          : `Ihre Anfrage für ${ticketCount(request.amount)} nimmt an der Auslosung am ${formatDateTime(game.drawAt)} Uhr teil. Bis dahin können Sie sie zurückziehen.`}
      </Alert>
      <Button variant="outline-danger" onClick={() => setConfirming(true)} disabled={withdraw.isPending}>
        {waiting ? 'Warteliste verlassen' : 'Anfrage zurückziehen'}
      </Button>
      <ConfirmDialog
        show={confirming}
        title={waiting ? 'Warteliste verlassen?' : 'Anfrage zurückziehen?'}
        confirmLabel={waiting ? 'Verlassen' : 'Zurückziehen'}
        pending={withdraw.isPending}
        error={withdraw.error}
        onCancel={() => {
          withdraw.reset();
          setConfirming(false);
        }}
        onConfirm={() => withdraw.mutate(request.id, { onSuccess: () => setConfirming(false) })}
      >
        {waiting ? 'Ihr Platz auf der Warteliste geht verloren.' : 'Ihre Anfrage nimmt dann nicht an der Auslosung teil.'}
      </ConfirmDialog>
    </div>
  );
}

export default function GamePage() {
  const { id } = useParams();
  const gameId = positiveId(id) ?? 0;
  const valid = gameId > 0;
  const game = useGame(valid ? gameId : 0, valid);

  if (!valid || game.isError) {
    return (
      <>
        <PageHeader title="Spiel" />
        <ErrorAlert error={valid ? game.error : undefined} message={valid ? undefined : 'Dieses Spiel gibt es nicht.'} />
        <Link to={paths.ticket.href()}>Zur Spielübersicht</Link>
      </>
    );
  }
  if (game.isPending || !game.data) {
    return (
      <>
        <PageHeader title="Spiel" />
        <PageSpinner label="Spiel wird geladen…" />
      </>
    );
  }

  const g = game.data;
  return (
    <>
      <PageHeader title={matchup(g).title} intro={g.gameGroupName} />
      <p className="mb-3">
        <Link to={paths.ticket.href()}>← Alle Spiele</Link>
      </p>
      <div className="row g-4">
        <div className="col-lg-5">
          <Card className="shadow-sm game-card">
            <Card.Body>
              <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
                <Matchup opponent={g.opponent} homeGame={g.homeGame} size={64} />
                <TicketsLeftBadge left={g.ticketsLeft} start={g.start} sales={g} />
              </div>
              <h2 className="visually-hidden">Angaben zum Spiel</h2>
              <GameFacts game={g} />
            </Card.Body>
          </Card>
        </div>
        <div className="col-lg-7">
          <Card className="shadow-sm h-100">
            <Card.Body>
              <h2 id="reservation-heading" className="h4">
                {g.saleMode === 'DRAW' && !g.drawnAt ? 'Tickets anfragen' : 'Tickets reservieren'}
              </h2>
              <ReservationPanel game={g} />
              {g.saleMode === 'DRAW' ? <DrawPanel game={g} /> : null}
            </Card.Body>
          </Card>
        </div>
      </div>
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id ? [queryClient.ensureQueryData(gameQueryOptions(id)), queryClient.ensureQueryData(gameDeliveryOptionsQueryOptions(id))] : [];
});
