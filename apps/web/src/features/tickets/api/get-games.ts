import type { Game, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** Every query of the public game data starts with this key; mutations invalidate it. */

/** `GET /api/v1/games/`: upcoming games of all groups, soonest first. */
export async function getGames({ signal }: { signal?: AbortSignal } = {}): Promise<Game[]> {
  return unwrapList(await api.get<ListEnvelope<Game>>('/api/v1/games/', { signal }));
}

export function gamesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tickets.gameList(), queryFn: ({ signal }) => getGames({ signal }) });
}

export function useGames() {
  return useQuery(gamesQueryOptions());
}
