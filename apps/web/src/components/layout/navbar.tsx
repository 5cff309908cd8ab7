import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { boardSectionHrefs, externalLinks, paths, serverPaths } from '@/config/paths';
import { useLogout, useSession } from '@/lib/session';
import { membershipItem, useSiteInfo } from '@/lib/site';
import { NavMenu, type NavMenuGroup, type NavMenuItem } from './nav-menu';

/**
 * The Admin menu by task: its eight entries, the board's sections of member screens and the mail to groups,
 * each under the heading a board member looks for. A new board screen joins the group of its task.
 */
const adminGroups: readonly NavMenuGroup[] = [
  {
    heading: 'Mitglieder',
    items: [
      { label: 'Mitgliedschaftanträge', to: paths.adminCandidates.href() },
      { label: 'Mitglieder', to: paths.members.href() },
      { label: 'Mitglieder importieren', to: paths.membersImport.href() },
      { label: 'Mail an Gruppen', to: paths.adminMailings.href() },
    ],
  },
  {
    heading: 'Finanzen',
    items: [
      { label: 'Rechnungsübersicht', to: paths.adminInvoices.href() },
      { label: 'Saisons', to: paths.adminSeasons.href() },
      { label: 'Excel Listen', to: paths.reports.href() },
    ],
  },
  {
    heading: 'Tickets',
    items: [
      { label: 'Spielegruppen', to: paths.gameGroup.href() },
      { label: 'Zustelloptionen', to: paths.deliveryOption.href() },
    ],
  },
  {
    heading: 'Verein',
    items: [
      { label: 'Veranstaltungen', to: paths.eventsAdmin.href() },
      { label: 'Newsletter hochladen', to: boardSectionHrefs.newsletterUpload },
      { label: 'Kontakt-Empfänger', to: boardSectionHrefs.contactRecipients },
    ],
  },
];

const zscItems: readonly NavMenuItem[] = [
  { label: 'ZSC Lions – Team', href: externalLinks.teamHomepage, external: true },
  { label: 'Fan Car buchen', to: paths.fanCar.href() },
  { label: 'Club 21', href: externalLinks.club21, external: true },
  { label: 'Zürcher Schlittschuh Club', href: externalLinks.clubSite, external: true },
];

/** The Verein menu: a visitor also finds the way to join here, a member the newsletters. */
function clubItems(session: { loggedIn: boolean; status: string }, membershipFormUrl: string): NavMenuItem[] {
  const items: NavMenuItem[] = [
    { label: 'Vorstand', to: paths.memberOfTheBoard.href() },
    { label: 'Statuten', to: paths.statuten.href() },
  ];
  if (session.loggedIn) items.push({ label: 'Newsletter', to: paths.newsletter.href() });
  else if (session.status !== 'pending') items.push(membershipItem(membershipFormUrl));
  return items;
}

function Item({ to, end, children }: { to: string; end?: boolean; children: string }) {
  return (
    <li className="nav-item">
      <NavLink className="nav-link" to={to} end={end}>
        {children}
      </NavLink>
    </li>
  );
}

export function Navbar() {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  const { clubName, membershipFormUrl } = useSiteInfo();
  const here = location.pathname + location.search;
  // On a phone the menu is open on the page where it was opened: a link that goes elsewhere closes it.
  const [expandedOn, setExpandedOn] = useState<string | null>(null);
  const expanded = expandedOn === location.pathname;

  return (
    <nav className="navbar navbar-expand-xl navbar-dark site-navbar" aria-label="Hauptnavigation">
      <div className="container">
        <Link to={paths.home.href()} className="navbar-brand d-flex align-items-center gap-2">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{clubName}</span>
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-navigation"
          aria-expanded={expanded}
          aria-label="Navigation ein- oder ausblenden"
          onClick={() => setExpandedOn(expanded ? null : location.pathname)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-navigation" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto">
            <Item to={paths.home.href()} end>
              Home
            </Item>
            <Item to={paths.contact.href()}>Kontakt</Item>
            <Item to={paths.ticket.href()}>Tickets</Item>
            <Item to={paths.events.href()}>Veranstaltungen</Item>
            <NavMenu id="verein-menu" label="Verein" items={clubItems(session, membershipFormUrl)} />
            <NavMenu id="zsc-menu" label="ZSC" items={zscItems} />
            {session.admin ? <NavMenu id="admin-menu" label="Admin" items={adminGroups} /> : null}
          </ul>
          <ul className="navbar-nav">
            {session.loggedIn ? (
              <Item to={paths.account.href()}>Mein Konto</Item>
            ) : (
              <li className="nav-item">
                <a className="nav-link" href={serverPaths.login(paths.account.href())}>
                  Mein Konto
                </a>
              </li>
            )}
            {session.loggedIn ? (
              <li className="nav-item">
                <button type="button" className="nav-link" onClick={() => logout.mutate()} disabled={logout.isPending}>
                  {logout.isPending ? 'Logout…' : logout.isError ? 'Logout (erneut versuchen)' : 'Logout'}
                </button>
              </li>
            ) : session.status !== 'pending' ? (
              <li className="nav-item">
                <a className="nav-link" href={serverPaths.login(here)}>
                  Anmelden
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </nav>
  );
}
