import type { AdminEvent, Game, ItemEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import type { HandoverKind } from '@/lib/query-keys';
import * as queryKeys from '@/lib/query-keys';

/** What the hand-over is for: its heading. */
export interface HandoverSubject {
  title: string;
  start: string;
}

/** `GET /api/v1/games/{id}` or `GET /api/v1/admin/events/{id}`, as the hand-over's heading. */
export async function getHandoverSubject(
  kind: HandoverKind,
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HandoverSubject> {
  if (kind === 'game') {
    const game = unwrapItem(await api.get<ItemEnvelope<Game>>(`/api/v1/games/${id}`, { signal }));
    return { title: game.homeGame ? `ZSC – ${game.opponent}` : `${game.opponent} – ZSC`, start: game.start };
  }
  const event = unwrapItem(await api.get<ItemEnvelope<AdminEvent>>(`/api/v1/admin/events/${id}`, { signal }));
  return { title: event.title, start: event.start };
}

export function handoverSubjectQueryOptions(kind: HandoverKind, id: number) {
  return queryOptions({
    queryKey: queryKeys.handover.subject(kind, id),
    queryFn: ({ signal }) => getHandoverSubject(kind, id, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useHandoverSubject(kind: HandoverKind, id: number, enabled = true) {
  return useQuery({ ...handoverSubjectQueryOptions(kind, id), enabled });
}
