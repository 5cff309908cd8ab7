import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { PdfFileField, UploadProgress } from '@/components/ui/pdf-upload';
import { formatDate, formatNumber, todayInZurich } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/forms';
import { useUploadNewsletter } from '../api/upload-newsletter';
import { UPLOAD_FIELDS, uploadFormSchema, type UploadFormData, type UploadFormInput } from '../lib/upload-form';

const ID = 'newsletter-upload';

/** The board's upload: title, date, the PDF and whether the active members get a mail; with progress. */
export function UploadForm() {
  const upload = useUploadNewsletter();
  const [progress, setProgress] = useState(0);
  const toast = useToast();
  const form = useForm<UploadFormInput, unknown, UploadFormData>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { title: '', publicationDate: todayInZurich(), notify: false },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const file = values.file[0];
    if (!file) return;
    setProgress(0);
    try {
      const created = await upload.mutateAsync({ ...values, file, onProgress: setProgress });
      toast.success(
        created.announcedOn
          ? `Der Newsletter «${created.title}» ist hochgeladen. Die Mitglieder sehen ihn ab ${formatDate(created.announcedOn)} und werden an diesem Tag per E-Mail benachrichtigt.`
          : created.notified > 0
            ? `Der Newsletter «${created.title}» ist hochgeladen. ${formatNumber(created.notified)} Mitglieder werden per E-Mail benachrichtigt.`
            : created.upcoming
              ? `Der Newsletter «${created.title}» ist hochgeladen. Die Mitglieder sehen ihn ab ${formatDate(created.publicationDate)}.`
              : `Der Newsletter «${created.title}» ist hochgeladen.`,
      );
      // Without values: the form element is reset too, which empties the file input.
      form.reset();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, UPLOAD_FIELDS);
    }
  });

  return (
    <section className="card shadow-sm mb-4" aria-labelledby={`${ID}-heading`}>
      <div className="card-body">
        <h2 id={`${ID}-heading`} className="h4">
          Newsletter hochladen
        </h2>
        <p className="small text-body-secondary">Nur für den Vorstand sichtbar. Eine PDF-Datei, höchstens 20 MB.</p>
        {upload.isError ? <ErrorAlert error={upload.error} title="Der Newsletter wurde nicht hochgeladen." /> : null}
        <FormProvider {...form}>
          <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Newsletter hochladen">
            <div className="row g-3">
              <div className="col-md-7">
                <FormField<UploadFormInput> name="title" label="Titel" idPrefix={ID} required maxLength={200} className="mb-0" />
              </div>
              <div className="col-md-5">
                <DateField<UploadFormInput> name="publicationDate" label="Erscheinungsdatum" idPrefix={ID} required className="mb-0" />
              </div>
              <div className="col-12">
                <PdfFileField idPrefix={ID} />
              </div>
              <div className="col-12">
                <Form.Check
                  id={`${ID}-notify`}
                  type="checkbox"
                  label="Aktive Mitglieder per E-Mail benachrichtigen"
                  {...form.register('notify')}
                />
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
