import type { ItemEnvelope, RenewalResult } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateSeasons, seasonsBase } from './common';

/** `POST /api/v1/admin/seasons/{id}/renewals` with `[]`: everyone of the previous season; lists who moved to the default category. */
export async function renewMemberships(seasonId: number): Promise<RenewalResult> {
  return unwrapItem(await api.post<ItemEnvelope<RenewalResult>>(`${seasonsBase}${seasonId}/renewals`, []));
}

export function useRenewMemberships() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renewMemberships, onSettled: () => invalidateSeasons(queryClient) });
}
