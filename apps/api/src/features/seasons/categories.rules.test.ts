import { describe, expect, it } from 'vitest';
import { admitsAge, ageOn } from './categories.rules.ts';

describe('ageOn', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOn('2008-05-01', '2026-05-01')).toBe(18);
    expect(ageOn('2008-05-02', '2026-05-01')).toBe(17);
    expect(ageOn('2008-04-30', '2026-05-01')).toBe(18);
    expect(ageOn('2008-12-31', '2026-05-01')).toBe(17);
  });

  it('handles a birthday on 29 February', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('admitsAge', () => {
  it('when the category has no age rule, then everyone is admitted', () => {
    expect(admitsAge(null, '1950-01-01', '2026-05-01')).toBe(true);
  });

  it('when a junior is at most maxAge on 1 May, then admitted; one day older is refused', () => {
    expect(admitsAge(17, '2008-05-02', '2026-05-01')).toBe(true);
    expect(admitsAge(17, '2008-05-01', '2026-05-01')).toBe(false);
  });

  it('when the birth date is unknown, then the board decides (admitted)', () => {
    expect(admitsAge(17, null, '2026-05-01')).toBe(true);
  });
});
