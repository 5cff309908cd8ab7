import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { applicationReceivedMail, rejectionMail, welcomeMail } from './candidates.mails.ts';
import { assertEditable, findDuplicates, nextCandidateStatus } from './candidates.rules.ts';

describe('candidate status', () => {
  it('moves an open application to ACCEPTED or REJECTED', () => {
    expect(nextCandidateStatus('PENDING', 'ACCEPT')).toBe('ACCEPTED');
    expect(nextCandidateStatus('PENDING', 'REJECT')).toBe('REJECTED');
  });

  it.each([
    ['ACCEPTED', 'ACCEPT'],
    ['ACCEPTED', 'REJECT'],
    ['REJECTED', 'ACCEPT'],
    ['REJECTED', 'REJECT'],
  ] as const)('when the application is %s, then %s is refused with 409 ALREADY_DECIDED', (status, decision) => {
    let error: unknown;
    try {
      nextCandidateStatus(status, decision);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ALREADY_DECIDED');
    expect((error as AppError).status).toBe(409);
  });

  it('lets only open applications be edited', () => {
    expect(() => assertEditable('PENDING')).not.toThrow();
    expect(() => assertEditable('ACCEPTED')).toThrow(/bereits entschieden/);
    expect(() => assertEditable('REJECTED')).toThrow(/bereits entschieden/);
  });
});

describe('possible duplicates', () => {
  const birth = new Date('1990-04-02');
  const applicant = { id: 5, firstName: 'Lara', lastName: 'Meier', email: 'lara@example.ch', dateOfBirth: birth };
  const person = (id: number, over: Partial<Omit<typeof applicant, 'dateOfBirth'>> & { dateOfBirth?: Date | null } = {}) => ({
    id,
    firstName: 'Other',
    lastName: 'Person',
    email: `p${id}@example.ch`,
    dateOfBirth: new Date('1980-01-01'),
    ...over,
  });

  it('finds none when neither the e-mail address nor name and birth date agree, and never the application itself', () => {
    expect(findDuplicates(applicant, { members: [], candidates: [] })).toEqual([]);
    expect(
      findDuplicates(applicant, {
        members: [person(1, { firstName: 'Lara', lastName: 'Meier' }), person(2, { dateOfBirth: birth })],
        candidates: [applicant, person(3, { firstName: 'Lara', lastName: 'Meier', dateOfBirth: null })],
      }),
    ).toEqual([]);
  });

  it('finds the same e-mail address and the same name with birth date (case and spaces ignored), members first, oldest first', () => {
    const found = findDuplicates(applicant, {
      members: [
        person(9, { email: 'LARA@example.ch' }),
        person(7, { firstName: ' lara', lastName: 'MEIER ', dateOfBirth: new Date(birth) }),
      ],
      candidates: [
        person(12, { email: 'lara@EXAMPLE.ch', firstName: 'L', lastName: 'M' }),
        person(4, { firstName: 'Lara', lastName: 'Meier', dateOfBirth: birth }),
      ],
    });
    expect(found).toEqual([
      { kind: 'MEMBER', id: 7, name: ' lara MEIER ', reason: 'NAME_AND_BIRTH_DATE' },
      { kind: 'MEMBER', id: 9, name: 'Other Person', reason: 'EMAIL' },
      { kind: 'CANDIDATE', id: 4, name: 'Lara Meier', reason: 'NAME_AND_BIRTH_DATE' },
      { kind: 'CANDIDATE', id: 12, name: 'L M', reason: 'EMAIL' },
    ]);
  });
});

describe('mail texts', () => {
  it('confirms the application in German with the date', () => {
    const mail = applicationReceivedMail({ firstName: 'Lara', clubName: 'ZSC Fanclub Limmat', applicationDate: '22.11.2026' });
    expect(mail.subject).toBe('Ihr Mitgliedschaftsantrag beim ZSC Fanclub Limmat');
    expect(mail.text).toContain('Grüezi Lara');
    expect(mail.text).toContain('am 22.11.2026 erhalten');
  });

  it('welcomes with the invitation link, or with the club login when the provider is external', () => {
    const base = {
      firstName: 'Lara',
      clubName: 'ZSC Fanclub Limmat',
      username: 'lara.meier',
      seasonName: '2026/27',
      siteUrl: 'https://club.example',
      invitationValidDays: 14,
    };
    const invited = welcomeMail({ ...base, invitationUrl: 'https://club.example/idp/invitation/abc' });
    expect(invited.text).toContain('https://club.example/idp/invitation/abc');
    expect(invited.text).toContain('14 Tage gültig');
    expect(invited.text).toContain('lara.meier');
    expect(invited.text).toContain('Saison 2026/27');
    const external = welcomeMail(base);
    expect(external.text).not.toContain('/idp/invitation/');
    expect(external.text).toContain('mit dem Login des Vereins an');
  });

  it('declines politely', () => {
    const mail = rejectionMail({ firstName: 'Lara', clubName: 'ZSC Fanclub Limmat' });
    expect(mail.text).toContain('Leider können wir Ihren Antrag zurzeit nicht annehmen');
    expect(mail.text).toContain('Verständnis');
  });
});
