import { MembersPdfPage } from '@/components/ui/members-pdf-page';
import { paths } from '@/config/paths';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { loadMemberQueries, type ScreenLoader } from '@/lib/loaders';
import { useSession } from '@/lib/session';
import { newslettersQueryOptions, useNewsletters } from '../api/get-newsletters';
import { NewsletterList } from '../components/newsletter-list';
import { UploadForm } from '../components/upload-form';

export default function NewsletterPage() {
  const session = useSession();
  const newsletters = useNewsletters(session.loggedIn);
  // The Admin menu's 'Newsletter hochladen' leads to the upload form.
  useScrollToHash(session.admin);
  return (
    <MembersPdfPage
      title="Newsletter"
      intro="Hier lesen Mitglieder die Newsletter des Vereins und laden sie als PDF herunter."
      returnTo={paths.newsletter.href()}
      membersOnly="Die Newsletter sind den Mitgliedern vorbehalten."
      heading="Ausgaben"
      headingId="newsletters-heading"
      loadingLabel="Newsletter werden geladen…"
      list={newsletters}
      upload={<UploadForm />}
    >
      {(data) => <NewsletterList newsletters={data} canDelete={session.admin} />}
    </MembersPdfPage>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadMemberQueries((queryClient) => [queryClient.ensureQueryData(newslettersQueryOptions())]);
