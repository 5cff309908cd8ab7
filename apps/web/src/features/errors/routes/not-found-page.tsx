import { Link, useLocation } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader
        title="Seite nicht gefunden"
        intro="Diese Seite gibt es bei uns nicht – vielleicht ein Tippfehler oder ein veralteter Link."
      />
      <p className="text-body-secondary">
        Gesuchte Adresse: <code>{pathname}</code>
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Link to={paths.home.href()} className="btn btn-primary">
          Zur Startseite
        </Link>
        <Link to={paths.contact.href()} className="btn btn-outline-primary">
          Kontakt aufnehmen
        </Link>
      </div>
    </>
  );
}
