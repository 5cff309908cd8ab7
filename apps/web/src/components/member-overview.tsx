import type { InvoiceSummary, MemberEventSubscription, TicketReservation } from '@club/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { eventSubscriptionsQueryOptions } from '@/lib/own-event-subscriptions';
import { useSession } from '@/lib/session';

/** How many games and events the overview lists before it points to Mein Konto. */
const SHOWN = 3;

const teams = (r: TicketReservation) => (r.homeGame ? `ZSC – ${r.opponent}` : `${r.opponent} – ZSC`);

/** Games still ahead that the member holds tickets for, soonest first. */
export function nextTickets(reservations: readonly TicketReservation[], now: Date): TicketReservation[] {
  return reservations
    .filter((r) => r.status === 'CONFIRMED' && Date.parse(r.gameBegin) > now.getTime())
    .sort((a, b) => a.gameBegin.localeCompare(b.gameBegin));
}

/** Invoices still to pay, the earliest due first. */
export function openInvoices(invoices: readonly InvoiceSummary[]): InvoiceSummary[] {
  return invoices.filter((i) => i.status === 'OPEN').sort((a, b) => a.currentDueDate.localeCompare(b.currentDueDate));
}

/** Events still ahead the member has places at or waits for, soonest first. */
export function nextEvents(subscriptions: readonly MemberEventSubscription[], now: Date): MemberEventSubscription[] {
  return subscriptions
    .filter((s) => !s.eventCancelled && Date.parse(s.eventStart) > now.getTime())
    .sort((a, b) => a.eventStart.localeCompare(b.eventStart));
}

function OverviewCard({ id, title, more, children }: { id: string; title: string; more: ReactNode; children: ReactNode }) {
  return (
    <section className="col-md-4" aria-labelledby={`${id}-heading`} data-testid={id}>
      <div className="card h-100 shadow-sm">
        <div className="card-body d-flex flex-column">
          <h3 id={`${id}-heading`} className="h5 card-title">
            {title}
          </h3>
          {children}
          <p className="mt-auto mb-0 pt-2">{more}</p>
        </div>
      </div>
    </section>
  );
}

/** «Offene Rechnungen»: title, total and due date of each. */
function InvoicesCard({ invoices, account }: { invoices: InvoiceSummary[]; account: string }) {
  return (
    <OverviewCard id="overview-invoices" title="Offene Rechnungen" more={<Link to={`${account}#rechnungen`}>Alle Rechnungen</Link>}>
      {invoices.length === 0 ? (
        <p className="mb-0">Keine offenen Rechnungen.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {invoices.map((i) => (
            <li key={i.id} className="mb-2">
              <span className="fw-semibold">{i.title}</span>
              <br />
              <span className="small">
                {formatMoney(i.total)} · fällig am {formatDate(i.currentDueDate)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </OverviewCard>
  );
}

/** «Ihre nächsten Spiele»: the first games the member holds tickets for. */
function GamesCard({ games, account }: { games: TicketReservation[]; account: string }) {
  return (
    <OverviewCard id="overview-tickets" title="Ihre nächsten Spiele" more={<Link to={`${account}#tickets`}>Alle Ticketreservationen</Link>}>
      {games.length === 0 ? (
        <p className="mb-0">
          Keine Tickets für kommende Spiele. <Link to={paths.ticket.href()}>Zu den Tickets</Link>
        </p>
      ) : (
        <ul className="list-unstyled mb-0">
          {games.slice(0, SHOWN).map((r) => (
            <li key={r.id} className="mb-2">
              <Link to={paths.game.href(r.gameId)} className="fw-semibold">
                {teams(r)}
              </Link>
              <br />
              <span className="small">
                {formatDateTime(r.gameBegin)} Uhr · {r.amount} {r.amount === 1 ? 'Ticket' : 'Tickets'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </OverviewCard>
  );
}

/** «Ihre Veranstaltungen»: the first events the member has places at or waits for. */
function EventsCard({
  subscriptions,
  events,
  account,
}: {
  subscriptions: { isError: boolean; data: readonly MemberEventSubscription[] | undefined };
  events: MemberEventSubscription[];
  account: string;
}) {
  return (
    <OverviewCard id="overview-events" title="Ihre Veranstaltungen" more={<Link to={`${account}#veranstaltungen`}>Alle Anmeldungen</Link>}>
      {subscriptions.isError ? <p className="mb-0">Ihre Anmeldungen konnten nicht geladen werden.</p> : null}
      {subscriptions.data && events.length === 0 ? (
        <p className="mb-0">
          Keine Anmeldungen für kommende Veranstaltungen. <Link to={paths.events.href()}>Zu den Veranstaltungen</Link>
        </p>
      ) : null}
      {events.length > 0 ? (
        <ul className="list-unstyled mb-0">
          {events.slice(0, SHOWN).map((s) => (
            <li key={s.eventId} className="mb-2">
              <Link to={paths.event.href(s.eventId)} className="fw-semibold">
                {s.eventTitle}
              </Link>
              <br />
              <span className="small">
                {formatDateTime(s.eventStart)} Uhr · {formatCount(s.amount, 'Platz', 'Plätze')}
                {s.status === 'WAITING' ? ` · Warteliste${s.waitingPosition ? ` (Platz ${s.waitingPosition})` : ''}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </OverviewCard>
  );
}

/**
 * A logged-in member's start: the next games they hold tickets for, their open invoices and
 * their events, each with the way to the whole list. Reads the session (reservations,
 * invoices) and the member's event places. Home loads it only for members (its own chunk).
 */
export function MemberOverview({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const session = useSession();
  const subscriptions = useQuery({ ...eventSubscriptionsQueryOptions(), enabled: session.loggedIn });
  if (!session.user) return null;
  const now = new Date();
  const games = nextTickets(session.user.ticketReservations, now);
  const invoices = openInvoices(session.user.invoices);
  const events = nextEvents(subscriptions.data ?? [], now);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const account = paths.account.href();
  return (
    <section className="member-overview mb-4" aria-labelledby="overview-heading">
      <Heading id="overview-heading" className={headingLevel === 2 ? 'h4 mb-3' : 'visually-hidden'}>
        Auf einen Blick, {session.user.firstName}
      </Heading>
      <div className="row g-3">
        <InvoicesCard invoices={invoices} account={account} />
        <GamesCard games={games} account={account} />
        <EventsCard subscriptions={subscriptions} events={events} account={account} />
      </div>
    </section>
  );
}
