/**
 * A spinner that screen readers announce as "Wird geladen…". Bootstrap's own markup
 * (`spinner-border`) without its React component: the shell of every first load carries it.
 */
export function LoadingSpinner({ label = 'Wird geladen…', size }: { label?: string; size?: 'sm' }) {
  return (
    <div role="status" className={`spinner-border${size === 'sm' ? ' spinner-border-sm' : ''} text-primary`}>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The fallback while a screen or its data is on its way; `late`: shown only after 300 ms, so a quick load shows none. */
export function PageSpinner({ label, late }: { label?: string; late?: boolean }) {
  return (
    <div className={`d-flex justify-content-center align-items-center py-5 page-spinner${late ? ' page-spinner-late' : ''}`}>
      <LoadingSpinner label={label} />
    </div>
  );
}
