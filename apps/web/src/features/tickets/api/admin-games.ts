import type { AdminGame, GameInput, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateTicketAdmin } from './common';

/** `POST /api/v1/admin/gamegroups/{id}/games/`. */
export async function createGame({ gameGroupId, game }: { gameGroupId: number; game: GameInput }): Promise<AdminGame> {
  return unwrapItem(await api.post<ItemEnvelope<AdminGame>>(`/api/v1/admin/gamegroups/${gameGroupId}/games/`, game));
}

/** `PUT /api/v1/admin/games/{id}`. */
export async function updateGame({ id, game }: { id: number; game: GameInput }): Promise<AdminGame> {
  return unwrapItem(await api.put<ItemEnvelope<AdminGame>>(`/api/v1/admin/games/${id}`, game));
}

/** `DELETE /api/v1/admin/games/{id}`: a 409 while the game has reservations. */
export function deleteGame(id: number): Promise<void> {
  return api.delete(`/api/v1/admin/games/${id}`);
}

export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; gameGroupId: number; game: GameInput }) =>
      input.id ? updateGame({ id: input.id, game: input.game }) : createGame({ gameGroupId: input.gameGroupId, game: input.game }),
    onSuccess: () => invalidateTicketAdmin(queryClient),
  });
}

export function useDeleteGame() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGame, onSettled: () => invalidateTicketAdmin(queryClient) });
}
