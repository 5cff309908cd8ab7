import { newsletterFileName, type Newsletter } from '@club/contract';
import { useMemo } from 'react';
import { PdfList } from '@/components/ui/pdf-list';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useDeleteNewsletter } from '../api/delete-newsletter';
import { useDownloadNewsletter } from '../api/download-newsletter';

/** The newsletters, newest first, each with its download; the board may also delete them. */
export function NewsletterList({ newsletters, canDelete }: { newsletters: readonly Newsletter[]; canDelete: boolean }) {
  const download = useDownloadNewsletter();
  const remove = useDeleteNewsletter();
  const toast = useToast();
  // The board sees coming newsletters too, marked with the day the members see them from.
  const items = useMemo(
    () =>
      newsletters.map((n) => ({ ...n, date: n.publicationDate, badge: n.upcoming ? `ab ${formatDate(n.publicationDate)}` : undefined })),
    [newsletters],
  );

  return (
    <PdfList
      items={items}
      empty="Es sind noch keine Newsletter erschienen."
      download={{
        start: (n) => download.mutate({ id: n.id, fileName: newsletterFileName(n.title, n.date) }),
        pendingId: download.isPending ? download.variables.id : null,
        error: download.error,
        errorTitle: 'Der Newsletter konnte nicht heruntergeladen werden.',
      }}
      remove={
        canDelete
          ? {
              title: 'Newsletter löschen?',
              text: (n) =>
                `Der Newsletter «${n.title}» vom ${formatDate(n.date)} wird gelöscht. Mitglieder können ihn danach nicht mehr herunterladen.`,
              start: (n, done) =>
                remove.mutate(n.id, { onSuccess: () => (done(), toast.success(`Der Newsletter «${n.title}» ist gelöscht.`)) }),
              pending: remove.isPending,
              error: remove.error,
              reset: remove.reset,
            }
          : undefined
      }
    />
  );
}
