import type { DeliveryOption, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/games/{id}/deliveryoptions/`: the options the game's group offers. */
export async function getGameDeliveryOptions(gameId: number, { signal }: { signal?: AbortSignal } = {}): Promise<DeliveryOption[]> {
  return unwrapList(await api.get<ListEnvelope<DeliveryOption>>(`/api/v1/games/${gameId}/deliveryoptions/`, { signal }));
}

export function gameDeliveryOptionsQueryOptions(gameId: number) {
  return queryOptions({
    queryKey: queryKeys.tickets.gameDeliveryOptions(gameId),
    queryFn: ({ signal }) => getGameDeliveryOptions(gameId, { signal }),
  });
}

export function useGameDeliveryOptions(gameId: number) {
  return useQuery(gameDeliveryOptionsQueryOptions(gameId));
}
