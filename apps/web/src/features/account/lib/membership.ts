import type { Membership } from '@club/contract';

/** A membership is current when it covers today (both ends included). Dates are `YYYY-MM-DD`. */
export function isCurrentMembership(membership: Pick<Membership, 'validFrom' | 'validTo'>, today: string): boolean {
  return membership.validFrom <= today && today <= membership.validTo;
}

/** Newest season first. */
export function sortMemberships<T extends Pick<Membership, 'validFrom'>>(memberships: readonly T[]): T[] {
  return [...memberships].sort((a, b) => b.validFrom.localeCompare(a.validFrom));
}
