import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths, serverPaths } from '@/config/paths';
import { redirectToLogin, sessionQueryKey, useSession } from '@/lib/session';
import { InvoiceList } from '../components/invoice-list';
import { MembershipList } from '../components/membership-list';
import { PersonalData } from '../components/personal-data';
import { ReservationList } from '../components/reservation-list';

export default function AccountPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const visitor = session.status === 'settled' && !session.loggedIn;
  // Someone who was logged in here and just logged out is on the way Home, not to the login.
  const [wasMember, setWasMember] = useState(false);
  if (session.loggedIn && !wasMember) setWasMember(true);

  // Only members have an account page: a visitor goes to the login and comes back here.
  useEffect(() => {
    if (visitor && !wasMember) redirectToLogin(paths.account.href());
  }, [visitor, wasMember]);

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
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void queryClient.refetchQueries({ queryKey: sessionQueryKey })}>
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
      <div className="row g-4">
        <div className="col-lg-6">
          <PersonalData member={member} />
        </div>
        <div className="col-lg-6">
          <MembershipList memberships={member.memberships} />
        </div>
      </div>
      <ReservationList reservations={member.ticketReservations} />
      <InvoiceList invoices={member.invoices} />
    </>
  );
}
