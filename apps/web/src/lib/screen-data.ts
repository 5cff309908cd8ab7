import type { OwnMember } from '@club/contract';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './session';

/** Where a screen was opened: its path parameters and the query string at that moment. */
export interface ScreenRoute {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * A screen's loader, exported by its page module as `prefetch`: starts the screen's data through
 * the query cache with the same queryOptions the screen reads. The router waits for it (up to a
 * few seconds) before it shows the screen, so a screen opens with its data rather than a
 * spinner of its own; a failed read is left to the screen, which shows its error.
 */
export type ScreenPrefetch = (queryClient: QueryClient, route: ScreenRoute) => Promise<unknown>[];

/** The member the session query knows of already (null: a visitor or not known yet). */
function knownMember(queryClient: QueryClient): OwnMember | null {
  return queryClient.getQueryData<OwnMember | null>(sessionQueryKey) ?? null;
}

/** For screens of members: reads only when the session is known to be a member's. */
export function forMembers(prefetch: ScreenPrefetch): ScreenPrefetch {
  return (queryClient, route) => (knownMember(queryClient) ? prefetch(queryClient, route) : []);
}

/** For the board's screens: reads only when the session is known to be a board member's. */
export function forBoard(prefetch: ScreenPrefetch): ScreenPrefetch {
  return (queryClient, route) => (knownMember(queryClient)?.roles.includes('MEMBER_OF_THE_BOARD') ? prefetch(queryClient, route) : []);
}

/** A positive whole number from a path parameter, else null. */
export function positiveId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
