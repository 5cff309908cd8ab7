import { describe, expect, it } from 'vitest';
import { afterPassword, PENDING_LOGIN_MS, pendingLoginExpired, pendingLoginOf, pendingLoginResult } from './login-flow.ts';

describe('after the password', () => {
  it('asks for a code whenever the member has a second factor', () => {
    expect(afterPassword({ twoFactor: true, board: false }, false)).toBe('code');
    expect(afterPassword({ twoFactor: true, board: true }, true)).toBe('code');
  });

  it('leads a board member without one through the enrolment only when it is required', () => {
    expect(afterPassword({ twoFactor: false, board: true }, true)).toBe('enrol');
    expect(afterPassword({ twoFactor: false, board: true }, false)).toBe('finish');
    expect(afterPassword({ twoFactor: false, board: false }, true)).toBe('finish');
  });
});

describe('the pending login kept in the interaction', () => {
  it('reads back what was stored', () => {
    const pending = { memberId: 7, username: 'vorstand', stage: 'enrol' as const, since: 1_000 };
    expect(pendingLoginOf(pendingLoginResult(pending))).toEqual(pending);
  });

  it('expires when the second step does not follow within ten minutes of the password', () => {
    const pending = { memberId: 7, username: 'vorstand', stage: 'code' as const, since: Date.UTC(2026, 10, 29, 10) };
    expect(pendingLoginExpired(pending, new Date(pending.since + PENDING_LOGIN_MS - 1))).toBe(false);
    expect(pendingLoginExpired(pending, new Date(pending.since + PENDING_LOGIN_MS))).toBe(true);
    expect(pendingLoginOf({ secondFactor: { memberId: 7, username: 'x', stage: 'code' } })).toBeNull();
  });

  it('is absent without one, and for anything malformed', () => {
    expect(pendingLoginOf(undefined)).toBeNull();
    expect(pendingLoginOf({ login: { accountId: '7' } })).toBeNull();
    expect(pendingLoginOf({ secondFactor: { memberId: '7', username: 'x', stage: 'code' } })).toBeNull();
    expect(pendingLoginOf({ secondFactor: { memberId: 7, username: 'x', stage: 'done' } })).toBeNull();
  });
});
