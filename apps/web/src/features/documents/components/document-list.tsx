import { clubDocumentFileName, type ClubDocument } from '@club/contract';
import { PdfList } from '@/components/ui/pdf-list';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadDocument } from '../api/download-document';

/** The documents, newest first, each with its download; the board may also delete them. */
export function DocumentList({ documents, canDelete }: { documents: readonly ClubDocument[]; canDelete: boolean }) {
  const download = useDownloadDocument();
  const remove = useDeleteDocument();
  const toast = useToast();
  return (
    <PdfList
      items={documents}
      empty="Es sind noch keine Dokumente abgelegt."
      download={{
        start: (d) => download.mutate({ id: d.id, fileName: clubDocumentFileName(d.title, d.date) }),
        pendingId: download.isPending ? download.variables.id : null,
        error: download.error,
        errorTitle: 'Das Dokument konnte nicht heruntergeladen werden.',
      }}
      remove={
        canDelete
          ? {
              title: 'Dokument löschen?',
              text: (d) =>
                `Das Dokument «${d.title}» vom ${formatDate(d.date)} wird gelöscht. Mitglieder können es danach nicht mehr herunterladen.`,
              start: (d, done) =>
                remove.mutate(d.id, { onSuccess: () => (done(), toast.success(`Das Dokument «${d.title}» ist gelöscht.`)) }),
              pending: remove.isPending,
              error: remove.error,
              reset: remove.reset,
            }
          : undefined
      }
    />
  );
}
