import { describe, expect, it } from 'vitest';
import { totpCode } from '../../test/totp.ts';
import { asRecoveryCode, asTotpCode, hashRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT, totpStepOf } from './two-factor.ts';

const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // RFC 6238's "12345678901234567890"
const NOW = new Date('2026-11-25T10:00:10Z');
const STEP = Math.floor(NOW.getTime() / 30_000);

describe('TOTP codes (RFC 6238)', () => {
  it('the tests compute codes as the RFC does', () => {
    expect(totpCode(SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(SECRET, new Date(1_111_111_109_000))).toBe('081804');
  });

  it('accepts the current code and one step of drift either way, with the step it belongs to', async () => {
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW), NOW, null)).toBe(STEP);
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW, -1), NOW, null)).toBe(STEP - 1);
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW, 1), NOW, null)).toBe(STEP + 1);
  });

  it('refuses codes two steps away, and codes of a step at or before the last one used', async () => {
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW, -2), NOW, null)).toBeNull();
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW, 2), NOW, null)).toBeNull();
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW), NOW, STEP)).toBeNull();
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW, -1), NOW, STEP - 1)).toBeNull();
    expect(await totpStepOf(SECRET, totpCode(SECRET, NOW), NOW, STEP - 1)).toBe(STEP);
  });

  it('reads six digits with spaces, nothing else', () => {
    expect(asTotpCode(' 123 456 ')).toBe('123456');
    expect(asTotpCode('12345')).toBeNull();
    expect(asTotpCode('1234567')).toBeNull();
    expect(asTotpCode('12345a')).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 16 unmistakable characters in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}(-[2-9a-hjkmnp-z]{4}){3}$/);
  });

  it('are read in any case, with or without dashes and spaces, and stored as their sha256', () => {
    expect(asRecoveryCode('ABCD-EFGH-JKMN-PQRS')).toBe('abcdefghjkmnpqrs');
    expect(asRecoveryCode('abcd efgh jkmn pqrs')).toBe('abcdefghjkmnpqrs');
    expect(asRecoveryCode('abcd-efgh-jkmn-pqr')).toBeNull();
    expect(asRecoveryCode('abcd-efgh-jkmn-pqr1')).toBeNull();
    expect(hashRecoveryCode('abcdefghjkmnpqrs')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('abcdefghjkmnpqrs')).not.toContain('abcdefghjkmnpqrs');
  });
});
