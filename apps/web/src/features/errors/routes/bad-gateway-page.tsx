import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith(paths.badGateway.path) ? from : paths.home.href();
}

export default function BadGatewayPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const from = returnPath(location.state);

  const retry = async () => {
    // Failed answers must not come back from the cache on the second try.
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    await navigate(from, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Server nicht erreichbar"
        intro="Unser Server antwortet im Moment nicht (Fehler 502). Das ist meist nach wenigen Minuten behoben."
      />
      <p>Falls Sie gerade etwas abgeschickt haben, prüfen Sie danach bitte, ob es angekommen ist.</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => void retry()}>
          Erneut versuchen
        </button>
        <Link to={paths.home.href()} className="btn btn-outline-primary">
          Zur Startseite
        </Link>
      </div>
    </>
  );
}
