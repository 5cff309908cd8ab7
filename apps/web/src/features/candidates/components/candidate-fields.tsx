import type { CandidateAdminInput } from '@club/contract';
import { todayInZurich } from '@/lib/format';
import { COUNTRIES } from '@/lib/forms';
import { FormField, type FieldProps } from '@/components/ui/form-field';

function F(props: FieldProps<CandidateAdminInput>) {
  return <FormField<CandidateAdminInput> {...props} />;
}

/** The fields of an application: the public form and the board's forms show the same ones. */
export function CandidateFields({ idPrefix, withApplicationDate = false }: { idPrefix: string; withApplicationDate?: boolean }) {
  const today = todayInZurich();
  return (
    <>
      {withApplicationDate ? (
        <div className="row">
          <F idPrefix={idPrefix} name="applicationDate" label="Antrag erhalten am" type="date" min="2000-01-01" max={today} className="mb-3 col-sm-6" help="Leer lassen für heute." />
        </div>
      ) : null}
      <fieldset className="mb-2">
        <legend className="h5">Person</legend>
        <div className="row">
          <F idPrefix={idPrefix} name="firstName" label="Vorname" required autoComplete="given-name" maxLength={60} className="mb-3 col-sm-6" />
          <F idPrefix={idPrefix} name="lastName" label="Nachname" required autoComplete="family-name" maxLength={60} className="mb-3 col-sm-6" />
          <F idPrefix={idPrefix} name="email" label="E-Mail" type="email" required autoComplete="email" inputMode="email" maxLength={254} className="mb-3 col-sm-6" />
          <F idPrefix={idPrefix} name="dateOfBirth" label="Geburtsdatum" type="date" required autoComplete="bday" min="1900-01-01" max={today} className="mb-3 col-sm-6" />
        </div>
      </fieldset>
      <fieldset className="mb-2">
        <legend className="h5">Adresse</legend>
        <div className="row">
          <F idPrefix={idPrefix} name="address.street" label="Strasse" required autoComplete="address-line1" maxLength={100} className="mb-3 col-8" />
          <F idPrefix={idPrefix} name="address.houseNumber" label="Nr." maxLength={16} className="mb-3 col-4" />
          <F idPrefix={idPrefix} name="address.addressLine2" label="Adresszusatz" autoComplete="address-line2" maxLength={100} className="mb-3 col-12" help="z. B. c/o, Postfach" />
          <F idPrefix={idPrefix} name="address.postalCode" label="PLZ" required autoComplete="postal-code" inputMode="numeric" maxLength={16} className="mb-3 col-4 col-sm-3" />
          <F idPrefix={idPrefix} name="address.city" label="Ort" required autoComplete="address-level2" maxLength={80} className="mb-3 col-8 col-sm-5" />
          <F idPrefix={idPrefix} name="address.country" label="Land" autoComplete="country" className="mb-3 col-sm-4">
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </F>
        </div>
      </fieldset>
      <fieldset className="mb-2">
        <legend className="h5">Telefon</legend>
        <div className="row">
          <F idPrefix={idPrefix} name="mobile" label="Mobile" type="tel" autoComplete="tel" inputMode="tel" maxLength={30} className="mb-3 col-sm-6" help="z. B. 079 123 45 67" />
          <F idPrefix={idPrefix} name="landLine" label="Festnetz" type="tel" inputMode="tel" maxLength={30} className="mb-3 col-sm-6" help="z. B. 044 123 45 67" />
        </div>
      </fieldset>
      <F idPrefix={idPrefix} name="remarks" label="Bemerkungen" textarea maxLength={2000} />
    </>
  );
}
