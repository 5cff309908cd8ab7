import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { MemberOverview } from '@/components/member-overview';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { paths, serverPaths } from '@/config/paths';
import * as queryKeys from '@/lib/query-keys';
import { DataExport } from '../components/data-export';
import { EventSubscriptionList } from '../components/event-subscription-list';
import { InvoiceList } from '../components/invoice-list';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { MemberCardSection } from '../components/member-card';
import { MembershipList } from '../components/membership-list';
import { PersonalData } from '../components/personal-data';
import { ReservationList } from '../components/reservation-list';
import { TwoFactorCard } from '../components/two-factor-card';
import { twoFactorQueryOptions } from '../api/get-two-factor';
import { useMemberOnly } from '../lib/use-member-only';
import { eventSubscriptionsQueryOptions } from '@/lib/own-event-subscriptions';
import { memberCardQueryOptions } from '../api/get-member-card';
import { loadMemberQueries, type ScreenLoader } from '@/lib/loaders';

/** The parts of the page the index at the top leads to (anchors: `/account#rechnungen`). */
const SECTIONS = [
  ['tickets', 'Tickets'],
  ['veranstaltungen', 'Veranstaltungen'],
  ['rechnungen', 'Rechnungen'],
  ['ausweis', 'Ausweis'],
  ['daten', 'Daten'],
  ['sicherheit', 'Sicherheit'],
] as const;

/** A message another screen left for this one (e.g. after an address change). */
function useNotice(): string | null {
  const { state } = useLocation() as { state: unknown };
  if (state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string') return state.notice;
  return null;
}

type Member = NonNullable<ReturnType<typeof useMemberOnly>['user']>;

/** The index at the top: plain anchors to the parts of the page. */
function AccountIndex() {
  return (
    <nav aria-label="Bereiche von Mein Konto" className="account-index mb-4">
      <ul className="nav nav-pills gap-1">
        {SECTIONS.map(([id, label]) => (
          <li key={id} className="nav-item">
            <a className="nav-link border" href={`#${id}`}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The parts of the page, each under its anchor: tickets, events, invoices, card, data and security. */
function AccountParts({ member }: { member: Member }) {
  return (
    <>
      <div id="tickets" className="account-part">
        <ReservationList reservations={member.ticketReservations} />
      </div>
      <div id="veranstaltungen" className="account-part">
        <EventSubscriptionList />
      </div>
      <div id="rechnungen" className="account-part">
        <InvoiceList invoices={member.invoices} />
      </div>
      <div id="ausweis" className="account-part">
        <MemberCardSection />
      </div>
      <div id="daten" className="account-part mt-4">
        <div className="row g-4">
          <div className="col-lg-6">
            <PersonalData member={member} />
          </div>
          <div className="col-lg-6">
            <MembershipList memberships={member.memberships} />
          </div>
        </div>
        <CalendarFeedCard />
        <DataExport />
      </div>
      <div id="sicherheit" className="account-part mt-4">
        <TwoFactorCard />
      </div>
    </>
  );
}

export default function AccountPage() {
  const session = useMemberOnly(paths.account.href());
  const queryClient = useQueryClient();
  const notice = useNotice();
  useScrollToHash(session.loggedIn);

  if (session.status === 'pending') {
    return (
      <>
        <PageHeader title="Mein Konto" />
        <PageSpinner />
      </>
    );
  }

  if (session.status === 'error') {
    return (
      <>
        <PageHeader title="Mein Konto" />
        <ErrorAlert message="Ihre Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.">
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void queryClient.refetchQueries({ queryKey: queryKeys.session })}
          >
            Erneut versuchen
          </button>
        </ErrorAlert>
      </>
    );
  }

  if (!session.user) {
    return (
      <>
        <PageHeader title="Mein Konto" intro="Bitte melden Sie sich an, um Ihr Konto zu sehen." />
        <p>
          Sie werden zur Anmeldung weitergeleitet. Falls nicht: <a href={serverPaths.login(paths.account.href())}>Jetzt anmelden</a>.
        </p>
      </>
    );
  }

  const member = session.user;
  return (
    <>
      <PageHeader title="Mein Konto" intro="Ihre Tickets, Veranstaltungen, Rechnungen, Angaben und Ihr Login auf einen Blick." />
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <AccountIndex />
      <MemberOverview />
      <AccountParts member={member} />
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadMemberQueries((queryClient) => [
  queryClient.ensureQueryData(eventSubscriptionsQueryOptions()),
  queryClient.ensureQueryData(memberCardQueryOptions()),
  queryClient.ensureQueryData(twoFactorQueryOptions()),
]);
