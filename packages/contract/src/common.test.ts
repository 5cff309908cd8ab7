import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  birthDateSchema,
  emailSchema,
  idParam,
  isMalformedIssue,
  isOneLine,
  moneySchema,
  phone,
  requiredLineText,
  requiredText,
} from './common.ts';

describe('money', () => {
  it('accepts CHF amounts with at most two decimals', () => {
    expect(moneySchema.parse({ currency: 'CHF', amount: 35.5 })).toEqual({ currency: 'CHF', amount: 35.5 });
    expect(moneySchema.safeParse({ currency: 'CHF', amount: 0.1 + 0.2 }).success).toBe(true);
  });
  it('refuses other currencies, negative amounts and fractions of a Rappen', () => {
    expect(moneySchema.safeParse({ currency: 'EUR', amount: 1 }).success).toBe(false);
    expect(moneySchema.safeParse({ currency: 'CHF', amount: -1 }).success).toBe(false);
    expect(moneySchema.safeParse({ currency: 'CHF', amount: 1.005 }).success).toBe(false);
  });
});

describe('ids in paths', () => {
  it('are positive integers within the database range', () => {
    expect(idParam.parse('7')).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999']) expect(idParam.safeParse(bad).success).toBe(false);
  });
});

describe('texts people type', () => {
  const name = requiredText('Name', 5);
  it('are trimmed and must not be empty', () => {
    expect(name.parse('  Lea ')).toBe('Lea');
    const result = name.safeParse('   ');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name: Bitte ausfüllen.');
  });
  it('are bounded and free of control characters, with German messages', () => {
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('Name: Höchstens 5 Zeichen.');
    expect(name.safeParse('a\u0000b').success).toBe(false);
  });
});

describe('addresses', () => {
  it('default the country to CH and upper-case a given one', () => {
    expect(addressSchema.parse({ street: 'Langstrasse', postalCode: '8004', city: 'Zürich' }).country).toBe('CH');
    expect(addressSchema.parse({ street: 'Hauptstrasse', postalCode: '79539', city: 'Lörrach', country: 'de' }).country).toBe('DE');
  });
  it('refuses a missing city with a German message', () => {
    const result = addressSchema.safeParse({ street: 'Langstrasse', postalCode: '8004' });
    expect(result.success).toBe(false);
  });
});

describe('canonical ids and clean text', () => {
  it('read only canonically written ids as numbers', () => {
    for (const bad of ['0x1', '+1', ' 1', '1 ', '1.0', '01', '1e0', '', '2147483648'])
      expect(idParam.safeParse(bad).success, bad).toBe(false);
    expect(idParam.parse('2147483647')).toBe(2147483647);
    expect(idParam.parse(12)).toBe(12);
    expect(idParam.safeParse(1.5).success).toBe(false);
  });
  it('refuse NUL, control characters and lone surrogates with a German message, never change them', () => {
    const field = requiredText('Ort', 50);
    for (const bad of ['Zürich\u0000', '\u0007x', 'a\ud800', '\udc00a', 'x\u009b']) {
      expect(field.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe('Ort: Enthält ungültige Zeichen.');
    }
    expect(field.parse('Zürich 😀')).toBe('Zürich 😀');
    expect(field.parse('zwei\nZeilen')).toBe('zwei\nZeilen');
  });
});

describe('Swiss postal codes', () => {
  it('are four digits when the country is CH; other countries keep their formats', () => {
    const base = { street: 'Langstrasse', city: 'Zürich' };
    for (const postalCode of ['80', 'abc', '08004', '0800', '80045']) {
      const result = addressSchema.safeParse({ ...base, postalCode });
      expect(result.success, postalCode).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['postalCode'], message: 'PLZ: Schweizer Postleitzahlen haben vier Ziffern.' });
    }
    expect(addressSchema.safeParse({ ...base, postalCode: '8004' }).success).toBe(true);
    expect(addressSchema.safeParse({ ...base, postalCode: ' 8004 ', country: 'ch' }).success).toBe(true);
    expect(addressSchema.safeParse({ ...base, postalCode: 'SW1A 1AA', country: 'GB' }).success).toBe(true);
  });
});

