import type { CandidateInput } from '@club/contract';
import { unique } from '../../test/factories.ts';

/** A complete, valid application with a unique e-mail address (tests only). */
export function validApplication(overrides: Partial<CandidateInput> = {}): CandidateInput & { email: string } {
  const tag = unique('a');
  return {
    firstName: 'Lara',
    lastName: 'Meier',
    email: `lara.${tag}@example.ch`,
    dateOfBirth: '1994-07-12',
    address: { street: 'Hardturmstrasse', houseNumber: '12a', addressLine2: '', postalCode: '8005', city: 'Zürich', country: 'CH' },
    mobile: '+41 79 123 45 67',
    landLine: '044 123 45 67',
    remarks: 'Ich bin seit Jahren an jedem Heimspiel.',
    ...overrides,
  } as CandidateInput & { email: string };
}

/** JSON POST/PUT as the browser sends it. */
export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
