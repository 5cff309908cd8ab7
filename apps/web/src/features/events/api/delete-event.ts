import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './common';

/** `DELETE /api/v1/admin/events/{id}`: an event with subscribers is cancelled and they are mailed. */
export function deleteEvent(id: number): Promise<void> {
  return api.delete(`/api/v1/admin/events/${id}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEvent, onSettled: () => invalidateEvents(queryClient) });
}
