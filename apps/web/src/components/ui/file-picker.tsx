import type { ComponentPropsWithRef } from 'react';

interface FilePickerProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'className' | 'aria-invalid'> {
  /** The input's id: its `<label htmlFor>` names it (journeys pick the file through the label). */
  id: string;
  /** Which files the dialog offers (`.xml,application/xml`). */
  accept: string;
  /** The chosen file's name, when there is one (also one dropped onto the form rather than picked). */
  chosen?: string | undefined;
  /** The field has an error: red border and `aria-invalid`. */
  invalid?: boolean;
}

/**
 * Every file input of the site (PDF uploads, the bank's file, the member list). The browser's own
 * file button speaks the browser's language («Choose File / No file chosen»); the input lies
 * transparent over a face of our own that says «Datei wählen» and the chosen file's name, whatever
 * the browser's language. The input keeps the focus, the keyboard and the label; the face is hidden
 * from screen readers, which announce the input itself. Further props (`register` of
 * react-hook-form, `onChange`, `aria-describedby`) go to the input.
 */
export function FilePicker({ chosen, invalid = false, ...input }: FilePickerProps) {
  return (
    <div className="file-picker">
      <input
        {...input}
        type="file"
        className={`form-control file-picker-input${invalid ? ' is-invalid' : ''}`}
        aria-invalid={invalid || undefined}
      />
      <span className={`form-control file-picker-face${invalid ? ' is-invalid' : ''}`} aria-hidden="true">
        <span className="btn btn-sm btn-outline-primary file-picker-button">Datei wählen</span>
        <span className="text-truncate">{chosen ?? 'Keine Datei gewählt'}</span>
      </span>
    </div>
  );
}
