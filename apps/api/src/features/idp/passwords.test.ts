import { describe, expect, it } from 'vitest';
import { isRateLimited, normalizeUsername } from './accounts.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('are hashed with argon2id (19 MiB, 2 passes) and verified', async () => {
    const hash = await hashPassword('mitglied');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'mitglied')).toBe(true);
    expect(await verifyPassword(hash, 'Mitglied')).toBe(false);
    expect(await hashPassword('mitglied')).not.toBe(hash);
  });

  it('never verify against something that is not a hash', async () => {
    expect(await verifyPassword('', 'x')).toBe(false);
    expect(await verifyPassword('kein hash', 'kein hash')).toBe(false);
    expect(await verifyDummyPassword('irgendwas')).toBe(false);
  });
});

describe('login rate limit', () => {
  it('refuses after the failures a username may have (5 by default) or 30 of an address within the window', () => {
    expect(isRateLimited({ byUsername: 4, byIp: 29 }, 5)).toBe(false);
    expect(isRateLimited({ byUsername: 5, byIp: 0 }, 5)).toBe(true);
    expect(isRateLimited({ byUsername: 0, byIp: 30 }, 5)).toBe(true);
    expect(isRateLimited({ byUsername: 10, byIp: 10 }, 20)).toBe(false);
    expect(isRateLimited({ byUsername: 20, byIp: 10 }, 20)).toBe(true);
  });

  it('compares usernames trimmed and in lower case', () => {
    expect(normalizeUsername('  Vorstand ')).toBe('vorstand');
  });
});
