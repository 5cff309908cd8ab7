import type { ClubEvent, ItemEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/events/{id}`: one event with places left and, for a member, their own subscription. */
export async function getEvent(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<ClubEvent> {
  return unwrapItem(await api.get<ItemEnvelope<ClubEvent>>(`/api/v1/events/${id}`, { signal }));
}

export function eventQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: ({ signal }) => getEvent(id, { signal }) });
}

export function useEvent(id: number, enabled = true) {
  return useQuery({ ...eventQueryOptions(id), enabled });
}

/** `GET /api/v1/events/{id}.ics`: the event for the member's calendar (a plain link). */
export function eventCalendarHref(id: number): string {
  return `/api/v1/events/${id}.ics`;
}
