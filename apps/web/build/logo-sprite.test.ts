import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEAM_CODES } from '../src/components/ui/team-logo';
import { buildLogoSprite } from './logo-sprite';

describe('logo sprite', () => {
  it('has a symbol for every team code and the default badge, made from the single files', () => {
    const sprite = buildLogoSprite(fileURLToPath(new URL('../public/logos', import.meta.url)));
    for (const code of [...TEAM_CODES, 'default']) expect(sprite).toContain(`<symbol id="${code}" viewBox="0 0 100 100">`);
    expect(sprite.match(/<symbol /g)).toHaveLength(TEAM_CODES.length + 1);
    expect(sprite).not.toMatch(/<svg[^>]*>\s*<svg/);
  });
});
