import type { Season } from '@club/contract';

/**
 * The seasons after the current one whose renewal has run already (they have memberships): a
 * member accepted now would be missing there, so the accept dialog offers to add them too.
 */
export function laterRenewedSeasons(seasons: readonly Season[], current: Season | undefined): Season[] {
  if (!current) return [];
  return seasons.filter((s) => s.validFrom > current.validFrom && s.memberCount > 0).sort((a, b) => a.validFrom.localeCompare(b.validFrom));
}
