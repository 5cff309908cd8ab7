import { addressSchema, type AddressOut, type Address, type AddressInput } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormProvider, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDate } from '@/lib/format';
import { useCorrectAddress } from '../api/correct-address';
import { applyServerFieldErrors } from '@/lib/forms';
import { AddressFields, ADDRESS_FIELDS } from '@/components/ui/address-fields';
import { AddressLines } from '@/components/ui/address-lines';
import { SaveCancelButtons } from '@/components/ui/form-field';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast';

function CorrectionForm({
  memberId,
  address,
  onSaved,
  onCancel,
}: {
  memberId: number;
  address: AddressOut;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const correct = useCorrectAddress(memberId);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const form = useForm<AddressInput, unknown, Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: {
      street: address.street,
      houseNumber: address.houseNumber,
      addressLine2: address.addressLine2,
      postalCode: address.postalCode,
      city: address.city,
      country: address.country,
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    setSubmitError(null);
    correct.mutate(
      { addressId: address.id, address: values },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setSubmitError(error);
          applyServerFieldErrors(error, form.setError, ADDRESS_FIELDS);
        },
      },
    );
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Adresse korrigieren" className="mt-2">
        <p className="small text-body-secondary">
          Für Tippfehler: Gültigkeit und Verlauf bleiben, wie sie sind. Ein Umzug erfasst das Mitglied selbst unter «Mein Konto».
        </p>
        {submitError ? <ErrorAlert error={submitError} title="Die Adresse wurde nicht gespeichert." /> : null}
        <AddressFields idPrefix={`address-${address.id}`} country={address.country} />
        <SaveCancelButtons pending={correct.isPending} onCancel={onCancel} label="Korrektur speichern" className="mt-3" />
      </form>
    </FormProvider>
  );
}

function validity(a: AddressOut): string {
  return a.validTo ? `${formatDate(a.validFrom)} – ${formatDate(a.validTo)}` : `seit ${formatDate(a.validFrom)}`;
}

/** The address history, newest first, the current one marked; each can be corrected in place. */
export function AddressesCard({ memberId, addresses }: { memberId: number; addresses: readonly AddressOut[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  const toast = useToast();
  return (
    <SectionCard id="addresses" title="Adressen">
      {addresses.length === 0 ? (
        <p className="mb-0">Keine Adresse erfasst.</p>
      ) : (
        <ul className="list-group list-group-flush">
          {addresses.map((a) => (
            <li
              key={a.id}
              className={`list-group-item px-0${a.current ? ' current-marker px-2 rounded' : ''}`}
              aria-current={a.current ? 'true' : undefined}
            >
              <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
                <div>
                  <AddressLines address={a} />
                  <div className="small text-body-secondary">{validity(a)}</div>
                </div>
                <div className="d-flex flex-column align-items-end gap-2">
                  {a.current ? <span className="badge text-bg-primary">Aktuelle Adresse</span> : null}
                  {editing === a.id ? null : (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      onClick={() => setEditing(a.id)}
                      aria-label={`Adresse ${a.street} ${a.houseNumber} korrigieren`}
                    >
                      Korrigieren
                    </Button>
                  )}
                </div>
              </div>
              {editing === a.id ? (
                <CorrectionForm
                  memberId={memberId}
                  address={a}
                  onSaved={() => (setEditing(null), toast.success('Adresse korrigiert.'))}
                  onCancel={() => setEditing(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
