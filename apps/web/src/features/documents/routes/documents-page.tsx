import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths, serverPaths } from '@/config/paths';
import { loadMemberQueries, type ScreenLoader } from '@/lib/loaders';
import { useSession } from '@/lib/session';
import { documentsQueryOptions, useDocuments } from '../api/get-documents';
import { DocumentList } from '../components/document-list';
import { DocumentUploadForm } from '../components/document-upload-form';

const TITLE = 'Protokolle GV';
const INTRO = 'Die Protokolle der Generalversammlungen und weitere Dokumente des Vereins, für Mitglieder als PDF zum Herunterladen.';

export default function DocumentsPage() {
  const session = useSession();
  const documents = useDocuments(session.loggedIn);

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
        <p>Die Dokumente sind den Mitgliedern vorbehalten.</p>
        <a className="btn btn-primary" href={serverPaths.login(paths.documents.href())}>
          Anmelden
        </a>
      </>
    );
  }

  return (
    <>
      <PageHeader title={TITLE} intro={INTRO} />
      {session.admin ? <DocumentUploadForm /> : null}
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="h4">
          Dokumente
        </h2>
        {documents.isPending ? (
          <PageSpinner label="Dokumente werden geladen…" />
        ) : documents.isError ? (
          <ErrorAlert error={documents.error}>
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void documents.refetch()}>
              Erneut versuchen
            </button>
          </ErrorAlert>
        ) : (
          <DocumentList documents={documents.data} canDelete={session.admin} />
        )}
      </section>
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadMemberQueries((queryClient) => [queryClient.ensureQueryData(documentsQueryOptions())]);
