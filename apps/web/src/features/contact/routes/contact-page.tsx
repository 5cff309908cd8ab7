import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { useSession } from '@/lib/session';
import { recipientsQueryOptions, useRecipients } from '../api/get-recipients';
import { ContactForm } from '../components/contact-form';
import { RecipientsAdmin } from '../components/recipients-admin';
import { loadQueries, type ScreenLoader } from '@/lib/loaders';

export default function ContactPage() {
  const { admin } = useSession();
  const recipients = useRecipients();
  // The Admin menu's 'Kontakt-Empfänger' leads to the board's section below the form.
  useScrollToHash(admin && !recipients.isPending);
  return (
    <>
      <PageHeader
        title="Kontakt"
        intro="Schreiben Sie dem Präsidenten, der Ticketverantwortlichen, dem Kassier oder dem ganzen Vorstand."
      />
      <div className="row">
        <div className="col-lg-9 col-xl-8">
          {recipients.isPending ? (
            <PageSpinner label="Formular wird geladen…" />
          ) : recipients.isError ? (
            <ErrorAlert error={recipients.error}>
              <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void recipients.refetch()}>
                Erneut versuchen
              </button>
            </ErrorAlert>
          ) : recipients.data.length === 0 ? (
            <p>Das Kontaktformular ist im Moment nicht verfügbar.</p>
          ) : (
            <ContactForm recipients={recipients.data} />
          )}
          {admin ? <RecipientsAdmin /> : null}
        </div>
      </div>
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadQueries((queryClient) => [queryClient.ensureQueryData(recipientsQueryOptions())]);
