import type { FeeRunState, Season } from '@club/contract';

/** The search parameter that holds the season the runs apply to (`/admin/seasons?season=12`), as the invoice list's filter. */
export const SEASON_PARAM = 'season';

/**
 * The season the runs apply to: the one named in the address (if it exists), else the season
 * covering today, else the newest (the list comes newest first).
 */
export function chosenSeason(list: readonly Season[], param: string | null): Season | undefined {
  const id = param && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
  return list.find((s) => s.id === id) ?? list.find((s) => s.current) ?? list[0];
}

/** The season before this one (its members are the ones renewal carries over). */
export function previousSeason(list: readonly Season[], season: Season): Season | undefined {
  return [...list].filter((s) => s.validFrom < season.validFrom).sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
}

/**
 * Why a fee run has nothing to do (its button is then disabled and says so), or null when it
 * would bill someone. Parking: `fee` is the season's parking fee; membership fees follow the categories.
 */
export function feeRunBlocker(kind: 'membership' | 'parking', counts: FeeRunState, fee?: number): string | null {
  if (kind === 'parking' && fee === 0) return 'Kein Preis für die Parkkarte festgelegt.';
  if (counts.eligible === 0) {
    return kind === 'membership'
      ? 'Diese Saison hat noch keine Mitgliedschaften: zuerst Mitgliedschaften verlängern oder Mitglieder aufnehmen.'
      : 'Diese Saison hat noch keine Mitgliedschaften mit Parkkarte.';
  }
  if (counts.toBill > 0) return null;
  if (kind === 'parking') return 'Alle Parkkarten sind verrechnet.';
  return counts.issued === 0
    ? 'Alle Mitglieder sind in Kategorien ohne Beitrag: nichts zu verrechnen.'
    : 'Alle Mitglieder sind verrechnet.';
}
