import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';

interface AccountFormActionsProps {
  label: string;
  pending: boolean;
  /** What the spinner announces while the form is on its way. */
  pendingLabel: string;
  /** Added to the row's classes (e.g. a top margin). */
  className?: string;
}

/** The submit button of a form in the member's account, and "Abbrechen" back to the account. */
export function AccountFormActions({ label, pending, pendingLabel, className }: AccountFormActionsProps) {
  return (
    <div className={className ? `d-flex flex-wrap gap-2 ${className}` : 'd-flex flex-wrap gap-2'}>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? <LoadingSpinner size="sm" label={pendingLabel} /> : null} {label}
      </Button>
      <Link to={paths.account.href()} className="btn btn-outline-secondary">
        Abbrechen
      </Link>
    </div>
  );
}
