import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { membershipItem, useSiteInfo } from '@/lib/site';

const footerLinks = [
  { label: 'Tickets', to: paths.ticket.href() },
  { label: 'Fan Car', to: paths.fanCar.href() },
  { label: 'Vorstand', to: paths.memberOfTheBoard.href() },
  { label: 'Statuten', to: paths.statuten.href() },
  { label: 'Veranstaltungen', to: paths.events.href() },
  { label: 'Newsletter', to: paths.newsletter.href() },
  { label: 'Protokolle GV', to: paths.documents.href() },
  { label: 'Datenschutzerklärung', to: paths.privacyPolicy.href() },
  { label: 'Impressum', to: paths.imprint.href() },
] as const;

export function Footer() {
  const { clubName, clubAddress, membershipFormUrl } = useSiteInfo();
  const session = useSession();
  const join = session.status !== 'pending' && !session.loggedIn ? membershipItem(membershipFormUrl) : null;
  return (
    <footer className="site-footer mt-auto">
      <div className="container py-4">
        <nav aria-label="Fusszeile">
          <ul className="list-unstyled d-flex flex-wrap mb-3 footer-links">
            {join ? <li>{join.external ? <a href={join.href}>{join.label}</a> : <Link to={join.to}>{join.label}</Link>}</li> : null}
            {footerLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mb-0 small">
          © 2013-2022 {clubName}
          {clubAddress ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="text-nowrap-sm">{clubAddress}</span>
            </>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
