import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps paths of this site, with query and fragment', () => {
    expect(safeReturnTo('/')).toBe('/');
    expect(safeReturnTo('/tickets')).toBe('/tickets');
    expect(safeReturnTo('/games/12?tab=2#top')).toBe('/games/12?tab=2#top');
    expect(safeReturnTo('/suche?q=Z%C3%BCrich')).toBe('/suche?q=Z%C3%BCrich');
  });

  it('turns other hosts into the home page', () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /x',
      'evil.example',
    ]) {
      expect(safeReturnTo(evil), evil).toBe('/');
    }
  });

  it('ignores missing, repeated or oversized values and the login paths themselves', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
    expect(safeReturnTo(['/a', '/b'])).toBe('/');
    expect(safeReturnTo(`/${'a'.repeat(3000)}`)).toBe('/');
    expect(safeReturnTo('/oauth/logout')).toBe('/');
    expect(safeReturnTo('/idp/session/end')).toBe('/');
    expect(safeReturnTo('/oauthx')).toBe('/oauthx');
  });
});
