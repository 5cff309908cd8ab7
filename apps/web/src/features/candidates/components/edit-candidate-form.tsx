import { candidateAdminInputSchema, type Candidate, type CandidateAdminData, type CandidateAdminInput } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { applyServerFieldErrors } from '@/lib/forms';
import { useUpdateCandidate } from '../api/save-candidate';
import { CANDIDATE_FIELDS, candidateFormValues } from '../lib/form';
import { CandidateFields } from './candidate-fields';

/** Corrects an open application (PUT); the server refuses once it is decided. */
export function EditCandidateForm({ candidate, onSaved }: { candidate: Candidate; onSaved: () => void }) {
  const update = useUpdateCandidate();
  const form = useForm<CandidateAdminInput, unknown, CandidateAdminData>({
    resolver: zodResolver(candidateAdminInputSchema),
    defaultValues: candidateFormValues(candidate),
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: candidate.id, input });
      onSaved();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, CANDIDATE_FIELDS);
    }
  });

  return (
    <section className="card shadow-sm" aria-labelledby="edit-heading">
      <div className="card-body">
        <h2 id="edit-heading" className="h4">
          Angaben
        </h2>
        <FormProvider {...form}>
          <form noValidate onSubmit={(e) => void onSubmit(e)}>
            {update.isError ? <ErrorAlert error={update.error} /> : null}
            <CandidateFields idPrefix="edit-candidate" withApplicationDate />
            <Button type="submit" variant="primary" disabled={update.isPending || !form.formState.isDirty}>
              {update.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              Änderungen speichern
            </Button>
          </form>
        </FormProvider>
      </div>
    </section>
  );
}
