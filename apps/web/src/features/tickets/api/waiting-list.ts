import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { invalidateTicketAdmin } from './common';

/** `DELETE /api/v1/member/ticketreservations/{id}`: withdraws a request or leaves the waiting list. */
export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/member/ticketreservations/${id}`),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.games() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]);
    },
  });
}

/** The board's hand on a game's list: promote a waiting member or remove a reservation, with a reason. */
export function useChangeGameList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'promote' | 'remove'; reason: string }) =>
      action === 'promote'
        ? api.post(`/api/v1/admin/ticketreservations/${id}/promote`, reason ? { reason } : {})
        : api.delete(`/api/v1/admin/ticketreservations/${id}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`),
    onSettled: () => invalidateTicketAdmin(queryClient),
  });
}
