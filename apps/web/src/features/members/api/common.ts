import type { QueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';

export const adminMembersBase = '/api/v1/admin/members';

/**
 * After a board change of one member: the member, every search (names, cities, status)
 * and the own session (the board may have changed itself) may have changed.
 */
export async function invalidateMember(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.members.detail(id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.members.searches() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  ]);
}
