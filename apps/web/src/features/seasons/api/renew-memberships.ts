import type { ItemEnvelope, RunResult } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateSeasons, seasonsBase } from './common';

/** `POST /api/v1/admin/seasons/{id}/renewals` with `[]`: everyone of the previous season. */
export async function renewMemberships(seasonId: number): Promise<RunResult> {
  return unwrapItem(await api.post<ItemEnvelope<RunResult>>(`${seasonsBase}${seasonId}/renewals`, []));
}

export function useRenewMemberships() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renewMemberships, onSettled: () => invalidateSeasons(queryClient) });
}
