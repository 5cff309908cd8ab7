import type { EventSubscriber, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/events/{id}/subscribers`: confirmed first, each in sign-up order. */
export async function getEventSubscribers(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<EventSubscriber[]> {
  return unwrapList(await api.get<ListEnvelope<EventSubscriber>>(`/api/v1/admin/events/${id}/subscribers`, { signal }));
}

export function eventSubscribersQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.events.adminSubscribers(id), queryFn: ({ signal }) => getEventSubscribers(id, { signal }) });
}

export function useEventSubscribers(id: number, enabled = true) {
  return useQuery({ ...eventSubscribersQueryOptions(id), enabled });
}
