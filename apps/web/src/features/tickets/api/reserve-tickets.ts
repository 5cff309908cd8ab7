import { IDEMPOTENCY_HEADER, type Address, type ItemEnvelope, type TicketReservation } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

export interface ReserveTicketsInput {
  gameId: number;
  deliveryOptionId: number;
  amount: number;
  /** null: the member's current address. */
  deliveryAddress: Address | null;
  /** The same key for every try of one reservation: the server then reserves once. */
  idempotencyKey: string;
  /** Join the waiting list when the tickets are not there. */
  waitlist?: boolean;
}

/** `POST /api/v1/games/{id}/deliveryoptions/{optionId}/ticketreservations/` with an Idempotency-Key header. */
export async function reserveTickets(input: ReserveTicketsInput): Promise<TicketReservation> {
  const body = {
    amount: input.amount,
    ...(input.deliveryAddress ? { deliveryAddress: input.deliveryAddress } : {}),
    ...(input.waitlist ? { waitlist: true } : {}),
  };
  const answer = await api.post<ItemEnvelope<TicketReservation>>(
    `/api/v1/games/${input.gameId}/deliveryoptions/${input.deliveryOptionId}/ticketreservations/`,
    body,
    {
      headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    },
  );
  return unwrapItem(answer);
}

export function useReserveTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveTickets,
    onSettled: async () => {
      // Tickets left change with every answer (also a refusal tells of a changed count).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.games() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]);
    },
  });
}
