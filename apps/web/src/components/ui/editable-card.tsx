import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { SectionCard } from './section-card';
import { useToast } from './toast';

/** What the card hands its form: called after a successful save, or to close without saving. */
export interface EditableCardFormProps {
  onSaved: () => void;
  onCancel: () => void;
}

interface EditableCardProps {
  id: string;
  title: string;
  /** The text of the button that opens the form. */
  editLabel: string;
  /** The form shown while editing. */
  form: (props: EditableCardFormProps) => ReactNode;
  /** The toast after a save ("Telefonnummern gespeichert."). */
  savedText?: string;
  /** What the card shows while not editing. */
  children: ReactNode;
}

/** A section card that shows data, or a form to edit it; after saving, a toast says so. */
export function EditableCard({ id, title, editLabel, form, savedText = 'Gespeichert.', children }: EditableCardProps) {
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  return (
    <SectionCard
      id={id}
      title={title}
      action={
        editing ? null : (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
            {editLabel}
          </Button>
        )
      }
    >
      {editing
        ? form({
            onSaved: () => {
              setEditing(false);
              toast.success(savedText);
            },
            onCancel: () => setEditing(false),
          })
        : children}
    </SectionCard>
  );
}
