import Spinner from 'react-bootstrap/Spinner';

/** A spinner that screen readers announce as "Wird geladen…". */
export function LoadingSpinner({ label = 'Wird geladen…', size }: { label?: string; size?: 'sm' }) {
  return (
    <Spinner animation="border" role="status" size={size} className="text-primary">
      <span className="visually-hidden">{label}</span>
    </Spinner>
  );
}

/** The fallback while a screen or its data is on its way. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5 page-spinner">
      <LoadingSpinner label={label} />
    </div>
  );
}
