import { MembersPdfPage } from '@/components/ui/members-pdf-page';
import { paths } from '@/config/paths';
import { loadMemberQueries, type ScreenLoader } from '@/lib/loaders';
import { useSession } from '@/lib/session';
import { documentsQueryOptions, useDocuments } from '../api/get-documents';
import { DocumentList } from '../components/document-list';
import { DocumentUploadForm } from '../components/document-upload-form';

export default function DocumentsPage() {
  const session = useSession();
  const documents = useDocuments(session.loggedIn);
  return (
    <MembersPdfPage
      title="Protokolle GV"
      intro="Die Protokolle der Generalversammlungen und weitere Dokumente des Vereins, für Mitglieder als PDF zum Herunterladen."
      returnTo={paths.documents.href()}
      membersOnly="Die Dokumente sind den Mitgliedern vorbehalten."
      heading="Dokumente"
      headingId="documents-heading"
      loadingLabel="Dokumente werden geladen…"
      list={documents}
      upload={<DocumentUploadForm />}
    >
      {(data) => <DocumentList documents={data} canDelete={session.admin} />}
    </MembersPdfPage>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadMemberQueries((queryClient) => [queryClient.ensureQueryData(documentsQueryOptions())]);
