import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: unknown;
  /** `danger` (default) for deleting and cancelling, `primary` for runs that send something. */
  variant?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something is deleted, cancelled or sent; shows the server's answer when it refuses. */
export function ConfirmDialog({ show, title, children, confirmLabel, pending, error, variant = 'danger', onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton closeLabel="Schliessen">
        <Modal.Title id="confirm-title" as="h2" className="h5">
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
        <Button variant="outline-secondary" onClick={onCancel}>
          Abbrechen
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={pending}>
          {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
