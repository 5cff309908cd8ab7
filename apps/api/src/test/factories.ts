import { randomBytes } from 'node:crypto';
import type { Role } from '@club/contract';
import type { DbOrTx } from '../db/tx.ts';
import { hashPassword } from '../features/idp/index.ts';
import { createMember as createMemberOfClub } from '../features/members/members.service.ts';
import { fromIsoDate } from '../lib/dates.ts';

let counter = 0;
/** A suffix unique within the test run. */
export function unique(prefix = ''): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`;
}

export interface CreatedMember {
  id: number;
  username: string;
  email: string;
  password: string;
}

/**
 * A member with a current address, phones and a login whose password is the username (unless
 * given), made by the site's own `createMember` with test defaults.
 */
export async function createMember(
  db: DbOrTx,
  overrides: Partial<{
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    /** `YYYY-MM-DD`; default 1990-03-15 */
    dateOfBirth: string;
    roles: Role[];
    password: string | null;
  }> = {},
): Promise<CreatedMember> {
  const username = overrides.username ?? unique('m');
  const email = overrides.email ?? `${username}@example.ch`;
  const password = overrides.password === undefined ? username : overrides.password;
  const member = await createMemberOfClub(
    { db },
    {
      username,
      email,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? `Mitglied ${username}`,
      dateOfBirth: fromIsoDate(overrides.dateOfBirth ?? '1990-03-15'),
      roles: overrides.roles ?? ['MEMBER'],
      addresses: [
        {
          street: 'Limmatstrasse',
          houseNumber: '12',
          postalCode: '8005',
          city: 'Zürich',
          validFrom: fromIsoDate('2020-01-01'),
          current: true,
        },
      ],
      phones: [{ type: 'MOBILE', number: '+41 79 123 45 67' }],
      login: { username, passwordHash: password === null ? null : await hashPassword(password) },
    },
  );
  return { id: member.id, username, email, password: password ?? '' };
}
