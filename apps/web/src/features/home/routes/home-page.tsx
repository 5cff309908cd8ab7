import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { isOwnPath, useSiteInfo } from '@/lib/site';

/** What a logged-in member sees first (next tickets, open invoices, events): loaded only for members. */
const MemberStart = lazy(() => import('../components/member-start'));

/** The form may live on this site (`/candidates`) or elsewhere. */
function MembershipLink({ href }: { href: string }) {
  const className = 'btn btn-light btn-lg';
  if (isOwnPath(href)) {
    return (
      <Link to={href} className={className}>
        Werde Mitglied
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      Werde Mitglied
    </a>
  );
}

export default function HomePage() {
  useDocumentTitle();
  const { clubName, membershipFormUrl } = useSiteInfo();
  const session = useSession();
  const showMembership = session.status !== 'pending' && !session.loggedIn;

  return (
    <>
      <section className="hero p-4 p-md-5 mb-4" aria-labelledby="welcome-heading">
        <h1 id="welcome-heading" className="display-5 fw-bold">
          Herzlich Willkommen
        </h1>
        <p className="lead mt-3">
          Der {clubName} ist der Verein für alle, die den ZSC mit Herz, Stimme und Schal begleiten – im Stadion in Zürich-Altstetten und
          auswärts in der ganzen Schweiz.
        </p>
        <p>
          Seit 2013 reisen wir gemeinsam im Fan Car an Auswärtsspiele, vergeben unseren Mitgliedern Tickets aus dem Kontingent des Vereins,
          feiern an Stammtischen, Saisonabschluss und Chlausabend und setzen uns für eine friedliche, lautstarke Fankultur ein. Jung und
          Alt, Stehplatz und Sitzplatz – bei uns ist jede und jeder willkommen, deren Herz blau-weiss schlägt.
        </p>
        {showMembership ? (
          <div className="mt-4">
            <p className="mb-2">Noch nicht dabei? Die Mitgliedschaft gilt jeweils für eine Saison vom 1. Mai bis 30. April.</p>
            <MembershipLink href={membershipFormUrl} />
          </div>
        ) : null}
      </section>

      {session.loggedIn ? (
        <Suspense fallback={null}>
          <MemberStart />
        </Suspense>
      ) : null}

      <div className="row g-4">
        <section className="col-md-6" aria-labelledby="tickets-heading">
          <div className="card h-100 feature-card shadow-sm">
            <div className="card-body">
              <h2 id="tickets-heading" className="h4 card-title">
                Kaufe Tickets
              </h2>
              <p className="card-text">
                Als Mitglied haben Sie Zugriff auf das Ticketkontingent des Vereins im Stadion: Spiel wählen, Anzahl Tickets angeben und
                bestimmen, wie die Tickets zu Ihnen kommen.
              </p>
              <Link to={paths.ticket.href()} className="btn btn-primary">
                Tickets
              </Link>
            </div>
          </div>
        </section>
        <section className="col-md-6" aria-labelledby="fancar-heading">
          <div className="card h-100 feature-card shadow-sm">
            <div className="card-body">
              <h2 id="fancar-heading" className="h4 card-title">
                Mit dem Fan Car auswärts
              </h2>
              <p className="card-text">
                Gemeinsam an die Auswärtsspiele: Abfahrt in Zürich, Rückfahrt direkt nach dem Spiel. Preise, Abfahrtsort und Anmeldung
                finden Sie auf der Fan-Car-Seite.
              </p>
              <Link to={paths.fanCar.href()} className="btn btn-outline-primary">
                Zum Fan Car
              </Link>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
