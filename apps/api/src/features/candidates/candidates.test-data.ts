import type { CandidateInput } from '@club/contract';
import { unique } from '../../test/factories.ts';

let births = 0;
/**
 * A birth date of its own per application (1960-01-01 onwards, one day per call): two default
 * applications are not the same person by name and birth date (possible duplicates).
 */
function nextBirthDate(): string {
  births += 1;
  return new Date(Date.UTC(1960, 0, 1 + births)).toISOString().slice(0, 10);
}

/**
 * A complete, valid application with a unique e-mail address and birth date, the statutes ticked
 * as the public form requires (the board's forms ignore the tick; tests only).
 */
export function validApplication(overrides: Partial<CandidateInput> = {}): CandidateInput & { email: string; statutesRead: true } {
  const tag = unique('a');
  return {
    firstName: 'Lara',
    lastName: 'Meier',
    email: `lara.${tag}@example.ch`,
    dateOfBirth: nextBirthDate(),
    address: { street: 'Hardturmstrasse', houseNumber: '12a', addressLine2: '', postalCode: '8005', city: 'Zürich', country: 'CH' },
    mobile: '+41 79 123 45 67',
    landLine: '044 123 45 67',
    remarks: 'Ich bin seit Jahren an jedem Heimspiel.',
    statutesRead: true,
    ...overrides,
  } as CandidateInput & { email: string; statutesRead: true };
}

/** JSON POST/PUT as the browser sends it. */
export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
