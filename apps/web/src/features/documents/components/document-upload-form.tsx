import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { PdfFileField, PdfUploadCard } from '@/components/ui/pdf-upload';
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
    <FormProvider {...form}>
      <PdfUploadCard
        id={ID}
        title="Dokument hochladen"
        errorTitle="Das Dokument wurde nicht hochgeladen."
        upload={upload}
        progress={progress}
        onSubmit={(e) => void onSubmit(e)}
      >
        <div className="col-md-7">
          <FormField<DocumentFormInput> name="title" label="Titel" idPrefix={ID} required maxLength={200} className="mb-0" />
        </div>
        <div className="col-md-5">
          <DateField<DocumentFormInput> name="date" label="Datum" idPrefix={ID} required className="mb-0" />
        </div>
        <div className="col-12">
          <PdfFileField idPrefix={ID} />
        </div>
      </PdfUploadCard>
    </FormProvider>
  );
}
