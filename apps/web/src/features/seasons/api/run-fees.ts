import type { ItemEnvelope, RunResult } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateSeasons, seasonsBase } from './common';

export type FeeRunKind = 'membershipfees' | 'parkingfees';

/** `POST /api/v1/admin/seasons/{id}/membershipfees/` or `.../parkingfees/` with `[]`: every eligible member, once. */
export async function runFees({ seasonId, kind }: { seasonId: number; kind: FeeRunKind }): Promise<RunResult> {
  return unwrapItem(await api.post<ItemEnvelope<RunResult>>(`${seasonsBase}${seasonId}/${kind}/`, []));
}

export function useRunFees() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runFees, onSettled: () => invalidateSeasons(queryClient) });
}
