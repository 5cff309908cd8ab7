import { describe, expect, it } from 'vitest';
import { candidateApplicationSchema } from '@club/contract';
import { applicationFormSchema, emptyCandidateForm, paperCandidateFormSchema } from './form';

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

describe('the public application form', () => {
  it('sends the chosen category as a number and the tick, which the contract accepts', () => {
    const data = applicationFormSchema.parse({ ...filled, website: '', categoryId: '7', statutesRead: true });
    expect(data).toMatchObject({ categoryId: 7, statutesRead: true });
    expect(candidateApplicationSchema.safeParse(data).success).toBe(true);
  });
  it('leaves the category out when none is offered', () => {
    expect(applicationFormSchema.parse({ ...filled, categoryId: '', statutesRead: true }).categoryId).toBeUndefined();
  });
  it('refuses the form without the tick on the statutes, beside the checkbox', () => {
    const result = applicationFormSchema.safeParse({ ...filled, statutesRead: false });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['statutesRead'], message: 'Statuten: Bitte bestätigen Sie, dass Sie die Statuten gelesen haben.' }),
    ]);
  });
});
