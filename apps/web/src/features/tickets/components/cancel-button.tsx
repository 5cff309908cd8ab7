import Button from 'react-bootstrap/Button';

/** "Abbrechen" of the ticket admin's forms and dialogs. */
export function CancelButton({ onCancel }: { onCancel: () => void }) {
  return (
    <Button variant="outline-secondary" onClick={onCancel}>
      Abbrechen
    </Button>
  );
}
