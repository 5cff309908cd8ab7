import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/db.ts';
import { createMember, unique } from '../../test/factories.ts';
import { identityFromClaims, linkIdentity, subjectKey } from './link-member.ts';

const ISSUER = 'https://login.example.ch';

describe('identityFromClaims', () => {
  it('takes userinfo over the ID token and understands email_verified as text', () => {
    expect(
      identityFromClaims(ISSUER, { sub: 's1', email: 'alt@x.ch' }, { email: ' neu@x.ch ', email_verified: 'true', username: 'anna' }),
    ).toEqual({
      issuer: ISSUER,
      sub: 's1',
      email: 'neu@x.ch',
      emailVerified: true,
      username: 'anna',
    });
    expect(identityFromClaims(ISSUER, { email: 'x@x.ch' })).toBeNull();
  });
});

describe('linkIdentity', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('does not link by an e-mail address that several members share', async () => {
    const email = `${unique('familie')}@example.ch`;
    const a = await createMember(database.prisma, { email });
    await createMember(database.prisma, { email });
    const sub = unique('s');
    expect(await linkIdentity(database.prisma, { issuer: ISSUER, sub, email, emailVerified: true })).toBeNull();
    // ...but the username still tells them apart.
    expect(
      await linkIdentity(database.prisma, { issuer: ISSUER, sub, email, emailVerified: true, username: a.username.toUpperCase() }),
    ).toEqual({
      memberId: a.id,
      linkedBy: 'username',
    });
  });

  it('moves a member to a new provider, never to a second identity of the same one', async () => {
    const member = await createMember(database.prisma);
    await database.prisma.member.update({ where: { id: member.id }, data: { oidcSubject: subjectKey('https://alt.example.ch', 'x') } });
    const sub = unique('s');
    expect(await linkIdentity(database.prisma, { issuer: ISSUER, sub, email: member.email, emailVerified: true })).toEqual({
      memberId: member.id,
      linkedBy: 'email',
    });
    expect(await linkIdentity(database.prisma, { issuer: ISSUER, sub: unique('s'), email: member.email, emailVerified: true })).toBeNull();
    expect(await linkIdentity(database.prisma, { issuer: ISSUER, sub })).toEqual({ memberId: member.id, linkedBy: 'subject' });
  });
});
