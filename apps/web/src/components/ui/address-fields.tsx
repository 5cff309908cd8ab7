import type { AddressInput } from '@club/contract';
import { COUNTRIES } from '@/lib/forms';
import { FormField } from './form-field';

export const ADDRESS_FIELDS = ['street', 'houseNumber', 'addressLine2', 'postalCode', 'city', 'country'] as const;

export const emptyAddress: Required<AddressInput> = { street: '', houseNumber: '', addressLine2: '', postalCode: '', city: '', country: 'CH' };

/** The fields of an address, inside a react-hook-form FormProvider whose values are an address. */
export function AddressFields({ idPrefix, country }: { idPrefix: string; country?: string }) {
  const countries = country && !COUNTRIES.some((c) => c.code === country) ? [...COUNTRIES, { code: country, name: country }] : COUNTRIES;
  return (
    <div className="row g-3">
      <FormField<AddressInput> className="col-8" name={'street'} label="Strasse" idPrefix={idPrefix} required autoComplete="address-line1" maxLength={100} />
      <FormField<AddressInput> className="col-4" name={'houseNumber'} label="Nr." idPrefix={idPrefix} maxLength={16} />
      <FormField<AddressInput>
        className="col-12"
        name={'addressLine2'}
        label="Adresszusatz"
        idPrefix={idPrefix}
        autoComplete="address-line2"
        maxLength={100}
        help="z. B. c/o, Postfach (freiwillig)"
      />
      <FormField<AddressInput> className="col-4" name={'postalCode'} label="PLZ" idPrefix={idPrefix} required autoComplete="postal-code" inputMode="numeric" maxLength={16} />
      <FormField<AddressInput> className="col-8" name={'city'} label="Ort" idPrefix={idPrefix} required autoComplete="address-level2" maxLength={80} />
      <FormField<AddressInput> className="col-12" name={'country'} label="Land" idPrefix={idPrefix} required autoComplete="country">
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </FormField>
    </div>
  );
}
