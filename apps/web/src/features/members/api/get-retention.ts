import type { ItemEnvelope, RetentionPreview } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase } from './common';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/members/retention`: what the next nightly retention run does (nDSG). */
export async function getRetention({ signal }: { signal?: AbortSignal } = {}): Promise<RetentionPreview> {
  return unwrapItem(await api.get<ItemEnvelope<RetentionPreview>>(`${adminMembersBase}/retention`, { signal }));
}

export function retentionQueryOptions() {
  return queryOptions({ queryKey: queryKeys.members.retention(), queryFn: ({ signal }) => getRetention({ signal }) });
}

export function useRetention() {
  return useQuery(retentionQueryOptions());
}
