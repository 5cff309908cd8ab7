import type { Candidate, CandidateStatus, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import { adminBase } from './common';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/members/candidates/`: open ones first, optionally one status only. */
export async function getCandidates(status: CandidateStatus | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<Candidate[]> {
  return unwrapList(await api.get<ListEnvelope<Candidate>>(`${adminBase}/`, { params: { status }, signal }));
}

export function candidatesQueryOptions(status: CandidateStatus | undefined) {
  return queryOptions({ queryKey: queryKeys.candidates.list(status), queryFn: ({ signal }) => getCandidates(status, { signal }) });
}

export function useCandidates(status: CandidateStatus | undefined) {
  return useQuery(candidatesQueryOptions(status));
}
