import type { ItemEnvelope, RunResult, TicketBillingState } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { invalidateSeasons, seasonsBase } from './common';

/** `GET /api/v1/admin/seasons/{id}/ticketfees/`: what awaits billing, what is not due yet, the season's ticket invoices. */
export async function getTicketBilling(seasonId: number, { signal }: { signal?: AbortSignal } = {}): Promise<TicketBillingState> {
  return unwrapItem(await api.get<ItemEnvelope<TicketBillingState>>(`${seasonsBase}${seasonId}/ticketfees/`, { signal }));
}

export function ticketBillingQueryOptions(seasonId: number) {
  return queryOptions({
    queryKey: queryKeys.seasons.ticketBilling(seasonId),
    queryFn: ({ signal }) => getTicketBilling(seasonId, { signal }),
  });
}

export function useTicketBilling(seasonId: number) {
  return useQuery(ticketBillingQueryOptions(seasonId));
}

/** `POST /api/v1/admin/seasons/{id}/ticketfees/` with `[]`: every due reservation and place of the season, once. */
export async function runTicketBilling(seasonId: number): Promise<RunResult> {
  return unwrapItem(await api.post<ItemEnvelope<RunResult>>(`${seasonsBase}${seasonId}/ticketfees/`, []));
}

export function useRunTicketBilling() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runTicketBilling, onSettled: () => invalidateSeasons(queryClient) });
}
