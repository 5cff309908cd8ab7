import type { GameDraw, ItemEnvelope } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { invalidateTicketAdmin } from './common';

/** `GET /api/v1/games/{id}/draw`: the seed's hash, and after the draw the seed, entries and order. */
export async function getGameDraw(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<GameDraw> {
  return unwrapItem(await api.get<ItemEnvelope<GameDraw>>(`/api/v1/games/${id}/draw`, { signal }));
}

export function gameDrawQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.tickets.gameDraw(id), queryFn: ({ signal }) => getGameDraw(id, { signal }) });
}

export function useGameDraw(id: number, enabled = true) {
  return useQuery({ ...gameDrawQueryOptions(id), enabled });
}

/** `POST /api/v1/admin/games/{id}/draw`: the board's "Jetzt auslosen" (a second draw is a 409). */
export function useDrawGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrapItem(await api.post<ItemEnvelope<GameDraw>>(`/api/v1/admin/games/${id}/draw`, {})),
    onSettled: () => invalidateTicketAdmin(queryClient),
  });
}
