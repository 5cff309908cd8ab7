import type { CandidateReceipt } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSiteInfo } from '@/lib/site';
import { useSubmitApplication } from '../api/submit-application';
import { CandidateFields } from '../components/candidate-fields';
import { Honeypot } from '@/components/ui/form-field';
import {
  applicationFormSchema,
  CANDIDATE_FIELDS,
  emptyCandidateForm,
  type ApplicationFormData,
  type ApplicationFormInput,
} from '../lib/form';
import { membershipOfferQueryOptions, useMembershipOffer } from '../api/get-membership-offer';
import { MembershipChoice, StatutesTick } from '../components/membership-choice';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { loadQueries, type ScreenLoader } from '@/lib/loaders';

function Confirmation({ receipt, clubName }: { receipt: CandidateReceipt; clubName: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card shadow-sm" aria-labelledby="confirmation-heading">
      <div className="card-body p-4">
        <h2 id="confirmation-heading" ref={heading} tabIndex={-1} className="h3">
          Vielen Dank, {receipt.firstName}!
        </h2>
        <p>
          Ihr Antrag auf Mitgliedschaft beim {clubName} ist am {formatDate(receipt.applicationDate)} eingegangen. Wir haben eine Bestätigung
          an <strong className="text-break">{receipt.email}</strong> geschickt.
        </p>
        <p>
          Der Vorstand prüft Ihren Antrag und meldet sich per E-Mail bei Ihnen. Nach der Aufnahme erhalten Sie einen Link, mit dem Sie Ihr
          Passwort festlegen.
        </p>
        <Link to={paths.home.href()} className="btn btn-primary">
          Zur Startseite
        </Link>
      </div>
    </section>
  );
}

export default function CandidatesPage() {
  const { clubName } = useSiteInfo();
  const submit = useSubmitApplication();
  const offer = useMembershipOffer();
  // A choice only among several categories: the default one starts chosen.
  const choices = offer.data && offer.data.categories.length > 1 ? offer.data.categories : [];
  const defaultCategory = choices.find((c) => c.isDefault) ?? choices[0];
  const form = useForm<ApplicationFormInput, unknown, ApplicationFormData>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: {
      ...emptyCandidateForm(),
      website: '',
      categoryId: defaultCategory ? String(defaultCategory.id) : '',
      statutesRead: false,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      window.scrollTo({ top: 0 });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, CANDIDATE_FIELDS);
    }
  });

  return (
    <>
      <PageHeader
        title="Mitglied werden"
        intro="Mit diesem Antrag werden Sie Mitglied des Vereins; der Vorstand meldet sich nach der Prüfung bei Ihnen."
      />
      {submit.isSuccess ? (
        <Confirmation receipt={submit.data} clubName={clubName} />
      ) : (
        <div className="row">
          <div className="col-lg-9 col-xl-8">
            <p>
              Die Mitgliedschaft gilt jeweils für eine Saison vom 1. Mai bis 30. April. Felder mit{' '}
              <span className="text-danger" aria-hidden="true">
                *
              </span>
              <span className="visually-hidden">Stern</span> müssen ausgefüllt werden.
            </p>
            <FormProvider {...form}>
              <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Mitgliedschaftsantrag" className="position-relative">
                {submit.isError ? <ErrorAlert error={submit.error} /> : null}
                <CandidateFields idPrefix="candidate" />
                {offer.isPending ? <LoadingSpinner size="sm" label="Beiträge werden geladen…" /> : null}
                {offer.isError ? <ErrorAlert error={offer.error} title="Die Beiträge konnten nicht geladen werden." /> : null}
                {offer.data ? <MembershipChoice offer={offer.data} idPrefix="candidate" /> : null}
                <StatutesTick idPrefix="candidate" />
                <Honeypot id="candidate-website" />
                <p className="small text-body-secondary">
                  Wir verwenden Ihre Angaben nur für Ihre Mitgliedschaft. Mehr dazu in der{' '}
                  <Link to={paths.privacyPolicy.href()}>Datenschutzerklärung</Link>.
                </p>
                <Button type="submit" variant="primary" size="lg" disabled={submit.isPending}>
                  {submit.isPending ? (
                    <>
                      <Spinner as="span" animation="border" size="sm" role="status" aria-hidden="true" className="me-2" />
                      Wird gesendet…
                    </>
                  ) : (
                    'Antrag senden'
                  )}
                </Button>
              </form>
            </FormProvider>
          </div>
        </div>
      )}
    </>
  );
}

export const loader: ScreenLoader = loadQueries((queryClient) => [queryClient.ensureQueryData(membershipOfferQueryOptions())]);
