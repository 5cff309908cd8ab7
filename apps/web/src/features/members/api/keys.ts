import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/lib/session';

/** Query keys of the member administration, from broad to narrow. */
export const memberKeys = {
  all: ['members'] as const,
  searches: () => [...memberKeys.all, 'search'] as const,
  search: (q: string, page: number, pageSize: number) => [...memberKeys.searches(), q, page, pageSize] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
  retention: () => [...memberKeys.all, 'retention'] as const,
};

export const adminMembersBase = '/api/v1/admin/members';

/**
 * After a board change of one member: the member, every search (names, cities, status)
 * and the own session (the board may have changed itself) may have changed.
 */
export async function invalidateMember(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: memberKeys.searches() }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  ]);
}
