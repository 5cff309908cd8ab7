import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';

/** The German text to show for any error: the API's own message when it sent one. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.';
}

interface ErrorAlertProps {
  /** The error whose message to show … */
  error?: unknown;
  /** … or a message of one's own. */
  message?: string;
  title?: string;
  children?: ReactNode;
}

/** A red box with a German message; an optional action below it. */
export function ErrorAlert({ error, message, title, children }: ErrorAlertProps) {
  return (
    <div className="alert alert-danger" role="alert">
      {title ? <p className="fw-semibold mb-1">{title}</p> : null}
      <p className="mb-0">{message ?? errorMessage(error)}</p>
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}
