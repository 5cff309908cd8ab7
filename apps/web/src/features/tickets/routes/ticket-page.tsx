import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths, serverPaths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { gamesQueryOptions, useGames } from '../api/get-games';
import { GameCard } from '../components/game-card';
import { groupByGameGroup } from '../lib/games';
import '../tickets.css';
import { loadQueries, type ScreenLoader } from '@/lib/loaders';

export default function TicketPage() {
  const session = useSession();
  const games = useGames();
  const visitor = session.status === 'settled' && !session.loggedIn;

  return (
    <>
      <PageHeader
        title="Tickets"
        intro="Die Spiele, für die Mitglieder Tickets aus dem Stadionkontingent des Vereins reservieren können."
      />
      {visitor ? (
        <div role="alert" className="alert alert-info d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>Tickets reservieren können nur Mitglieder. Bitte melden Sie sich an.</span>
          <a className="btn btn-primary" href={serverPaths.login(paths.ticket.href())}>
            Anmelden und reservieren
          </a>
        </div>
      ) : null}
      {games.isPending ? <PageSpinner label="Spiele werden geladen…" /> : null}
      {games.isError ? (
        <ErrorAlert error={games.error}>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void games.refetch()}>
            Erneut versuchen
          </button>
        </ErrorAlert>
      ) : null}
      {games.data && games.data.length === 0 ? (
        <p className="lead">Zurzeit sind keine Spiele geplant. Schauen Sie bald wieder vorbei.</p>
      ) : null}
      {games.data
        ? groupByGameGroup(games.data).map((section) => (
            <section key={section.id} className="mb-5" aria-labelledby={`group-${section.id}`}>
              <h2 id={`group-${section.id}`} className="h4 mb-3">
                {section.name}
              </h2>
              <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3">
                {section.games.map((game) => (
                  <div className="col" key={game.id}>
                    <GameCard game={game} loggedIn={session.loggedIn} />
                  </div>
                ))}
              </div>
            </section>
          ))
        : null}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadQueries((queryClient) => [queryClient.ensureQueryData(gamesQueryOptions())]);
