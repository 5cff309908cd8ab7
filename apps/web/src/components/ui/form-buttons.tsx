import Button from 'react-bootstrap/Button';
import { LoadingSpinner } from './loading-spinner';

interface SaveCancelButtonsProps {
  /** The save is on its way: both buttons wait, the save button spins. */
  pending: boolean;
  onCancel: () => void;
  label?: string;
  size?: 'sm';
  /** Added to the row's classes (e.g. a top margin). */
  className?: string;
}

/** The submit and cancel buttons of a board form. */
export function SaveCancelButtons({ pending, onCancel, label = 'Speichern', size, className }: SaveCancelButtonsProps) {
  return (
    <div className={className ? `d-flex flex-wrap gap-2 ${className}` : 'd-flex flex-wrap gap-2'}>
      <Button type="submit" size={size} disabled={pending}>
        {pending ? <LoadingSpinner size="sm" label="Wird gespeichert…" /> : null} {label}
      </Button>
      <Button type="button" size={size} variant="outline-dark" onClick={onCancel} disabled={pending}>
        Abbrechen
      </Button>
    </div>
  );
}

/** "Abbrechen" of a form or dialog that closes it without saving. */
export function CancelButton({ onCancel }: { onCancel: () => void }) {
  return (
    <Button variant="outline-secondary" onClick={onCancel}>
      Abbrechen
    </Button>
  );
}
