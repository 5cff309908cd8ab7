import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/** The error boundary of every route: the header and footer stay, the content says what went wrong. */
export function RouteError({ error }: { error: unknown }) {
  if (isApiError(error) && error.status === 404) {
    return (
      <>
        <PageHeader title="Nicht gefunden" intro="Was Sie suchen, gibt es nicht (mehr)." />
        <Link to={paths.home.href()} className="btn btn-primary">
          Zur Startseite
        </Link>
      </>
    );
  }

  if (isChunkLoadError(error)) {
    return (
      <>
        <PageHeader
          title="Seite konnte nicht geladen werden"
          intro="Vermutlich wurde die Website inzwischen aktualisiert oder die Verbindung ist unterbrochen."
        />
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
      </>
    );
  }

  console.error(error);
  return (
    <>
      <PageHeader
        title="Etwas ist schiefgelaufen"
        intro={
          isApiError(error) ? error.message : 'Diese Seite kann im Moment nicht angezeigt werden. Bitte versuchen Sie es später erneut.'
        }
      />
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
        <Link to={paths.home.href()} className="btn btn-outline-primary">
          Zur Startseite
        </Link>
      </div>
    </>
  );
}
