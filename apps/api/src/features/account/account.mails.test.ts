import { describe, expect, it } from 'vitest';
import { emailChangedNotice, emailChangeRequestedNotice, emailConfirmationMail } from './account.mails.ts';
import { changesBetween } from '../members/members.service.ts';

describe('mails of an e-mail change', () => {
  const names = { firstName: 'Anna', clubName: 'ZSC Fanclub Limmat', newEmail: 'anna@neu.ch' };
  it('sends the link and its validity to the new address', () => {
    const mail = emailConfirmationMail({ ...names, url: 'https://club.example/account/changeemail?token=abc', validHours: 48 });
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse beim ZSC Fanclub Limmat');
    expect(mail.text).toContain('Grüezi Anna');
    expect(mail.text).toContain('\nhttps://club.example/account/changeemail?token=abc\n');
    expect(mail.text).toContain('48 Stunden');
  });
  it('tells the old address about the request and about the change, without a link', () => {
    for (const mail of [emailChangeRequestedNotice(names), emailChangedNotice(names)]) {
      expect(mail.text).toContain('anna@neu.ch');
      expect(mail.text).not.toMatch(/https?:/);
      expect(mail.text).toContain('Vorstand');
    }
  });
});

describe('changesBetween', () => {
  it('lists only the fields that differ, with before and after', () => {
    expect(changesBetween({ a: 'x', b: 1, c: null }, { a: 'x', b: 2, c: 'neu' }, ['a', 'b', 'c'])).toEqual([
      { field: 'b', before: 1, after: 2 },
      { field: 'c', before: null, after: 'neu' },
    ]);
  });
});
