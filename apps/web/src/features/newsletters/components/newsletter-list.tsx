import { newsletterFileName, type Newsletter } from '@club/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDate } from '@/lib/format';
import { useDeleteNewsletter } from '../api/delete-newsletter';
import { useDownloadNewsletter } from '../api/download-newsletter';
import { formatFileSize } from '../lib/format-size';

/** The newsletters, newest first, each with its download; the board may also delete them. */
export function NewsletterList({ newsletters, canDelete }: { newsletters: readonly Newsletter[]; canDelete: boolean }) {
  const download = useDownloadNewsletter();
  const remove = useDeleteNewsletter();
  const [deleting, setDeleting] = useState<Newsletter | null>(null);

  if (newsletters.length === 0) return <p className="text-body-secondary">Es sind noch keine Newsletter erschienen.</p>;

  return (
    <>
      {download.isError ? <ErrorAlert error={download.error} title="Der Newsletter konnte nicht heruntergeladen werden." /> : null}
      <ul className="list-group newsletter-list">
        {newsletters.map((n) => {
          const busy = download.isPending && download.variables.id === n.id;
          return (
            <li key={n.id} className="list-group-item d-flex flex-wrap align-items-center gap-2 py-3">
              <div className="me-auto" style={{ minWidth: 0 }}>
                <p className="fw-semibold mb-0 text-break">{n.title}</p>
                <p className="small text-body-secondary mb-0">
                  {formatDate(n.publicationDate)} · PDF, {formatFileSize(n.size)}
                </p>
              </div>
              <div className="d-flex gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-primary text-nowrap"
                  onClick={() => download.mutate({ id: n.id, fileName: newsletterFileName(n.title, n.publicationDate) })}
                  disabled={busy}
                  aria-label={`${n.title} vom ${formatDate(n.publicationDate)} herunterladen`}
                >
                  {busy ? <LoadingSpinner size="sm" label="Wird heruntergeladen…" /> : 'Herunterladen'}
                </button>
                {canDelete ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger text-nowrap"
                    onClick={() => {
                      remove.reset();
                      setDeleting(n);
                    }}
                    aria-label={`${n.title} vom ${formatDate(n.publicationDate)} löschen`}
                  >
                    Löschen
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        show={deleting !== null}
        title="Newsletter löschen?"
        confirmLabel="Löschen"
        pending={remove.isPending}
        error={remove.error}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      >
        <p className="mb-0">
          Der Newsletter «{deleting?.title}» vom {formatDate(deleting?.publicationDate)} wird gelöscht. Mitglieder können ihn danach nicht
          mehr herunterladen.
        </p>
      </ConfirmDialog>
    </>
  );
}
