import type { AddressInput } from '@club/contract';
import type { FieldValues } from 'react-hook-form';
import { COUNTRIES } from '@/lib/forms';
import { FormField } from './form-field';

export const ADDRESS_FIELDS = ['street', 'houseNumber', 'addressLine2', 'postalCode', 'city', 'country'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

export const emptyAddress: Required<AddressInput> = {
  street: '',
  houseNumber: '',
  addressLine2: '',
  postalCode: '',
  city: '',
  country: 'CH',
};

/** The form paths of an address's fields: `street`, or `address.street` inside a larger form. */
export function addressFieldPaths(name?: string): string[] {
  return ADDRESS_FIELDS.map((field) => (name ? `${name}.${field}` : field));
}

interface AddressFieldsProps {
  /** Prefix of the element ids (two forms on one page). */
  idPrefix: string;
  /** Where the address sits in the form's values (`address`); absent: the values are the address. */
  name?: string;
  /** The address's current country, offered even when it is not in the usual list. */
  country?: string;
}

/**
 * The one way to enter an address (checked by the contract's `addressSchema`), inside a
 * react-hook-form FormProvider: a member's own change, the board's correction, an application
 * and a ticket delivery address.
 */
export function AddressFields({ idPrefix, name, country }: AddressFieldsProps) {
  const countries = country && !COUNTRIES.some((c) => c.code === country) ? [...COUNTRIES, { code: country, name: country }] : COUNTRIES;
  const path = (field: AddressField) => (name ? `${name}.${field}` : field);
  return (
    <div className="row g-3">
      <FormField<FieldValues>
        className="col-8"
        name={path('street')}
        label="Strasse"
        idPrefix={idPrefix}
        required
        autoComplete="address-line1"
        maxLength={100}
      />
      <FormField<FieldValues> className="col-4" name={path('houseNumber')} label="Nr." idPrefix={idPrefix} maxLength={16} />
      <FormField<FieldValues>
        className="col-12"
        name={path('addressLine2')}
        label="Adresszusatz"
        idPrefix={idPrefix}
        autoComplete="address-line2"
        maxLength={100}
        help="z. B. c/o, Postfach (freiwillig)"
      />
      <FormField<FieldValues>
        className="col-4"
        name={path('postalCode')}
        label="PLZ"
        idPrefix={idPrefix}
        required
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={16}
      />
      <FormField<FieldValues>
        className="col-8"
        name={path('city')}
        label="Ort"
        idPrefix={idPrefix}
        required
        autoComplete="address-level2"
        maxLength={80}
      />
      <FormField<FieldValues> className="col-12" name={path('country')} label="Land" idPrefix={idPrefix} required autoComplete="country">
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </FormField>
    </div>
  );
}
