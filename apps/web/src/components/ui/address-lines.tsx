import type { AddressInput } from '@club/contract';
import { formatCountry } from '@/lib/format';

/** An address as it goes on an envelope. */
export function AddressLines({ address }: { address: AddressInput }) {
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  return (
    <address className="mb-0">
      {street}
      <br />
      {address.addressLine2 ? (
        <>
          {address.addressLine2}
          <br />
        </>
      ) : null}
      {address.postalCode} {address.city}
      {address.country && address.country !== 'CH' ? (
        <>
          <br />
          {formatCountry(address.country)}
        </>
      ) : null}
    </address>
  );
}
