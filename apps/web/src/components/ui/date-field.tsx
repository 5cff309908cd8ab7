import { useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { dateTextProblem, isoToDateText, parseDateText } from '@/lib/date-input';
import { fieldId } from './form-field';

interface DateFieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  idPrefix: string;
  required?: boolean;
  autoComplete?: string;
  /** Earliest and latest date allowed (ISO); said in the field's message. */
  min?: string;
  max?: string;
  help?: ReactNode;
  className?: string;
}

/**
 * The app's one date input: a text field that shows and takes dd.mm.yyyy whatever the browser's
 * language (a native date input follows the browser and shows mm/dd/yyyy in an English one),
 * with a numeric keyboard on phones. The form holds the ISO date (`2026-03-05`) the API expects;
 * while the text is no date (or one before `min` or after `max`), the form holds the text, so the
 * form's schema refuses it, and the field says in German what is wrong once it is left or the form
 * was sent.
 */
export function DateField<T extends FieldValues>(props: DateFieldProps<T>) {
  const { name, label, idPrefix, required, help, className, min, max } = props;
  const { control, getFieldState, formState } = useFormContext<T>();
  const {
    field: { ref, onChange, onBlur, value: fieldValue },
  } = useController({ name, control });
  const value = (fieldValue ?? '') as string;
  // The text as typed, with the form value it stands for; a value set from outside (a reset) shows anew.
  const [shown, setShown] = useState({ text: isoToDateText(value), value });
  if (shown.value !== value) setShown({ text: isoToDateText(value), value });
  const { error, isTouched } = getFieldState(name, formState);
  const parsed = parseDateText(shown.text);
  const problem = isTouched || formState.isSubmitted ? dateTextProblem(label, parsed, min, max) : null;
  // An empty field the schema refuses: say so in words, not with the schema's ISO hint.
  const message = problem ?? (error ? (parsed.kind === 'empty' ? `${label}: Bitte ein Datum angeben.` : error.message) : undefined);
  const id = fieldId(idPrefix, name);
  const describedBy = [`${id}-format`, help ? `${id}-help` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </Form.Label>
      <Form.Control
        ref={ref}
        name={name}
        type="text"
        inputMode="numeric"
        placeholder="TT.MM.JJJJ"
        autoComplete={props.autoComplete ?? 'off'}
        maxLength={10}
        value={shown.text}
        isInvalid={Boolean(message)}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const text = event.target.value;
          const next = parseDateText(text);
          // Out of range counts as no date: the form's schema refuses the text, so nothing is sent.
          const fine = next.kind === 'date' && dateTextProblem(label, next, min, max) === null;
          const formValue = fine ? next.iso : next.kind === 'empty' ? '' : text;
          setShown({ text, value: formValue });
          onChange(formValue as PathValue<T, Path<T>>);
        }}
        onBlur={() => {
          // Tidy what was typed: 5.3.26 → 05.03.2026.
          if (parsed.kind === 'date') setShown({ text: isoToDateText(parsed.iso), value });
          onBlur();
        }}
      />
      <Form.Text id={`${id}-format`} className="visually-hidden">
        Format TT.MM.JJJJ
      </Form.Text>
      {help ? (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      ) : null}
      {message ? (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {message}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}
