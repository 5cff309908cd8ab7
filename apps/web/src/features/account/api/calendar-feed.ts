import type { CalendarFeed, ItemEnvelope } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

const path = '/api/v1/member/calendar';

/** `GET /api/v1/member/calendar`: whether the private feed exists, and the public feed's addresses. */
export async function getCalendarFeed({ signal }: { signal?: AbortSignal } = {}): Promise<CalendarFeed> {
  return unwrapItem(await api.get<ItemEnvelope<CalendarFeed>>(path, { signal }));
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.calendar(), queryFn: ({ signal }) => getCalendarFeed({ signal }) });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** `POST /api/v1/member/calendar`: a new private URL (shown once); the old one stops working. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrapItem(await api.post<ItemEnvelope<CalendarFeed>>(path, {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.calendar() }),
  });
}

/** `DELETE /api/v1/member/calendar`: the private URL stops working. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(path),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.calendar() }),
  });
}
