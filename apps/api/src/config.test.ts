import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/club-config-test', SESSION_SECRET: 'x'.repeat(32) };

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database and login, no SMTP', () => {
    const c = loadConfig(base);
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.oidc).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.secureCookies).toBe(false);
    expect(c.production).toBe(false);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('takes the club’s e-mail for the Impressum from CLUB_EMAIL and refuses one that is no address', () => {
    expect(loadConfig(base).clubEmail).toBe('vorstand@fanclub-limmat.ch');
    expect(loadConfig({ ...base, CLUB_EMAIL: 'info@example.ch' }).clubEmail).toBe('info@example.ch');
    expect(() => loadConfig({ ...base, CLUB_EMAIL: 'kein-mail' })).toThrow(/CLUB_EMAIL/);
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({ ...base, PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('SMTP_URL');
    }
  });

  it('treats an https PUBLIC_URL as production: secure cookies, a required secret, no demo data', () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, PUBLIC_URL: 'https://fanclub.example.ch' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://fanclub.example.ch', DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
    const c = loadConfig({ ...base, PUBLIC_URL: 'https://fanclub.example.ch/' });
    expect(c.secureCookies).toBe(true);
    expect(c.production).toBe(true);
    expect(c.publicUrl).toBe('https://fanclub.example.ch');
  });

  it('requires two-factor login for the board in production unless REQUIRE_2FA_FOR_BOARD says otherwise', () => {
    expect(loadConfig(base).requireTwoFactorForBoard).toBe(false);
    expect(loadConfig({ ...base, PRODUCTION: 'true' }).requireTwoFactorForBoard).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://fanclub.example.ch' }).requireTwoFactorForBoard).toBe(true);
    expect(loadConfig({ ...base, PRODUCTION: 'true', REQUIRE_2FA_FOR_BOARD: 'false' }).requireTwoFactorForBoard).toBe(false);
    expect(loadConfig({ ...base, REQUIRE_2FA_FOR_BOARD: 'true' }).requireTwoFactorForBoard).toBe(true);
    expect(() => loadConfig({ ...base, REQUIRE_2FA_FOR_BOARD: 'vielleicht' })).toThrow(/REQUIRE_2FA_FOR_BOARD/);
  });

  it('wants an external provider completely or not at all', () => {
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'https://login.example.ch' })).toThrow(/OIDC/);
    const c = loadConfig({ ...base, OIDC_ISSUER: 'https://login.example.ch', OIDC_CLIENT_ID: 'club', OIDC_CLIENT_SECRET: 's' });
    expect(c.oidc).toEqual({ issuer: 'https://login.example.ch', clientId: 'club', clientSecret: 's' });
  });

  it("reads the club's structured creditor address for the QR-bill and refuses values it cannot carry", () => {
    expect(loadConfig(base).clubPostalAddress).toEqual({
      street: 'Postfach 1234',
      houseNumber: '',
      postalCode: '8050',
      city: 'Zürich',
      country: 'CH',
    });
    const c = loadConfig({
      ...base,
      CLUB_STREET: 'Hardturmstrasse',
      CLUB_HOUSE_NUMBER: '120',
      CLUB_POSTAL_CODE: '8005',
      CLUB_CITY: 'Zürich',
      CLUB_COUNTRY: 'ch',
    });
    expect(c.clubPostalAddress).toEqual({
      street: 'Hardturmstrasse',
      houseNumber: '120',
      postalCode: '8005',
      city: 'Zürich',
      country: 'CH',
    });
    try {
      loadConfig({ ...base, CLUB_COUNTRY: 'Schweiz', CLUB_CITY: 'x'.repeat(36) });
      expect.unreachable();
    } catch (e) {
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toContain('CLUB_COUNTRY');
      expect(problems).toContain('CLUB_CITY');
    }
  });

  it("reads the club's account as QR-IBAN and IBAN of the same account: invoices print the QR-IBAN, bank files may be for either", () => {
    expect(loadConfig(base)).toMatchObject({ clubIban: 'CH4431999123000889012', clubAccounts: ['CH4431999123000889012'] });
    const both = loadConfig({ ...base, CLUB_IBAN: 'CH93 0076 2011 6238 5295 7, CH44 3199 9123 0008 8901 2' });
    expect(both.clubIban).toBe('CH4431999123000889012');
    expect(both.clubAccounts).toEqual(['CH9300762011623852957', 'CH4431999123000889012']);
    expect(loadConfig({ ...base, CLUB_IBAN: 'ch93 0076 2011 6238 5295 7' }).clubIban).toBe('CH9300762011623852957');
    expect(() => loadConfig({ ...base, CLUB_IBAN: 'CH93 0076 2011 6238 5295 8' })).toThrow(/CLUB_IBAN: keine gültige IBAN/);
    expect(() => loadConfig({ ...base, CLUB_IBAN: 'CH4431999123000889012,' })).toThrow(/CLUB_IBAN/);
  });

  it('takes nightly backups into BACKUP_DIR only for the embedded database, keeping BACKUP_KEEP (default 7)', () => {
    expect(loadConfig(base).backup).toBeUndefined();
    expect(loadConfig({ ...base, BACKUP_DIR: 'sicherungen' }).backup).toEqual({ dir: path.resolve('sicherungen'), keep: 7 });
    expect(loadConfig({ ...base, BACKUP_DIR: '/var/backups/club', BACKUP_KEEP: '14' }).backup).toEqual({
      dir: '/var/backups/club',
      keep: 14,
    });
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/var/backups/club', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/var/backups/club', DATABASE_URL: 'postgresql://club@db/club' })).toThrow(
      /BACKUP_DIR: nur für die eingebettete Datenbank/,
    );
  });

  it('refuses the sixth failed login of a login name within a minute unless LOGIN_FAILURES_PER_MINUTE says otherwise', () => {
    expect(loadConfig(base).loginFailuresPerMinute).toBe(5);
    expect(loadConfig({ ...base, LOGIN_FAILURES_PER_MINUTE: '20' }).loginFailuresPerMinute).toBe(20);
    expect(() => loadConfig({ ...base, LOGIN_FAILURES_PER_MINUTE: '0' })).toThrow(/LOGIN_FAILURES_PER_MINUTE/);
    expect(() => loadConfig({ ...base, LOGIN_FAILURES_PER_MINUTE: 'viele' })).toThrow(/LOGIN_FAILURES_PER_MINUTE/);
  });

  it('ignores empty variables, as docker compose passes them', () => {
    const c = loadConfig({ ...base, SMTP_URL: '', OIDC_ISSUER: '', CLUB_NAME: '' });
    expect(c.smtpUrl).toBeUndefined();
    expect(c.clubName).toBe('ZSC Fanclub Limmat');
  });
});
