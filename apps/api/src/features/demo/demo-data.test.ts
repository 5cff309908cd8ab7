import { describe, expect, it } from 'vitest';
import { demoPeople } from './demo-data.ts';

describe('demo people', () => {
  it('are 40 distinct logins, with mitglied and vorstand first and a few board members', () => {
    const people = demoPeople();
    expect(people).toHaveLength(40);
    expect(new Set(people.map((p) => p.username)).size).toBe(40);
    expect(people.slice(0, 2).map((p) => p.username)).toEqual(['mitglied', 'vorstand']);
    expect(people.filter((p) => p.board).length).toBeGreaterThanOrEqual(3);
    expect(people.every((p) => /^[a-z.]+$/.test(p.username))).toBe(true);
  });
});
