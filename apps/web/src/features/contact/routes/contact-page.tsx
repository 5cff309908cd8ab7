import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';
import { recipientsQueryOptions, useRecipients } from '../api/get-recipients';
import { ContactForm } from '../components/contact-form';
import { RecipientsAdmin } from '../components/recipients-admin';
import { type ScreenPrefetch } from '@/lib/screen-data';

export default function ContactPage() {
  const { admin } = useSession();
  const recipients = useRecipients();
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

/** The screen's loader (lib/screen-data.ts): its data starts before it shows. */
export const prefetch: ScreenPrefetch = (queryClient) => [queryClient.ensureQueryData(recipientsQueryOptions())];
