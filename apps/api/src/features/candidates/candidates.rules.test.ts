import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { applicationReceivedMail, rejectionMail, welcomeMail } from './candidates.mails.ts';
import { assertEditable, duplicateHint, nextCandidateStatus, pickUsername, usernameBase } from './candidates.rules.ts';

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

describe('usernames', () => {
  it.each([
    ['Lara', 'Meier', 'lara.meier'],
    ['Zoë', 'Müller-Kälin', 'zoe.mueller-kaelin'],
    ['Jean Luc', "D'Alembert", 'jean-luc.d-alembert'],
    ['  Éloïse ', 'Straßer', 'eloise.strasser'],
    ['Łukasz', 'Øster', 'lukasz.oster'],
    ['<script>', "'; DROP TABLE members; --", 'script.drop-table-members'],
    ['李', '王', 'mitglied'],
    ['Anna', '李', 'anna'],
  ])('%s %s → %s', (first, last, expected) => {
    const name = usernameBase(first, last);
    expect(name).toBe(expected);
    expect(name).toMatch(/^[a-z0-9.-]+$/);
  });

  it('keeps long names short', () => {
    expect(usernameBase('A'.repeat(60), 'B'.repeat(60)).length).toBeLessThanOrEqual(61);
  });

  it('numbers from 2 when the name is taken, ignoring case', () => {
    expect(pickUsername('lara.meier', [])).toBe('lara.meier');
    expect(pickUsername('lara.meier', ['Lara.Meier'])).toBe('lara.meier2');
    expect(pickUsername('lara.meier', ['lara.meier', 'lara.meier2', 'lara.meier-kunz'])).toBe('lara.meier3');
  });
});

describe('duplicate hint', () => {
  it('prefers a member over another application, and the oldest of each', () => {
    expect(duplicateHint({ members: [], candidates: [] })).toBeNull();
    expect(
      duplicateHint({
        members: [],
        candidates: [
          { id: 9, firstName: 'A', lastName: 'B' },
          { id: 4, firstName: 'C', lastName: 'D' },
        ],
      }),
    ).toEqual({
      kind: 'CANDIDATE',
      id: 4,
      name: 'C D',
    });
    expect(
      duplicateHint({ members: [{ id: 7, firstName: 'M', lastName: 'N' }], candidates: [{ id: 4, firstName: 'C', lastName: 'D' }] }),
    ).toEqual({
      kind: 'MEMBER',
      id: 7,
      name: 'M N',
    });
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
