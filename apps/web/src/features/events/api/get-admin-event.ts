import type { AdminEvent, ItemEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/events/{id}`. */
export async function getAdminEvent(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<AdminEvent> {
  return unwrapItem(await api.get<ItemEnvelope<AdminEvent>>(`/api/v1/admin/events/${id}`, { signal }));
}

export function adminEventQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.events.adminDetail(id), queryFn: ({ signal }) => getAdminEvent(id, { signal }) });
}

export function useAdminEvent(id: number, enabled = true) {
  return useQuery({ ...adminEventQueryOptions(id), enabled });
}
