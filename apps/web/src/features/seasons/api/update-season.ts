import type { ItemEnvelope, Season, SeasonUpdate } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateSeasons, seasonsBase } from './common';

/** `PUT /api/v1/admin/seasons/{id}`: the fees (issued invoices keep their amount). */
export async function updateSeason({ id, ...input }: SeasonUpdate & { id: number }): Promise<Season> {
  return unwrapItem(await api.put<ItemEnvelope<Season>>(`${seasonsBase}${id}`, input));
}

export function useUpdateSeason() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSeason, onSuccess: () => invalidateSeasons(queryClient) });
}
