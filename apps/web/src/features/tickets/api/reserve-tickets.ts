import { IDEMPOTENCY_HEADER, type Address, type ItemEnvelope, type TicketReservation } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { gamesKey } from './get-games';

export interface ReserveTicketsInput {
  gameId: number;
  deliveryOptionId: number;
  amount: number;
  /** null: the member's current address. */
  deliveryAddress: Address | null;
  /** The same key for every try of one reservation: the server then reserves once. */
  idempotencyKey: string;
}

/**
 * `POST /api/v1/games/{id}/deliveryoptions/{optionId}/ticketreservations/` with an
 * Idempotency-Key header (the shared client sends no custom headers, hence fetch here).
 */
export async function reserveTickets(input: ReserveTicketsInput): Promise<TicketReservation> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/games/${input.gameId}/deliveryoptions/${input.deliveryOptionId}/ticketreservations/`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: input.idempotencyKey },
      body: JSON.stringify({ amount: input.amount, ...(input.deliveryAddress ? { deliveryAddress: input.deliveryAddress } : {}) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
  }
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as ItemEnvelope<TicketReservation>).data;
}

export function useReserveTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveTickets,
    onSettled: async () => {
      // Tickets left change with every answer (also a refusal tells of a changed count).
      await Promise.all([queryClient.invalidateQueries({ queryKey: gamesKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]);
    },
  });
}
