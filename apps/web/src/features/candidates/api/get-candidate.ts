import type { Candidate, ItemEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminBase } from './common';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/members/candidates/{id}`. */
export async function getCandidate(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Candidate> {
  return unwrapItem(await api.get<ItemEnvelope<Candidate>>(`${adminBase}/${id}`, { signal }));
}

export function candidateQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.candidates.detail(id), queryFn: ({ signal }) => getCandidate(id, { signal }) });
}

export function useCandidate(id: number) {
  return useQuery({ ...candidateQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
