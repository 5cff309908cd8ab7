import { eventInputSchema } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { eventFormSchema } from './event-form';

const inputs = {
  title: 'Saisonabschluss',
  location: 'Clubhaus',
  description: '',
  start: '2027-05-20T18:00',
  end: '2027-05-20T23:00',
  registrationDeadline: '2027-05-15T12:00',
  capacity: '',
  price: '12,50',
  maxPlacesPerMember: '2',
};

describe('the event form', () => {
  it('turns the inputs into the body the contract accepts: an empty capacity is unlimited, a comma is a decimal point', () => {
    const body = eventFormSchema.parse(inputs);
    expect(body).toMatchObject({
      start: '2027-05-20T16:00:00.000Z',
      capacity: null,
      price: { currency: 'CHF', amount: 12.5 },
      maxPlacesPerMember: 2,
    });
    expect(eventInputSchema.safeParse(body).success).toBe(true);
  });

  it('refuses with the contract’s messages beside the fields', () => {
    const result = eventFormSchema.safeParse({ ...inputs, capacity: '0', maxPlacesPerMember: '', end: '2027-05-20T17:00' });
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({
      capacity: 'Plätze: Mindestens 1.',
      maxPlacesPerMember: 'Plätze pro Mitglied: Bitte eine Zahl angeben.',
    });
  });
});
