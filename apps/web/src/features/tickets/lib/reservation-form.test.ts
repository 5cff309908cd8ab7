import { ticketReservationInputSchema } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { emptyAddress } from '@/components/ui/address-fields';
import { reservationFormSchema } from './reservation-form';

const address = { ...emptyAddress, street: 'Hardturmstrasse', houseNumber: '12', postalCode: '8005', city: 'Zürich' };

describe('the reservation form', () => {
  it('sends no address when the member keeps the current one, even if the hidden fields are empty', () => {
    const values = reservationFormSchema.parse({ deliveryOptionId: '4', amount: 2, otherAddress: false, address: emptyAddress });
    expect(values).toEqual({ deliveryOptionId: 4, amount: 2, deliveryAddress: null });
  });

  it('sends another address checked by the contract, with its messages beside the fields', () => {
    const values = reservationFormSchema.parse({ deliveryOptionId: '4', amount: 1, otherAddress: true, address });
    expect(ticketReservationInputSchema.parse({ amount: values.amount, deliveryAddress: values.deliveryAddress }).deliveryAddress).toEqual(
      values.deliveryAddress,
    );
    const bad = reservationFormSchema.safeParse({
      deliveryOptionId: '4',
      amount: 1,
      otherAddress: true,
      address: { ...address, postalCode: '800' },
    });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['address', 'postalCode'],
      message: 'PLZ: Schweizer Postleitzahlen haben vier Ziffern.',
    });
  });

  it('asks for a delivery option', () => {
    const none = reservationFormSchema.safeParse({ deliveryOptionId: '', amount: 1, otherAddress: false, address: emptyAddress });
    expect(none.error?.issues[0]).toMatchObject({ path: ['deliveryOptionId'], message: 'Bitte eine Zustelloption wählen.' });
  });
});
