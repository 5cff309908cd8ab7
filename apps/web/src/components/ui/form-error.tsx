import { ErrorAlert } from './error-alert';

/** The server's refusal below a form or in a dialog, set apart from what is above it; nothing while there is none. */
export function FormError({ error, title, className = 'mt-3' }: { error: unknown; title?: string; className?: string }) {
  return error ? (
    <div className={className}>
      <ErrorAlert error={error} title={title} />
    </div>
  ) : null;
}
