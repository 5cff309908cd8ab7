import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useFormContext, useWatch } from 'react-hook-form';
import { ErrorAlert } from './error-alert';
import { FilePicker } from './file-picker';
import { FieldLabel } from './form-field';

/** Bootstrap's progress bar with the name and values on the element that has the role. */
export function UploadProgress({ share }: { share: number }) {
  const percent = Math.round(share * 100);
  return (
    <div className="progress mt-3" style={{ height: '1.25rem' }}>
      <div
        className={`progress-bar${percent >= 100 ? ' progress-bar-striped progress-bar-animated' : ''}`}
        role="progressbar"
        aria-label="Fortschritt des Hochladens"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ width: `${percent}%`, minWidth: '3rem' }}
      >
        {percent} %
      </div>
    </div>
  );
}

/**
 * The file input of an upload form (field `file`, `pdfFileList` in `lib/pdf-file.ts`), with its error;
 * `required: false` for an optional attachment (then the label says so); the input is the site's
 * {@link FilePicker} («Datei wählen» and the chosen file's name).
 */
export function PdfFileField({ idPrefix, label = 'PDF-Datei', required = true }: { idPrefix: string; label?: string; required?: boolean }) {
  const form = useFormContext<{ file: FileList }>();
  const fileError = form.formState.errors.file?.message;
  const files = useWatch({ control: form.control, name: 'file' }) as FileList | undefined;
  const chosen = files && files.length > 0 ? files[0]?.name : undefined;
  return (
    <Form.Group controlId={`${idPrefix}-file`}>
      <FieldLabel label={label} required={required} />
      <FilePicker
        id={`${idPrefix}-file`}
        accept="application/pdf,.pdf"
        chosen={chosen}
        invalid={Boolean(fileError)}
        aria-required={required || undefined}
        aria-describedby={fileError ? `${idPrefix}-file-error` : undefined}
        {...form.register('file')}
      />
      {fileError ? (
        <Form.Control.Feedback type="invalid" id={`${idPrefix}-file-error`} className="d-block">
          {fileError}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}

interface PdfUploadCardProps {
  /** Prefix of the element ids. */
  id: string;
  /** The card's heading and the form's name, e.g. `Dokument hochladen`. */
  title: string;
  /** The title of the error shown when the upload failed. */
  errorTitle: string;
  /** The upload's mutation state. */
  upload: { isPending: boolean; isError: boolean; error: unknown };
  /** Share of the file sent (0 to 1). */
  progress: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's fields (in a Bootstrap grid row), `PdfFileField` among them. */
  children: ReactNode;
}

/**
 * The board's PDF upload card (newsletters, documents): heading, the fields given, progress and
 * the submit button. Place it inside the form's `FormProvider`.
 */
export function PdfUploadCard({ id, title, errorTitle, upload, progress, onSubmit, children }: PdfUploadCardProps) {
  return (
    <section className="card shadow-sm mb-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4">
          {title}
        </h2>
        <p className="small text-body-secondary">Nur für den Vorstand sichtbar. Eine PDF-Datei, höchstens 20 MB.</p>
        {upload.isError ? <ErrorAlert error={upload.error} title={errorTitle} /> : null}
        <form noValidate onSubmit={onSubmit} aria-label={title}>
          <div className="row g-3">{children}</div>
          {upload.isPending ? <UploadProgress share={progress} /> : null}
          <Button type="submit" className="mt-3" disabled={upload.isPending}>
            {upload.isPending ? (
              <>
                <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
                {progress >= 1 ? 'Wird gespeichert…' : 'Wird hochgeladen…'}
              </>
            ) : (
              'Hochladen'
            )}
          </Button>
        </form>
      </div>
    </section>
  );
}
