import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';

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

/** The file input of an upload form (field `file`, `pdfFileList` in `lib/pdf-file.ts`), with its error. */
export function PdfFileField({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext<{ file: FileList }>();
  const fileError = form.formState.errors.file?.message;
  return (
    <Form.Group controlId={`${idPrefix}-file`}>
      <Form.Label>
        PDF-Datei
        <span aria-hidden="true" className="text-danger">
          {' '}
          *
        </span>
      </Form.Label>
      <Form.Control
        type="file"
        accept="application/pdf,.pdf"
        isInvalid={Boolean(fileError)}
        aria-invalid={fileError ? true : undefined}
        aria-required
        aria-describedby={fileError ? `${idPrefix}-file-error` : undefined}
        {...form.register('file')}
      />
      {fileError ? (
        <Form.Control.Feedback type="invalid" id={`${idPrefix}-file-error`}>
          {fileError}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}
