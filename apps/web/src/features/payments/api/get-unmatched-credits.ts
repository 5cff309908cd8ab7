import type { UnmatchedCreditsResult } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPaymentsBase } from './common';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/payments/unmatched`: the oldest credits without usable reference, each with suggested invoices. */
export async function getUnmatchedCredits({ signal }: { signal?: AbortSignal } = {}) {
  const answer = await api.get<UnmatchedCreditsResult>(`${adminPaymentsBase}/unmatched`, { signal });
  return { credits: answer.data.map((item) => item.data), total: answer.total };
}

export function unmatchedCreditsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.payments.unmatched(), queryFn: ({ signal }) => getUnmatchedCredits({ signal }) });
}

export function useUnmatchedCredits() {
  return useQuery(unmatchedCreditsQueryOptions());
}
