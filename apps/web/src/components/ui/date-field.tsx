import { useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import {
  dateTextProblem,
  dateTimeTextProblem,
  isoToDateText,
  localToDateTimeText,
  parseDateText,
  parseDateTimeText,
} from '@/lib/date-input';
import { FieldLabel, fieldId } from './form-field';

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
  /** A date with its time (`12.01.2027 19:45`); the form holds a `datetime-local` value (`2027-01-12T19:45`). */
  time?: boolean;
}

type Typed = { kind: 'empty' } | { kind: 'format' } | { kind: 'invalid' } | { kind: 'date'; value: string };

/** How a field reads, shows and judges its text: a date, or a date with its time. */
function modeOf(label: string, time: boolean, min?: string, max?: string) {
  if (time) {
    return {
      read: (text: string): Typed => {
        const p = parseDateTimeText(text);
        return p.kind === 'date' ? { kind: 'date', value: p.local } : p;
      },
      show: localToDateTimeText,
      problem: (typed: Typed) => dateTimeTextProblem(label, typed.kind === 'date' ? { kind: 'date', local: typed.value } : typed),
      placeholder: 'TT.MM.JJJJ HH:MM',
      maxLength: 16,
    };
  }
  return {
    read: (text: string): Typed => {
      const p = parseDateText(text);
      return p.kind === 'date' ? { kind: 'date', value: p.iso } : p;
    },
    show: isoToDateText,
    problem: (typed: Typed) => dateTextProblem(label, typed.kind === 'date' ? { kind: 'date', iso: typed.value } : typed, min, max),
    placeholder: 'TT.MM.JJJJ',
    maxLength: 10,
  };
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
  const { name, label, idPrefix, required, help, className, min, max, time = false } = props;
  const mode = modeOf(label, time, min, max);
  const { control, getFieldState, formState } = useFormContext<T>();
  const {
    field: { ref, onChange, onBlur, value: fieldValue },
  } = useController({ name, control });
  const value = (fieldValue ?? '') as string;
  // The text as typed, with the form value it stands for; a value set from outside (a reset) shows anew.
  const [shown, setShown] = useState({ text: mode.show(value), value });
  if (shown.value !== value) setShown({ text: mode.show(value), value });
  const { error, isTouched } = getFieldState(name, formState);
  const parsed = mode.read(shown.text);
  const problem = isTouched || formState.isSubmitted ? mode.problem(parsed) : null;
  // An empty date the schema refuses: say so in words, not with the schema's ISO hint.
  const message =
    problem ?? (error ? (parsed.kind === 'empty' && !time ? `${label}: Bitte ein Datum angeben.` : error.message) : undefined);
  const id = fieldId(idPrefix, name);
  const describedBy = [`${id}-format`, help ? `${id}-help` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <FieldLabel label={label} required={required} />
      <Form.Control
        ref={ref}
        name={name}
        type="text"
        // A time needs a space and a colon, which a phone's number pad lacks.
        inputMode={time ? 'text' : 'numeric'}
        placeholder={mode.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        maxLength={mode.maxLength}
        value={shown.text}
        isInvalid={Boolean(message)}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const text = event.target.value;
          const next = mode.read(text);
          // Out of range counts as no date: the form's schema refuses the text, so nothing is sent.
          const formValue = next.kind === 'date' && mode.problem(next) === null ? next.value : next.kind === 'empty' ? '' : text;
          setShown({ text, value: formValue });
          onChange(formValue as PathValue<T, Path<T>>);
        }}
        onBlur={() => {
          // Tidy what was typed: 5.3.26 → 05.03.2026.
          if (parsed.kind === 'date') setShown({ text: mode.show(parsed.value), value });
          onBlur();
        }}
      />
      <Form.Text id={`${id}-format`} className="visually-hidden">
        Format {mode.placeholder}
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
