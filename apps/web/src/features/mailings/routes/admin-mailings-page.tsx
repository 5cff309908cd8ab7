import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';
import { mailingGroupsQueryOptions, useMailingGroups } from '../api/get-mailing-groups';
import { mailingsQueryOptions, useMailings } from '../api/get-mailings';
import { MailingForm } from '../components/mailing-form';
import { MailingList } from '../components/mailing-list';

export default function AdminMailingsPage() {
  const groups = useMailingGroups();
  const mailings = useMailings();
  return (
    <>
      <PageHeader
        title="Mail an Gruppen"
        intro="Eine Mail an die Mitglieder einer Saison oder Kategorie, die Angemeldeten einer Veranstaltung, die Ticketinhaber eines Spiels oder den Vorstand. Jedes Mitglied erhält sie einzeln, mit persönlicher Anrede."
      />
      {groups.isPending ? <PageSpinner label="Gruppen werden geladen…" /> : null}
      {groups.isError ? <ErrorAlert error={groups.error} title="Die Gruppen konnten nicht geladen werden." /> : null}
      {groups.data ? <MailingForm groups={groups.data} /> : null}
      <section aria-labelledby="mailings-heading">
        <h2 id="mailings-heading" className="h4">
          Gesendete Mails
        </h2>
        {mailings.isPending ? <PageSpinner label="Mails werden geladen…" /> : null}
        {mailings.isError ? <ErrorAlert error={mailings.error} title="Die gesendeten Mails konnten nicht geladen werden." /> : null}
        {mailings.data ? <MailingList mailings={mailings.data} /> : null}
      </section>
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient) => [
  queryClient.ensureQueryData(mailingGroupsQueryOptions()),
  queryClient.ensureQueryData(mailingsQueryOptions()),
]);
