/* The pieces of a react-hook-form form: its fields, its buttons, the server's refusal and the honeypot. One module,
   so the screens with a form share one small chunk. */
import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorAlert } from './error-alert';
import { LoadingSpinner } from './loading-spinner';

export interface FieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  /** Prefix of the element ids (two forms on one page). */
  idPrefix: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  maxLength?: number;
  min?: string;
  max?: string;
  step?: string;
  /** The id of a `<datalist>` with suggestions. */
  list?: string;
  /** The form keeps the value as a number (`<input type="number">`). */
  valueAsNumber?: boolean;
  help?: ReactNode;
  textarea?: boolean;
  className?: string;
  children?: ReactNode;
}

export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name.replace(/\./g, '-')}`;
}

/** One labelled input of a react-hook-form form, with its German error beside it. */
/** A field's label; a required field's carries a red asterisk (hidden from screen readers, which hear `aria-required`). */
export function FieldLabel({ label, required }: { label: ReactNode; required?: boolean | undefined }) {
  return (
    <Form.Label>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-danger">
          {' '}
          *
        </span>
      ) : null}
    </Form.Label>
  );
}

export function FormField<T extends FieldValues>(props: FieldProps<T>) {
  const { name, label, idPrefix, type = 'text', required, help, textarea, className, children } = props;
  const { register, getFieldState, formState } = useFormContext<T>();
  const { error } = getFieldState(name, formState);
  const id = fieldId(idPrefix, name);
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
    autoComplete: props.autoComplete,
    maxLength: props.maxLength,
    ...register(name, props.valueAsNumber ? { valueAsNumber: true } : undefined),
  };
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <FieldLabel label={label} required={required} />
      {children ? (
        <Form.Select {...common}>{children}</Form.Select>
      ) : textarea ? (
        <Form.Control as="textarea" rows={4} {...common} />
      ) : (
        <Form.Control
          type={type}
          inputMode={props.inputMode}
          min={props.min}
          max={props.max}
          step={props.step}
          list={props.list}
          {...common}
        />
      )}
      {help ? (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      ) : null}
      {error?.message ? (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error.message}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}

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

interface SubmitCancelLinkProps {
  label: string;
  pending: boolean;
  /** What the spinner announces while the form is on its way. */
  pendingLabel: string;
  /** Where "Abbrechen" leads back to. */
  cancelTo: string;
  /** Added to the row's classes (e.g. a top margin). */
  className?: string;
}

/** The submit button of a form on a page of its own, and "Abbrechen" as a link back. */
export function SubmitCancelLink({ label, pending, pendingLabel, cancelTo, className }: SubmitCancelLinkProps) {
  return (
    <div className={className ? `d-flex flex-wrap gap-2 ${className}` : 'd-flex flex-wrap gap-2'}>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? <LoadingSpinner size="sm" label={pendingLabel} /> : null} {label}
      </Button>
      <Link to={cancelTo} className="btn btn-outline-secondary">
        Abbrechen
      </Link>
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

/** The server's refusal below a form or in a dialog, set apart from what is above it; nothing while there is none. */
export function FormError({ error, title, className = 'mt-3' }: { error: unknown; title?: string; className?: string }) {
  return error ? (
    <div className={className}>
      <ErrorAlert error={error} title={title} />
    </div>
  ) : null;
}

/**
 * A field only robots fill: moved off the screen, hidden from screen readers and out of the
 * tab order. A filled one gets the same answer from the server, but nothing is stored or sent.
 */
export function Honeypot({ id }: { id: string }) {
  const { register } = useFormContext<{ website?: string }>();
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={id}>Website (bitte leer lassen)</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
    </div>
  );
}
