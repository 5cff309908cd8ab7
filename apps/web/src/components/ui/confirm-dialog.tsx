import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Colour of the confirming button: danger for deleting or cancelling (default). */
  variant?: 'danger' | 'success' | 'primary';
  pending: boolean;
  /** The confirming button stays disabled until something in the dialog is done (a checkbox ticked). */
  confirmDisabled?: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The site's one way to ask before something is deleted, cancelled or decided: a modal
 * dialog (focus kept inside, Escape closes, focus back to the button that opened it) that
 * shows the server's answer when it refuses. Closing is not possible while the request runs.
 */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  variant = 'danger',
  pending,
  confirmDisabled = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const cancel = () => (pending ? undefined : onCancel());
  return (
    <Modal show={show} onHide={cancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Schliessen">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error ? (
          <div className="mt-3">
            <ErrorAlert error={error} />
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={cancel} disabled={pending}>
          Abbrechen
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={pending || confirmDisabled}>
          {pending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
