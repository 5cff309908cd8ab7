import { teamCodes, type TeamCode } from '@club/contract/teams';

/** Team codes with a badge in `public/logos/` (docs/domain-rules.md «Data and expands»): the contract's one list. */
export const TEAM_CODES = teamCodes;
export type { TeamCode };

const DEFAULT_LOGO = '/logos/default.svg';

export function isTeamCode(code: string): code is TeamCode {
  return (TEAM_CODES as readonly string[]).includes(code);
}

/** The badge file for a team code; any other code gets the 'no logo' badge. */
export function teamLogoSrc(code: string | null | undefined): string {
  const normalized = (code ?? '').trim().toUpperCase();
  return isTeamCode(normalized) ? `/logos/${normalized}.svg` : DEFAULT_LOGO;
}

/**
 * The badge's symbol in the sprite the build makes of `public/logos/*.svg`
 * (`build/logo-sprite.ts`): one request for every logo of a page.
 */
export function teamLogoHref(code: string | null | undefined): string {
  const normalized = (code ?? '').trim().toUpperCase();
  return `/logos/sprite.svg#${isTeamCode(normalized) ? normalized : 'default'}`;
}

interface TeamLogoProps {
  code: string | null | undefined;
  /** Team name for the alternative text; the code when not given. */
  name?: string;
  size?: number;
  className?: string;
}

export function TeamLogo({ code, name, size = 48, className }: TeamLogoProps) {
  const label = name ?? code ?? 'unbekanntes Team';
  return (
    <svg role="img" aria-label={`Logo ${label}`} width={size} height={size} className={className} focusable="false">
      <use href={teamLogoHref(code)} />
    </svg>
  );
}
