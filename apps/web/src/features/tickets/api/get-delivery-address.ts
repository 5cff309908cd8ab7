import type { Address, ItemEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/games/{id}/deliveryaddress/`: the member's current address (null when none is on file). */
export async function getDeliveryAddress(gameId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Address | null> {
  return unwrapItem(await api.get<ItemEnvelope<Address | null>>(`/api/v1/games/${gameId}/deliveryaddress/`, { signal }));
}

export function deliveryAddressQueryOptions(gameId: number) {
  return queryOptions({
    queryKey: queryKeys.tickets.gameDeliveryAddress(gameId),
    queryFn: ({ signal }) => getDeliveryAddress(gameId, { signal }),
  });
}

export function useDeliveryAddress(gameId: number, enabled: boolean) {
  return useQuery({ ...deliveryAddressQueryOptions(gameId), enabled });
}
