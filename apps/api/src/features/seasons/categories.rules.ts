/** Pure rules of membership categories. */

/** Full years of age on a day (both ISO dates `YYYY-MM-DD`): a birthday on the day counts. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Whether a category admits a member: no age rule, or the member is at most `maxAge` years old
 * on the season's 1 May. A member without a known birth date is admitted (the board decides).
 */
export function admitsAge(maxAge: number | null, dateOfBirth: string | null, seasonStart: string): boolean {
  if (maxAge === null || dateOfBirth === null) return true;
  return ageOn(dateOfBirth, seasonStart) <= maxAge;
}
