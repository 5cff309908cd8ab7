import { useState, type ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { formatFileSize } from '@/lib/pdf-file';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { LoadingSpinner } from './loading-spinner';

/** A PDF of a list (a newsletter, a document): its title, date and size in bytes. */
export interface PdfListItem {
  id: number;
  title: string;
  date: string;
  size: number;
  /** A short note beside the title (a newsletter the members see only from its date: «ab 01.12.2026»). */
  badge?: string | undefined;
}

interface PdfListProps<T extends PdfListItem> {
  items: readonly T[];
  /** Shown when there are none. */
  empty: string;
  /** The download and its state: which item is loading, what went wrong. */
  download: { start: (item: T) => void; pendingId: number | null; error: unknown; errorTitle: string };
  /** Only for the board: the delete dialog's title and text, and the call. */
  remove?: {
    title: string;
    text: (item: T) => ReactNode;
    start: (item: T, done: () => void) => void;
    pending: boolean;
    error: unknown;
    reset: () => void;
  };
}

/** PDFs newest first, each with its download; with `remove`, also a delete button behind a confirmation. */
export function PdfList<T extends PdfListItem>({ items, empty, download, remove }: PdfListProps<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);

  if (items.length === 0) return <p className="text-body-secondary">{empty}</p>;

  return (
    <>
      {download.error ? <ErrorAlert error={download.error} title={download.errorTitle} /> : null}
      <ul className="list-group">
        {items.map((item) => {
          const busy = download.pendingId === item.id;
          const name = `${item.title} vom ${formatDate(item.date)}`;
          return (
            <li key={item.id} className="list-group-item d-flex flex-wrap align-items-center gap-2 py-3">
              <div className="me-auto" style={{ minWidth: 0 }}>
                <p className="fw-semibold mb-0 text-break">
                  {item.title}
                  {item.badge ? <span className="badge text-bg-warning ms-2 fw-normal">{item.badge}</span> : null}
                </p>
                <p className="small text-body-secondary mb-0">
                  {formatDate(item.date)} · PDF, {formatFileSize(item.size)}
                </p>
              </div>
              <div className="d-flex gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-primary text-nowrap"
                  onClick={() => download.start(item)}
                  disabled={busy}
                  aria-label={`${name} herunterladen`}
                >
                  {busy ? <LoadingSpinner size="sm" label="Wird heruntergeladen…" /> : 'Herunterladen'}
                </button>
                {remove ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger text-nowrap"
                    onClick={() => {
                      remove.reset();
                      setDeleting(item);
                    }}
                    aria-label={`${name} löschen`}
                  >
                    Löschen
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {remove ? (
        <ConfirmDialog
          show={deleting !== null}
          title={remove.title}
          confirmLabel="Löschen"
          pending={remove.pending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) remove.start(deleting, () => setDeleting(null));
          }}
        >
          <p className="mb-0">{deleting ? remove.text(deleting) : null}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
