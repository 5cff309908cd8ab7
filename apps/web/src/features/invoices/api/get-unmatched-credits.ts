import { UNMATCHED_DEFAULT_PAGE_SIZE, type UnmatchedCreditsResult } from '@club/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPaymentsBase } from './common';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/payments/unmatched?page=`: the credits listed for review, newest first, one page, how many, and how many wait long. */
export async function getUnmatchedCredits(page: number, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await api.get<UnmatchedCreditsResult>(`${adminPaymentsBase}/unmatched`, {
    params: { page, pageSize: UNMATCHED_DEFAULT_PAGE_SIZE },
    signal,
  });
  return {
    credits: answer.data.map((item) => item.data),
    total: answer.total,
    waitingLongCount: answer.waitingLongCount,
    page: answer.page,
  };
}

export function unmatchedCreditsQueryOptions(page = 1) {
  return queryOptions({
    queryKey: queryKeys.payments.unmatchedPage(page),
    queryFn: ({ signal }) => getUnmatchedCredits(page, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUnmatchedCredits(page: number) {
  return useQuery(unmatchedCreditsQueryOptions(page));
}
