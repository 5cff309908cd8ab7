import type { ItemEnvelope, MembershipFeePreview } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { seasonsBase } from './common';

/** `GET /api/v1/admin/seasons/{id}/membershipfees/`: what the membership fee run would bill now (invoices and total, per category). */
export async function getMembershipFeePreview(seasonId: number, { signal }: { signal?: AbortSignal } = {}): Promise<MembershipFeePreview> {
  return unwrapItem(await api.get<ItemEnvelope<MembershipFeePreview>>(`${seasonsBase}${seasonId}/membershipfees/`, { signal }));
}

export function membershipFeePreviewQueryOptions(seasonId: number) {
  return queryOptions({
    queryKey: queryKeys.seasons.membershipFeePreview(seasonId),
    queryFn: ({ signal }) => getMembershipFeePreview(seasonId, { signal }),
  });
}

export function useMembershipFeePreview(seasonId: number) {
  return useQuery(membershipFeePreviewQueryOptions(seasonId));
}
