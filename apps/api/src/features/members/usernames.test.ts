import { describe, expect, it } from 'vitest';
import { pickUsername, usernameBase } from './usernames.ts';

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
