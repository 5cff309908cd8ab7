import { newsletterFileName } from '@club/contract';
import { describe, expect, it } from 'vitest';

describe('newsletterFileName', () => {
  it('is date and title, umlauts kept, characters file systems refuse replaced', () => {
    expect(newsletterFileName('Saisonrückblick März', '2026-03-01')).toBe('2026-03-01 Saisonrückblick März.pdf');
    expect(newsletterFileName('Heim/Auswärts: "Derby"?', '2026-03-01')).toBe('2026-03-01 Heim Auswärts Derby.pdf');
    expect(newsletterFileName(' ... ', '2026-03-01')).toBe('2026-03-01 Newsletter.pdf');
    expect(newsletterFileName('x'.repeat(300), '2026-03-01')).toHaveLength(11 + 100 + 4);
  });
});
