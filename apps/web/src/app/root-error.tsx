import { paths } from '@/config/paths';

/** Last line of defence when even the frame of the site fails to render: a plain page that needs nothing of the app: no router, no queries. */
export function AppErrorPage() {
  return (
    <main id="main" className="container py-5">
      <h1>Etwas ist schiefgelaufen</h1>
      <p className="lead">Die Seite kann im Moment nicht angezeigt werden. Bitte laden Sie sie neu oder versuchen Sie es später erneut.</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
        <a className="btn btn-outline-primary" href={paths.home.href()}>
          Zur Startseite
        </a>
      </div>
    </main>
  );
}
