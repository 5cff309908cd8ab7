import type { ClubEvent, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** Every query of the events screens starts with this key. */

/** `GET /api/v1/events` (upcoming, soonest first) or `?past=true` (past ones, latest first). */
export async function getEvents(past: boolean, { signal }: { signal?: AbortSignal } = {}): Promise<ClubEvent[]> {
  return unwrapList(await api.get<ListEnvelope<ClubEvent>>(`/api/v1/events${past ? '?past=true' : ''}`, { signal }));
}

export function eventsQueryOptions(past: boolean) {
  return queryOptions({
    queryKey: queryKeys.events.list(past),
    queryFn: ({ signal }) => getEvents(past, { signal }),
  });
}

export function useEvents(past: boolean) {
  return useQuery(eventsQueryOptions(past));
}
