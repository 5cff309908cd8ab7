import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `DELETE /api/v1/member/ticketreservations/{id}`: cancels a reservation while the game's sales are open. */
export async function cancelReservation(id: number): Promise<void> {
  await api.delete(`/api/v1/member/ticketreservations/${id}`);
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.games() }),
      ]),
  });
}
