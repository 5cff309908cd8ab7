import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { isApiError } from '@/lib/api-client';
import { useLogout } from '@/lib/session';

/** The German text to show for any error: the API's own message when it sent one. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.';
}

/** A board route refused a session whose login lacked the second factor the board needs. */
export function isSecondFactorRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'SECOND_FACTOR_REQUIRED';
}

interface ErrorAlertProps {
  /** The error whose message to show … */
  error?: unknown;
  /** … or a message of one's own. */
  message?: string;
  title?: string;
  children?: ReactNode;
}

/**
 * A red box with a German message; an optional action below it. A board screen refused for a
 * login without the second factor says so, with the way out: «Erneut anmelden».
 */
export function ErrorAlert({ error, message, title, children }: ErrorAlertProps) {
  if (isSecondFactorRequired(error)) return <SecondFactorRequired message={errorMessage(error)} />;
  return (
    <div className="alert alert-danger" role="alert">
      {title ? <p className="fw-semibold mb-1">{title}</p> : null}
      <p className="mb-0">{message ?? errorMessage(error)}</p>
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}

/** Logs out and starts a new login that comes back here, now with the code of the app (or its setup). */
function SecondFactorRequired({ message }: { message: string }) {
  const loginAgain = useLogout({ loginAgain: true });
  return (
    <div className="alert alert-warning" role="alert">
      <p className="fw-semibold mb-1">Anmeldung mit Code nötig</p>
      <p>{message}</p>
      {loginAgain.isError ? <p className="text-danger">Die Abmeldung hat nicht geklappt. Bitte versuchen Sie es erneut.</p> : null}
      <Button variant="primary" onClick={loginAgain.mutate} disabled={loginAgain.isPending}>
        Erneut anmelden
      </Button>
    </div>
  );
}
