import type { ItemEnvelope, Season, SeasonCreate } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateSeasons, seasonsBase } from './common';

/** `POST /api/v1/admin/seasons/` with `{ validFrom, membershipFee, parkingFee }`. */
export async function createSeason(input: SeasonCreate): Promise<Season> {
  return unwrapItem(await api.post<ItemEnvelope<Season>>(seasonsBase, input));
}

export function useCreateSeason() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSeason, onSuccess: () => invalidateSeasons(queryClient) });
}
