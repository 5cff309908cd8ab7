import type { CandidateAdminInput } from '@club/contract';
import { todayInZurich } from '@/lib/format';
import { AddressFields } from '@/components/ui/address-fields';
import { DateField } from '@/components/ui/date-field';
import { FormField, type FieldProps } from '@/components/ui/form-field';

function F(props: FieldProps<CandidateAdminInput>) {
  return <FormField<CandidateAdminInput> {...props} />;
}

/** Name, e-mail and date of birth. */
function PersonFields({ idPrefix, today }: { idPrefix: string; today: string }) {
  return (
    <fieldset className="mb-2">
      <legend className="h5">Person</legend>
      <div className="row">
        <F
          idPrefix={idPrefix}
          name="firstName"
          label="Vorname"
          required
          autoComplete="given-name"
          maxLength={60}
          className="mb-3 col-sm-6"
        />
        <F
          idPrefix={idPrefix}
          name="lastName"
          label="Nachname"
          required
          autoComplete="family-name"
          maxLength={60}
          className="mb-3 col-sm-6"
        />
        <F
          idPrefix={idPrefix}
          name="email"
          label="E-Mail"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          className="mb-3 col-sm-6"
        />
        <DateField<CandidateAdminInput>
          idPrefix={idPrefix}
          name="dateOfBirth"
          label="Geburtsdatum"
          required
          autoComplete="bday"
          min="1900-01-01"
          max={today}
          className="mb-3 col-sm-6"
        />
      </div>
    </fieldset>
  );
}

/** Mobile and land line. */
function PhoneFields({ idPrefix }: { idPrefix: string }) {
  return (
    <fieldset className="mb-2">
      <legend className="h5">Telefon</legend>
      <div className="row">
        <F
          idPrefix={idPrefix}
          name="mobile"
          label="Mobile"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          className="mb-3 col-sm-6"
          help="z. B. 079 123 45 67"
        />
        <F
          idPrefix={idPrefix}
          name="landLine"
          label="Festnetz"
          type="tel"
          inputMode="tel"
          maxLength={30}
          className="mb-3 col-sm-6"
          help="z. B. 044 123 45 67"
        />
      </div>
    </fieldset>
  );
}

/** The fields of an application: the public form and the board's forms show the same ones. */
export function CandidateFields({ idPrefix, withApplicationDate = false }: { idPrefix: string; withApplicationDate?: boolean }) {
  const today = todayInZurich();
  return (
    <>
      {withApplicationDate ? (
        <div className="row">
          <DateField<CandidateAdminInput>
            idPrefix={idPrefix}
            name="applicationDate"
            label="Antrag erhalten am"
            min="2000-01-01"
            max={today}
            className="mb-3 col-sm-6"
            help="Leer lassen für heute."
          />
        </div>
      ) : null}
      <PersonFields idPrefix={idPrefix} today={today} />
      <fieldset className="mb-2">
        <legend className="h5">Adresse</legend>
        <div className="mb-3">
          <AddressFields idPrefix={idPrefix} name="address" />
        </div>
      </fieldset>
      <PhoneFields idPrefix={idPrefix} />
      <F idPrefix={idPrefix} name="remarks" label="Bemerkungen" textarea maxLength={2000} />
    </>
  );
}
