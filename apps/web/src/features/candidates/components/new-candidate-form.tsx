import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/config/paths';
import { applyServerFieldErrors } from '@/lib/forms';
import { useCreateCandidate } from '../api/save-candidate';
import { CandidateFields } from './candidate-fields';
import {
  CANDIDATE_FIELDS,
  emptyCandidateForm,
  paperCandidateFormSchema,
  type PaperCandidateFormData,
  type PaperCandidateFormInput,
} from '../lib/form';
import { CancelButton } from '@/components/ui/form-field';

/** The board enters a paper application; afterwards its page opens. */
export function NewCandidateForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCandidate();
  const form = useForm<PaperCandidateFormInput, unknown, PaperCandidateFormData>({
    resolver: zodResolver(paperCandidateFormSchema),
    defaultValues: { ...emptyCandidateForm(), applicationDate: '' },
  });
  const onSubmit = form.handleSubmit(async ({ applicationDate, ...rest }) => {
    try {
      const candidate = await create.mutateAsync({ ...rest, ...(applicationDate ? { applicationDate } : {}) });
      await navigate(paths.adminCandidateEdit.href(candidate.id));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, CANDIDATE_FIELDS);
    }
  });

  return (
    <section className="card shadow-sm mb-4" aria-labelledby="new-candidate-heading">
      <div className="card-body">
        <h2 id="new-candidate-heading" className="h4">
          Papierantrag erfassen
        </h2>
        <FormProvider {...form}>
          <form noValidate onSubmit={(e) => void onSubmit(e)}>
            {create.isError ? <ErrorAlert error={create.error} /> : null}
            <CandidateFields idPrefix="new-candidate" withApplicationDate />
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
                Antrag speichern
              </Button>
              <CancelButton onCancel={onCancel} />
            </div>
          </form>
        </FormProvider>
      </div>
    </section>
  );
}
