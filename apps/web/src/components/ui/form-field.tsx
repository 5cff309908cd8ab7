import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';

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
      <Form.Label>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}*
          </span>
        ) : null}
      </Form.Label>
      {children ? (
        <Form.Select {...common}>{children}</Form.Select>
      ) : textarea ? (
        <Form.Control as="textarea" rows={4} {...common} />
      ) : (
        <Form.Control type={type} inputMode={props.inputMode} min={props.min} max={props.max} step={props.step} list={props.list} {...common} />
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
