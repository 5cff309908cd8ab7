import { randomBytes } from 'node:crypto';
import type { Role } from '@club/contract';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../features/idp/passwords.ts';
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

/** A member with a current address, phones and a login whose password is the username (unless given). */
export async function createMember(
  db: PrismaClient,
  overrides: Partial<{
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    roles: Role[];
    password: string | null;
  }> = {},
): Promise<CreatedMember> {
  const username = overrides.username ?? unique('m');
  const email = overrides.email ?? `${username}@example.ch`;
  const password = overrides.password === undefined ? username : overrides.password;
  const member = await db.member.create({
    data: {
      username,
      email,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? `Mitglied ${username}`,
      dateOfBirth: fromIsoDate('1990-03-15'),
      roles: { create: (overrides.roles ?? ['MEMBER']).map((role) => ({ role })) },
      addresses: {
        create: {
          street: 'Limmatstrasse',
          houseNumber: '12',
          postalCode: '8005',
          city: 'Zürich',
          validFrom: fromIsoDate('2020-01-01'),
          current: true,
        },
      },
      phones: { create: [{ type: 'MOBILE', number: '+41 79 123 45 67' }] },
      loginAccount: { create: { username, passwordHash: password === null ? null : await hashPassword(password) } },
    },
  });
  return { id: member.id, username, email, password: password ?? '' };
}
