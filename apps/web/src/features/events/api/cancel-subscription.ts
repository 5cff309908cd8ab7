import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `DELETE /api/v1/events/{id}/subscriptions`: cancels the places or leaves the waiting list. */
export function cancelSubscription(eventId: number): Promise<void> {
  return api.delete(`/api/v1/events/${eventId}/subscriptions`);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account.eventSubscriptions() }),
      ]),
  });
}
