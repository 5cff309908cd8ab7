import { describe, expect, it } from 'vitest';
import { emptyCandidateForm, paperCandidateFormSchema } from './form';

const filled = {
  ...emptyCandidateForm(),
  firstName: 'Lara',
  lastName: 'Meier',
  email: 'lara@example.ch',
  dateOfBirth: '1994-07-12',
  address: { street: 'Hardturmstrasse', houseNumber: '12', addressLine2: '', postalCode: '8005', city: 'Zürich', country: 'CH' },
};

describe('the paper application form', () => {
  it('when "received on" is left empty, then the body leaves the date out (the server takes today)', () => {
    expect(paperCandidateFormSchema.parse({ ...filled, applicationDate: '' }).applicationDate).toBeUndefined();
  });
  it('when a date is given, then the contract checks it', () => {
    expect(paperCandidateFormSchema.parse({ ...filled, applicationDate: '2024-03-01' }).applicationDate).toBe('2024-03-01');
    const early = paperCandidateFormSchema.safeParse({ ...filled, applicationDate: '1999-12-31' });
    expect(early.error?.issues[0]?.message).toBe('Antragsdatum: Bitte ein Datum ab 2000 angeben.');
  });
});
