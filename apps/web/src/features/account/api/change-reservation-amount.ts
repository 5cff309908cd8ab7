import type { ItemEnvelope, TicketReservation, TicketReservationChange } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `PUT /api/v1/member/ticketreservations/{id}`: a lower amount, or a higher one within the limits, until sales close. */
export async function changeReservationAmount({ id, amount }: { id: number } & TicketReservationChange): Promise<TicketReservation> {
  return unwrapItem(await api.put<ItemEnvelope<TicketReservation>>(`/api/v1/member/ticketreservations/${id}`, { amount }));
}

export function useChangeReservationAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReservationAmount,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.games() }),
      ]),
  });
}
