import { addressSchema, type Address, type AddressInput, type AddressOut, type StoredAddress } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitCancelLink } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { formatDate, todayInZurich } from '@/lib/format';
import { useChangeAddress } from '../api/change-address';
import { AddressFields, ADDRESS_FIELDS, emptyAddress } from '@/components/ui/address-fields';
import { AddressLines } from '@/components/ui/address-lines';
import { applyServerFieldErrors } from '@/lib/forms';
import { useMemberOnly } from '../lib/use-member-only';

const TITLE = 'Adresse ändern';
const INTRO = 'Ihre neue Adresse gilt ab heute; die bisherige bleibt in Ihrer Mitgliedschaftsgeschichte erhalten.';

/** The fields of a stored address, to start the form from (the member usually changes one or two of them). */
function addressValues(address: StoredAddress | null): Required<AddressInput> {
  if (!address) return emptyAddress;
  const { street, houseNumber, addressLine2, postalCode, city, country } = address;
  return { street, houseNumber, addressLine2, postalCode, city, country };
}

const sameAddress = (a: Address, b: StoredAddress) => ADDRESS_FIELDS.every((field) => a[field] === b[field]);

export default function AddressChangePage() {
  const session = useMemberOnly(paths.addressChange.href());

  if (!session.user) {
    return (
      <>
        <PageHeader title={TITLE} intro={INTRO} />
        {session.status === 'error' ? (
          <ErrorAlert message="Ihre Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut." />
        ) : (
          <PageSpinner />
        )}
      </>
    );
  }
  return <AddressChange current={session.user.address} />;
}

/** «Bisherige Adresse» beside the form: the address on file and since when it holds. */
function CurrentAddress({ current }: { current: AddressOut | null }) {
  return (
    <aside className="col-lg-5 order-1 order-lg-2" aria-labelledby="current-address-heading">
      <div className="card shadow-sm">
        <div className="card-body">
          <h2 id="current-address-heading" className="h5 card-title">
            Bisherige Adresse
          </h2>
          {current ? (
            <>
              <AddressLines address={current} />
              <p className="small text-body-secondary mt-2 mb-0">
                {current.validFrom >= todayInZurich()
                  ? 'Diese Adresse haben Sie heute erfasst; die neue ersetzt sie.'
                  : `Gültig seit ${formatDate(current.validFrom)}. Mit dem Speichern der neuen Adresse endet sie per gestern.`}
              </p>
            </>
          ) : (
            <p className="mb-0">Bei uns ist noch keine Adresse hinterlegt.</p>
          )}
        </div>
      </div>
    </aside>
  );
}

/** The new address, starting from the current one. */
function AddressChange({ current }: { current: AddressOut | null }) {
  const navigate = useNavigate();
  const change = useChangeAddress();
  const [submitError, setSubmitError] = useState<unknown>(null);
  const form = useForm<AddressInput, unknown, Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: addressValues(current),
  });

  const onSubmit = form.handleSubmit((values) => {
    setSubmitError(null);
    if (current && sameAddress(values, current)) {
      form.setError(
        'street',
        { type: 'unchanged', message: 'Die Adresse ist unverändert. Bitte ändern Sie die Felder, die nicht mehr stimmen.' },
        { shouldFocus: true },
      );
      return;
    }
    change.mutate(values, {
      onSuccess: async (address) => {
        await navigate(paths.account.href(), {
          state: { notice: `Ihre neue Adresse ist gespeichert und gilt ab ${formatDate(address.validFrom)}.` },
        });
      },
      onError: (error) => {
        setSubmitError(error);
        applyServerFieldErrors(error, form.setError, ADDRESS_FIELDS);
      },
    });
  });

  return (
    <>
      <PageHeader title={TITLE} intro={INTRO} />
      <div className="row g-4">
        <div className="col-lg-7 order-2 order-lg-1">
          <FormProvider {...form}>
            <form onSubmit={onSubmit} noValidate aria-labelledby="new-address-heading">
              <h2 id="new-address-heading" className="h4">
                Neue Adresse
              </h2>
              {current ? (
                <p className="text-body-secondary">Die Felder zeigen Ihre bisherige Adresse; ändern Sie, was nicht mehr stimmt.</p>
              ) : null}
              {submitError ? <ErrorAlert error={submitError} title="Die Adresse wurde nicht gespeichert." /> : null}
              <AddressFields idPrefix="new-address" />
              <SubmitCancelLink
                label="Adresse speichern"
                pending={change.isPending}
                pendingLabel="Wird gespeichert…"
                cancelTo={paths.account.href()}
                className="mt-3"
              />
            </form>
          </FormProvider>
        </div>
        <CurrentAddress current={current} />
      </div>
    </>
  );
}
