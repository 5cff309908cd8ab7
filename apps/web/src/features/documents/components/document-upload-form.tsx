import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { PdfFileField, UploadProgress } from '@/components/ui/pdf-upload';
import { todayInZurich } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/forms';
import { useUploadDocument } from '../api/upload-document';
import { DOCUMENT_FIELDS, documentFormSchema, type DocumentFormData, type DocumentFormInput } from '../lib/document-form';

const ID = 'document-upload';

/** The board's upload: title, date and the PDF, with progress. */
export function DocumentUploadForm() {
  const upload = useUploadDocument();
  const [progress, setProgress] = useState(0);
  const toast = useToast();
  const form = useForm<DocumentFormInput, unknown, DocumentFormData>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: { title: '', date: todayInZurich() },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const file = values.file[0];
    if (!file) return;
    setProgress(0);
    try {
      const created = await upload.mutateAsync({ ...values, file, onProgress: setProgress });
      toast.success(`Das Dokument «${created.title}» ist abgelegt.`);
      // Without values: the form element is reset too, which empties the file input.
      form.reset();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, DOCUMENT_FIELDS);
    }
  });

  return (
    <section className="card shadow-sm mb-4" aria-labelledby={`${ID}-heading`}>
      <div className="card-body">
        <h2 id={`${ID}-heading`} className="h4">
          Dokument hochladen
        </h2>
        <p className="small text-body-secondary">Nur für den Vorstand sichtbar. Eine PDF-Datei, höchstens 20 MB.</p>
        {upload.isError ? <ErrorAlert error={upload.error} title="Das Dokument wurde nicht hochgeladen." /> : null}
        <FormProvider {...form}>
          <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Dokument hochladen">
            <div className="row g-3">
              <div className="col-md-7">
                <FormField<DocumentFormInput> name="title" label="Titel" idPrefix={ID} required maxLength={200} className="mb-0" />
              </div>
              <div className="col-md-5">
                <DateField<DocumentFormInput> name="date" label="Datum" idPrefix={ID} required className="mb-0" />
              </div>
              <div className="col-12">
                <PdfFileField idPrefix={ID} />
              </div>
            </div>
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
        </FormProvider>
      </div>
    </section>
  );
}
