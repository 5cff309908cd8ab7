import type { AdminSubscriberAdd, EventSubscriber, MemberSearchHit, MemberSearchResult } from '@club/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { invalidateEvents } from './common';

/** Hits the board picks from when it signs a member up by hand. */
const PICK_PAGE_SIZE = 10;

/** `GET /api/v1/admin/members/?q=`: the board's member search, first page, to pick a member for a paper sign-up. */
export async function findMembers(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<MemberSearchHit[]> {
  const answer = await api.get<MemberSearchResult>('/api/v1/admin/members/', { params: { q, page: 1, pageSize: PICK_PAGE_SIZE }, signal });
  return answer.data.map((item) => item.data);
}

export function useFindMembers(q: string) {
  return useQuery({
    queryKey: queryKeys.members.search(q, 1, PICK_PAGE_SIZE),
    queryFn: ({ signal }) => findMembers(q, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/v1/admin/events/{id}/subscribers`: a paper sign-up (a 409 when the places are not left). */
export function useAddSubscriber(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdminSubscriberAdd) =>
      (await api.post<{ data: EventSubscriber }>(`/api/v1/admin/events/${eventId}/subscribers`, input)).data,
    onSettled: () => invalidateEvents(queryClient),
  });
}

/** The board's hand on an event's list: promote a waiting member or remove a subscriber, with a reason. */
export function useChangeEventList(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, action, reason }: { memberId: number; action: 'promote' | 'remove'; reason: string }) => {
      const path = `/api/v1/admin/events/${eventId}/subscribers/${memberId}`;
      return action === 'promote'
        ? api.post(`${path}/promote`, reason ? { reason } : {})
        : api.delete(path, { params: { reason: reason || undefined } });
    },
    onSettled: () => invalidateEvents(queryClient),
  });
}
