import { ADMIN_RESERVATIONS_PAGE_SIZE, type AdminTicketReservation, type ListEnvelope, type PageInfo } from '@club/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

export interface ReservationsPage {
  items: AdminTicketReservation[];
  page: PageInfo;
}

/** `GET /api/v1/admin/games/{id}/reservations?page=`: one page of a game's reservations. */
export async function getGameReservationsPage(
  gameId: number,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReservationsPage> {
  const envelope = await api.get<ListEnvelope<AdminTicketReservation> & { page: PageInfo }>(`/api/v1/admin/games/${gameId}/reservations`, {
    params: { page, pageSize: ADMIN_RESERVATIONS_PAGE_SIZE },
    signal,
  });
  return { items: unwrapList(envelope), page: envelope.page };
}

/**
 * The reservations after the first page (which the group detail carries): page 2 on once
 * `enabled`, the next one with `fetchNextPage`.
 */
export function useMoreGameReservations(gameId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.tickets.adminGameReservations(gameId),
    queryFn: ({ pageParam, signal }) => getGameReservationsPage(gameId, pageParam, { signal }),
    initialPageParam: 2,
    getNextPageParam: (last) => (last.page.page < last.page.totalPages ? last.page.page + 1 : undefined),
    enabled,
  });
}
