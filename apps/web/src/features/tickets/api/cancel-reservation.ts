import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { gamesKey } from './get-games';

/** `DELETE /api/v1/member/ticketreservations/{id}`: possible while the game's sales are open. */
export function cancelReservation(id: number): Promise<void> {
  return api.delete(`/api/v1/member/ticketreservations/${id}`);
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: sessionQueryKey }), queryClient.invalidateQueries({ queryKey: gamesKey })]);
    },
  });
}
