import type { HandoverItem, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import type { HandoverKind } from '@/lib/query-keys';
import * as queryKeys from '@/lib/query-keys';

const listPath = (kind: HandoverKind, id: number) =>
  kind === 'game' ? `/api/v1/admin/games/${id}/ticketreservations` : `/api/v1/admin/events/${id}/eventsubscriptions`;

/** `GET /api/v1/admin/games/{id}/ticketreservations` or `.../events/{id}/eventsubscriptions`: who gets what. */
export async function getHandoverList(kind: HandoverKind, id: number, { signal }: { signal?: AbortSignal } = {}): Promise<HandoverItem[]> {
  return unwrapList(await api.get<ListEnvelope<HandoverItem>>(listPath(kind, id), { signal }));
}

/**
 * Loaded once: in the stands the network is poor, so the list is not read again on focus or
 * reconnect; hand-overs change it in the cache as they are made (see hand-over.ts).
 */
export function handoverListQueryOptions(kind: HandoverKind, id: number) {
  return queryOptions({
    queryKey: queryKeys.handover.list(kind, id),
    queryFn: ({ signal }) => getHandoverList(kind, id, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useHandoverList(kind: HandoverKind, id: number, enabled = true) {
  return useQuery({ ...handoverListQueryOptions(kind, id), enabled });
}
