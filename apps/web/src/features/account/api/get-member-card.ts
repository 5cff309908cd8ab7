import type { ItemEnvelope, MemberCard } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/member/card`: the member card of the current season; null without a membership in it (404). */
export async function getMemberCard({ signal }: { signal?: AbortSignal } = {}): Promise<MemberCard | null> {
  try {
    return unwrapItem(await api.get<ItemEnvelope<MemberCard>>('/api/v1/member/card', { signal }));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function memberCardQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.card(), queryFn: ({ signal }) => getMemberCard({ signal }), staleTime: 5 * 60_000 });
}

export function useMemberCard() {
  return useQuery(memberCardQueryOptions());
}
