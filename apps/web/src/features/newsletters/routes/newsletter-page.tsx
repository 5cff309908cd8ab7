import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths, serverPaths } from '@/config/paths';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { useSession } from '@/lib/session';
import { newslettersQueryOptions, useNewsletters } from '../api/get-newsletters';
import { NewsletterList } from '../components/newsletter-list';
import { UploadForm } from '../components/upload-form';
import { loadMemberQueries, type ScreenLoader } from '@/lib/loaders';

const TITLE = 'Newsletter';
const INTRO = 'Hier lesen Mitglieder die Newsletter des Vereins und laden sie als PDF herunter.';

export default function NewsletterPage() {
  const session = useSession();
  const newsletters = useNewsletters(session.loggedIn);
  // The Admin menu's 'Newsletter hochladen' leads to the upload form.
  useScrollToHash(session.admin);

  if (session.status === 'pending') {
    return (
      <>
        <PageHeader title={TITLE} intro={INTRO} />
        <PageSpinner />
      </>
    );
  }

  if (!session.loggedIn) {
    return (
      <>
        <PageHeader title={TITLE} intro={INTRO} />
        <p>Die Newsletter sind den Mitgliedern vorbehalten.</p>
        <a className="btn btn-primary" href={serverPaths.login(paths.newsletter.href())}>
          Anmelden
        </a>
      </>
    );
  }

  return (
    <>
      <PageHeader title={TITLE} intro={INTRO} />
      {session.admin ? <UploadForm /> : null}
      <section aria-labelledby="newsletters-heading">
        <h2 id="newsletters-heading" className="h4">
          Ausgaben
        </h2>
        {newsletters.isPending ? (
          <PageSpinner label="Newsletter werden geladen…" />
        ) : newsletters.isError ? (
          <ErrorAlert error={newsletters.error}>
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void newsletters.refetch()}>
              Erneut versuchen
            </button>
          </ErrorAlert>
        ) : (
          <NewsletterList newsletters={newsletters.data} canDelete={session.admin} />
        )}
      </section>
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadMemberQueries((queryClient) => [queryClient.ensureQueryData(newslettersQueryOptions())]);
