import { describe, expect, it } from 'vitest';
import { TEAM_CODES, teamLogoHref, teamLogoSrc } from './team-logo';

describe('teamLogoSrc', () => {
  it('picks the badge of every known team code', () => {
    for (const code of TEAM_CODES) expect(teamLogoSrc(code)).toBe(`/logos/${code}.svg`);
  });

  it('accepts lower case and spaces around the code', () => {
    expect(teamLogoSrc(' zsc ')).toBe('/logos/ZSC.svg');
  });

  it('falls back to the default badge for any other code', () => {
    expect(teamLogoSrc('GCK')).toBe('/logos/default.svg');
    expect(teamLogoSrc('')).toBe('/logos/default.svg');
    expect(teamLogoSrc(null)).toBe('/logos/default.svg');
    expect(teamLogoSrc('../secret')).toBe('/logos/default.svg');
  });
});

describe('teamLogoHref', () => {
  it('points into the sprite, the default badge for any other code', () => {
    expect(teamLogoHref(' zsc ')).toBe('/logos/sprite.svg#ZSC');
    expect(teamLogoHref('GCK')).toBe('/logos/sprite.svg#default');
    expect(teamLogoHref(null)).toBe('/logos/sprite.svg#default');
  });
});
