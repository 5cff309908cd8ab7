import type { DeliveryOption, GameGroup, GameGroupInput, ItemEnvelope, ListEnvelope } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { invalidateTicketAdmin } from './common';

const base = '/api/v1/admin/gamegroups/';

/** `GET /api/v1/admin/gamegroups/?expands=*`: every group with its options and games. */
export async function getGameGroups({ signal }: { signal?: AbortSignal } = {}): Promise<GameGroup[]> {
  return unwrapList(await api.get<ListEnvelope<GameGroup>>(base, { params: { expands: '*' }, signal }));
}

export function gameGroupsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tickets.adminGameGroupList(), queryFn: ({ signal }) => getGameGroups({ signal }) });
}

export function useGameGroups() {
  return useQuery(gameGroupsQueryOptions());
}

/** `GET /api/v1/admin/gamegroups/{id}?expands=*`: one group, every game with its reservations. */
export async function getGameGroup(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<GameGroup> {
  return unwrapItem(await api.get<ItemEnvelope<GameGroup>>(`${base}${id}`, { params: { expands: '*' }, signal }));
}

export function gameGroupQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.tickets.adminGameGroup(id), queryFn: ({ signal }) => getGameGroup(id, { signal }) });
}

export function useGameGroup(id: number) {
  return useQuery(gameGroupQueryOptions(id));
}

export interface SaveGameGroupInput {
  /** Absent: a new group. */
  id?: number;
  group: GameGroupInput;
  deliveryOptionIds: number[];
}

/**
 * Saves a group as docs/domain-rules.md «Wire names» describes: the group's data (POST or PUT), then
 * `DELETE .../deliveryoptions/` and `PUT .../deliveryoptions/` with the chosen `[{ id }]`.
 */
export async function saveGameGroup({ id, group, deliveryOptionIds }: SaveGameGroupInput): Promise<GameGroup> {
  const saved = id
    ? unwrapItem(await api.put<ItemEnvelope<GameGroup>>(`${base}${id}`, group))
    : unwrapItem(await api.post<ItemEnvelope<GameGroup>>(base, group));
  await api.delete(`${base}${saved.id}/deliveryoptions/`);
  const options = unwrapList(
    await api.put<ListEnvelope<DeliveryOption>>(
      `${base}${saved.id}/deliveryoptions/`,
      deliveryOptionIds.map((optionId) => ({ id: optionId })),
    ),
  );
  return { ...saved, deliveryOptions: options };
}

/** `DELETE /api/v1/admin/gamegroups/{id}`: a 409 while reservations exist. */
export function deleteGameGroup(id: number): Promise<void> {
  return api.delete(`${base}${id}`);
}

export function useSaveGameGroup() {
  const queryClient = useQueryClient();
  // Invalidate also after a failure: the group may be saved while its options were not.
  return useMutation({ mutationFn: saveGameGroup, onSettled: () => invalidateTicketAdmin(queryClient) });
}

export function useDeleteGameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGameGroup,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: queryKeys.tickets.adminGameGroup(id) }),
    onSettled: () => invalidateTicketAdmin(queryClient),
  });
}
