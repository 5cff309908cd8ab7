import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm } from 'react-hook-form';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { PdfFileField, PdfUploadCard } from '@/components/ui/pdf-upload';
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
    <FormProvider {...form}>
      <PdfUploadCard
        id={ID}
        title="Newsletter hochladen"
        errorTitle="Der Newsletter wurde nicht hochgeladen."
        upload={upload}
        progress={progress}
        onSubmit={(e) => void onSubmit(e)}
      >
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
      </PdfUploadCard>
    </FormProvider>
  );
}
