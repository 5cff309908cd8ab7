import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner, PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { memberQueryOptions, useMember } from '../api/get-member';
import { EventSubscriptionsCard, MailsCard, ReservationsCard } from '../components/activity-cards';
import { AddressesCard } from '../components/addresses-card';
import { AuditLogCard } from '../components/audit-log-card';
import { ErasureCard } from '../components/erasure-card';
import { InvoicesCard } from '../components/invoices-card';
import { LoginCard } from '../components/login-card';
import { MembershipsCard } from '../components/memberships-card';
import { PersonalDataCard } from '../components/personal-data-card';
import { PhonesCard } from '../components/phones-card';
import { RolesCard } from '../components/roles-card';
import { loadBoardQueries, positiveId, type ScreenLoader } from '@/lib/loaders';

function BackLink() {
  return (
    <p className="mb-2">
      <Link to={paths.members.href()}>‹ Zurück zur Mitgliederliste</Link>
    </p>
  );
}

type MemberDetail = NonNullable<ReturnType<typeof useMember>['data']>;

/** Active or not, board, anonymised, and a spinner while the page is read again. */
function MemberBadges({ member, fetching }: { member: MemberDetail['member']; fetching: boolean }) {
  return (
    <p className="mt-2 mb-0 d-flex flex-wrap align-items-center gap-2">
      {member.active ? (
        <span className="badge text-bg-success">Aktives Mitglied</span>
      ) : (
        <span className="badge text-bg-secondary">Keine aktuelle Mitgliedschaft</span>
      )}
      {member.roles.includes('MEMBER_OF_THE_BOARD') ? <span className="badge text-bg-info">Vorstand</span> : null}
      {member.anonymisedAt ? <span className="badge text-bg-dark">Anonymisiert</span> : null}
      {fetching ? <LoadingSpinner size="sm" label="Wird aktualisiert…" /> : null}
    </p>
  );
}

/** The member's cards: data, phones, roles, login, addresses, memberships, money, tickets, events, mails, log, erasure. */
function MemberCards({ detail }: { detail: MemberDetail }) {
  const { member } = detail;
  return (
    <div className="row g-4">
      <div className="col-lg-6">
        <PersonalDataCard member={member} />
      </div>
      <div className="col-lg-6">
        <div className="d-flex flex-column gap-4 h-100">
          <PhonesCard member={member} />
          <RolesCard member={member} />
          <LoginCard member={member} />
        </div>
      </div>
      <div className="col-lg-6">
        <AddressesCard memberId={member.id} addresses={detail.addresses} />
      </div>
      <div className="col-lg-6">
        <MembershipsCard memberId={member.id} memberships={detail.memberships} />
      </div>
      <div className="col-lg-6">
        <InvoicesCard memberId={member.id} invoices={detail.invoices} payments={detail.payments} />
      </div>
      <div className="col-lg-6">
        <ReservationsCard reservations={detail.ticketReservations} />
      </div>
      <div className="col-lg-6">
        <EventSubscriptionsCard subscriptions={detail.eventSubscriptions} />
      </div>
      <div className="col-lg-6">
        <MailsCard mails={detail.mails} />
      </div>
      <div className="col-lg-6">
        <AuditLogCard entries={detail.auditLog} />
      </div>
      <div className="col-lg-6">
        <ErasureCard member={member} />
      </div>
    </div>
  );
}

export default function MemberAdminPage() {
  const params = useParams();
  const id = positiveId(params.id) ?? 0;
  const valid = id > 0;
  const detail = useMember(valid ? id : 0, valid);

  if (!valid || (isApiError(detail.error) && detail.error.status === 404)) {
    return (
      <>
        <BackLink />
        <PageHeader title="Mitglied nicht gefunden" intro="Dieses Mitglied gibt es nicht." />
      </>
    );
  }
  if (detail.isPending) {
    return (
      <>
        <BackLink />
        <PageHeader title="Mitglied" />
        <PageSpinner label="Mitglied wird geladen…" />
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        <BackLink />
        <PageHeader title="Mitglied" />
        <ErrorAlert error={detail.error} title="Das Mitglied konnte nicht geladen werden." />
      </>
    );
  }

  const { member } = detail.data;
  return (
    <>
      <BackLink />
      <PageHeader title={`${member.firstName} ${member.lastName}`} intro={`Mitglied Nr. ${member.memberNumber}`}>
        <MemberBadges member={member} fetching={detail.isFetching} />
      </PageHeader>
      <MemberCards detail={detail.data} />
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id ? [queryClient.ensureQueryData(memberQueryOptions(id))] : [];
});
