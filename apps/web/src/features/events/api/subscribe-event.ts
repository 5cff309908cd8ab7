import type { EventSubscription, EventSubscriptionInput, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/**
 * `POST /api/v1/events/{id}/subscriptions`: subscribes or changes the amount; with `waitlist`
 * the member joins the waiting list when the places are not left. Answers what the member now has.
 */
export async function subscribeEvent({
  eventId,
  amount,
  waitlist,
}: { eventId: number } & EventSubscriptionInput): Promise<EventSubscription> {
  const body: EventSubscriptionInput = { id: eventId, amount, ...(waitlist ? { waitlist: true } : {}) };
  return (await api.post<ItemEnvelope<EventSubscription>>(`/api/v1/events/${eventId}/subscriptions`, body)).data;
}

export function useSubscribeEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeEvent,
    // Places left change with every answer (also a refusal tells of a changed count).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account.eventSubscriptions() }),
      ]),
  });
}
