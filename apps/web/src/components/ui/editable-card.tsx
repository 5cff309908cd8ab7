import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { SavedNote, SectionCard } from './section-card';

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
  /** What the card shows while not editing. */
  children: ReactNode;
}

/** A section card that shows data, or a form to edit it; after saving, a short "saved" note. */
export function EditableCard({ id, title, editLabel, form, children }: EditableCardProps) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <SectionCard
      id={id}
      title={title}
      action={
        editing ? null : (
          <Button size="sm" variant="outline-primary" onClick={() => (setEditing(true), setSaved(false))}>
            {editLabel}
          </Button>
        )
      }
    >
      {editing ? (
        form({ onSaved: () => (setEditing(false), setSaved(true)), onCancel: () => setEditing(false) })
      ) : (
        <>
          {saved ? <SavedNote /> : null}
          {children}
        </>
      )}
    </SectionCard>
  );
}
