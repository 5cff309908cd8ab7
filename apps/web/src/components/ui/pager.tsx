import { formatNumber } from '@/lib/format';

/** "Seite 2 von 7" with previous and next, when a list fills more than one page; `label` names the list's pages. */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center gap-2 mt-3">
      <button type="button" className="btn btn-outline-primary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ Zurück
      </button>
      <span aria-live="polite">
        Seite {formatNumber(page)} von {formatNumber(totalPages)}
      </span>
      <button type="button" className="btn btn-outline-primary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Weiter ›
      </button>
    </nav>
  );
}
