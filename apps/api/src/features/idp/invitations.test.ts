import { describe, expect, it } from 'vitest';
import { hashInvitationToken, invitationExpiresAt, invitationPath, invitationStatus, passwordProblem } from './invitations.ts';
import { newLinkToken } from './link-tokens.ts';

describe('link tokens (invitation, forgotten password)', () => {
  it('are stored as their sha256, never as themselves', () => {
    expect(hashInvitationToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashInvitationToken(token)).not.toContain(token);
    expect(newLinkToken()).not.toBe(token);
  });

  it('lead to the invitation page', () => {
    expect(invitationPath('a-b_c')).toBe('/idp/invitation/a-b_c');
  });
});

describe('the 14-day rule', () => {
  const created = new Date('2026-03-01T10:00:00Z');
  const expiresAt = invitationExpiresAt(created);

  it('gives a link 14 days', () => {
    expect(expiresAt.toISOString()).toBe('2026-03-15T10:00:00.000Z');
  });

  it('is valid until the last millisecond, expired from then on', () => {
    expect(invitationStatus({ expiresAt, usedAt: null }, new Date('2026-03-15T09:59:59.999Z'))).toBe('VALID');
    expect(invitationStatus({ expiresAt, usedAt: null }, new Date('2026-03-15T10:00:00Z'))).toBe('EXPIRED');
  });

  it('says used once used, even after expiry', () => {
    const usedAt = new Date('2026-03-02T08:00:00Z');
    expect(invitationStatus({ expiresAt, usedAt }, new Date('2026-03-03T00:00:00Z'))).toBe('USED');
    expect(invitationStatus({ expiresAt, usedAt }, new Date('2026-04-01T00:00:00Z'))).toBe('USED');
  });
});

describe('passwordProblem', () => {
  it('wants at least 10 characters and the same text twice', () => {
    expect(passwordProblem('kurz', 'kurz')).toEqual({ field: 'password', message: 'Das Passwort muss mindestens 10 Zeichen lang sein.' });
    expect(passwordProblem('          ', '          ')?.field).toBe('password');
    expect(passwordProblem('lang-genug-1', 'lang-genug-2')).toEqual({
      field: 'confirmation',
      message: 'Die beiden Passwörter stimmen nicht überein.',
    });
    expect(passwordProblem('x'.repeat(201), 'x'.repeat(201))?.field).toBe('password');
    expect(passwordProblem('lang-genug-1', 'lang-genug-1')).toBeNull();
    expect(passwordProblem('Zürich 1930!', 'Zürich 1930!')).toBeNull();
  });
});
