import type { AdminEvent, EventInput, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateEvents } from './common';

/** `POST /api/v1/admin/events/` (no id) or `PUT /api/v1/admin/events/{id}`. */
export async function saveEvent({ id, event }: { id?: number; event: EventInput }): Promise<AdminEvent> {
  const answer = id
    ? await api.put<ItemEnvelope<AdminEvent>>(`/api/v1/admin/events/${id}`, event)
    : await api.post<ItemEnvelope<AdminEvent>>('/api/v1/admin/events/', event);
  return unwrapItem(answer);
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveEvent, onSuccess: () => invalidateEvents(queryClient) });
}
