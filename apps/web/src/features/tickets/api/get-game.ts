import type { Game, ItemEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/games/{id}`: one game with tickets left and, for a member, what they hold and may take. */
export async function getGame(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Game> {
  return unwrapItem(await api.get<ItemEnvelope<Game>>(`/api/v1/games/${id}`, { signal }));
}

export function gameQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.tickets.game(id), queryFn: ({ signal }) => getGame(id, { signal }) });
}

export function useGame(id: number, enabled = true) {
  return useQuery({ ...gameQueryOptions(id), enabled });
}
