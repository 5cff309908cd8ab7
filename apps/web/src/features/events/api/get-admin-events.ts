import type { AdminEvent, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/events`: every event (upcoming first) with places taken and waiting. */
export async function getAdminEvents({ signal }: { signal?: AbortSignal } = {}): Promise<AdminEvent[]> {
  return unwrapList(await api.get<ListEnvelope<AdminEvent>>('/api/v1/admin/events', { signal }));
}

export function adminEventsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.events.adminList(), queryFn: ({ signal }) => getAdminEvents({ signal }) });
}

export function useAdminEvents() {
  return useQuery(adminEventsQueryOptions());
}