describe('one set of person rules for an application and the member record', () => {
  it('a date of birth is checked against today in Zurich, on both forms', async () => {
    const { todayInZurich } = await import('./dates.ts');
    const { candidateInputSchema } = await import('./candidates.ts');
    const { memberUpdateBodySchema } = await import('./members.ts');
    expect(todayInZurich(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    const today = todayInZurich();
    expect(birthDateSchema.parse(today)).toBe(today);
    const future = birthDateSchema.safeParse('2999-01-01');
    expect(future.error?.issues[0]?.message).toBe('Geburtsdatum: Das Datum liegt in der Zukunft.');
    const candidate = candidateInputSchema.safeParse({ dateOfBirth: '2999-01-01' });
    const board = memberUpdateBodySchema.safeParse({ dateOfBirth: '2999-01-01' });
    const message = (r: typeof candidate | typeof board) => r.error?.issues.find((i) => i.path[0] === 'dateOfBirth')?.message;
    expect(message(candidate)).toBe(message(board));
  });
  it('what an application accepts, the board form and the address change accept too', async () => {
    const { candidateInputSchema } = await import('./candidates.ts');
    const { memberUpdateBodySchema, phonesUpdateBodySchema, addressCorrectionBodySchema } = await import('./members.ts');
    const application = candidateInputSchema.parse({
      firstName: 'Renée',
      lastName: "D'Andrea-Müller",
      email: ' renee@example.ch ',
      dateOfBirth: '1985-07-01',
      address: { street: 'Hardturmstrasse', houseNumber: '12a', postalCode: '8005', city: 'Zürich' },
      mobile: '+41 (0)79 765 43 21',
    });
    expect(memberUpdateBodySchema.safeParse(application).success).toBe(true);
    expect(phonesUpdateBodySchema.parse({ mobile: application.mobile, landLine: application.landLine })).toEqual({
      mobile: '+41 (0)79 765 43 21',
      landLine: null,
    });
    expect(addressCorrectionBodySchema.parse(application.address)).toEqual(application.address);
  });
  it('a phone number takes digits and + ( ) - / with 6 to 20 digits', () => {
    expect(phone('Mobile').safeParse('<script>').error?.issues[0]?.message).toBe(
      'Mobile: Bitte nur Ziffern, Leerzeichen und + ( ) - / verwenden.',
    );
    expect(phone('Mobile').safeParse('123').error?.issues[0]?.message).toBe('Mobile: Eine Telefonnummer hat 6 bis 20 Ziffern.');
    expect(phone('Mobile').parse('')).toBe('');
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('E-Mail: Bitte ausfüllen.');
  });
});

describe('header-bound text (oneLine)', () => {
  const subject = requiredLineText('Betreff', 20);
  const refusals = [
    'a\rb',
    'a\nb',
    'a\r\nBcc: x@example.ch',
    'a\tb',
    'a\u0000b',
    '\u0007a',
    'a\u001b[0m',
    'a\u007f',
    'a\u0085b',
    'a\u009bb',
    'a\u2028b',
    'a\u2029b',
    'a\ud800',
  ];

  it('refuses every control character and line separator as malformed, with a German message', () => {
    for (const bad of refusals) {
      const issue = subject.safeParse(bad).error?.issues[0];
      expect(issue?.message, JSON.stringify(bad)).toBe(
        'Betreff: Bitte auf einer Zeile, ohne Zeilenumbrüche, Tabulatoren und andere Steuerzeichen.',
      );
      expect(issue && isMalformedIssue(issue), JSON.stringify(bad)).toBe(true);
    }
  });
  it('refuses a trailing line break instead of trimming it away, in an e-mail address as well', () => {
    expect(subject.safeParse('Hallo\n').success).toBe(false);
    for (const bad of ['lea@example.ch\r\n', 'lea@example.ch\r\nBcc: x@example.ch', 'lea\u0000@example.ch']) {
      const issue = emailSchema.safeParse(bad).error?.issues[0];
      expect(issue && isMalformedIssue(issue), JSON.stringify(bad)).toBe(true);
    }
  });
  it('takes one line of Unicode, trimmed; other rules stay value problems', () => {
    expect(subject.parse('  Grüezi «Züri» 🏒 ')).toBe('Grüezi «Züri» 🏒');
    expect(isOneLine('Saison 2026/27')).toBe(true);
    const tooLong = subject.safeParse('x'.repeat(21)).error?.issues[0];
    expect(tooLong?.message).toBe('Betreff: Höchstens 20 Zeichen.');
    expect(tooLong && isMalformedIssue(tooLong)).toBe(false);
    expect(emailSchema.parse(' lea@example.ch ')).toBe('lea@example.ch');
  });
});
