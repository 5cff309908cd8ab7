import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/loading-spinner';
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
import { eventSubscriptionsQueryOptions } from '../api/get-event-subscriptions';
import { memberCardQueryOptions } from '../api/get-member-card';
import { loadMemberQueries, type ScreenLoader } from '@/lib/loaders';

/** A message another screen left for this one (e.g. after an address change). */
function useNotice(): string | null {
  const { state } = useLocation() as { state: unknown };
  if (state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string') return state.notice;
  return null;
}

export default function AccountPage() {
  const session = useMemberOnly(paths.account.href());
  const queryClient = useQueryClient();
  const notice = useNotice();

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
      <PageHeader title="Mein Konto" intro="Ihre Angaben, Mitgliedschaften, Ticketreservationen und Rechnungen auf einen Blick." />
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-lg-6">
          <PersonalData member={member} />
        </div>
        <div className="col-lg-6">
          <div className="d-flex flex-column gap-4 h-100">
            <MembershipList memberships={member.memberships} />
            <TwoFactorCard />
          </div>
        </div>
      </div>
      {/* The member card of the current season: GET /api/v1/member/card (hand-over feature). */}
      <MemberCardSection />
      {/* Ticket reservations: the list of GET /api/v1/member/ (filled by the tickets feature). */}
      <ReservationList reservations={member.ticketReservations} />
      {/* Invoices: the list of GET /api/v1/member/ (filled by the invoices feature), with PDF download. */}
      <InvoiceList invoices={member.invoices} />
      {/* Event subscriptions: their own call, GET /api/v1/member/eventsubscriptions (events feature). */}
      <EventSubscriptionList />
      <CalendarFeedCard />
      <DataExport />
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadMemberQueries((queryClient) => [
  queryClient.ensureQueryData(eventSubscriptionsQueryOptions()),
  queryClient.ensureQueryData(memberCardQueryOptions()),
  queryClient.ensureQueryData(twoFactorQueryOptions()),
]);
