import { describe, expect, it } from 'vitest';
import { formatReference } from './invoices.ts';

describe('formatReference (as the QR-bill prints it)', () => {
  it('groups a QR reference as 2 + 5×5 digits', () => {
    expect(formatReference('210000000003139471430009017')).toBe('21 00000 00003 13947 14300 09017');
  });

  it('groups a creditor reference by 4', () => {
    expect(formatReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });
});
