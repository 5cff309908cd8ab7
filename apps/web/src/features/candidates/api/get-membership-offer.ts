import type { ItemEnvelope, MembershipOffer } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/candidates/categories`: the current season and what each membership category costs. */
export async function getMembershipOffer({ signal }: { signal?: AbortSignal } = {}): Promise<MembershipOffer> {
  return unwrapItem(await api.get<ItemEnvelope<MembershipOffer>>('/api/v1/candidates/categories', { signal }));
}

export function membershipOfferQueryOptions() {
  return queryOptions({ queryKey: queryKeys.candidates.offer(), queryFn: ({ signal }) => getMembershipOffer({ signal }) });
}

export function useMembershipOffer() {
  return useQuery(membershipOfferQueryOptions());
}
