import type { AdminDeliveryOption, DeliveryOptionInput, ItemEnvelope, ListEnvelope } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { invalidateTicketAdmin } from './common';

const base = '/api/v1/admin/deliveryoptions/';

/** `GET /api/v1/admin/deliveryoptions/`: every option with where it is used. */
export async function getDeliveryOptions({ signal }: { signal?: AbortSignal } = {}): Promise<AdminDeliveryOption[]> {
  return unwrapList(await api.get<ListEnvelope<AdminDeliveryOption>>(base, { signal }));
}

export function deliveryOptionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tickets.adminDeliveryOptions(), queryFn: ({ signal }) => getDeliveryOptions({ signal }) });
}

export function useDeliveryOptions() {
  return useQuery(deliveryOptionsQueryOptions());
}

/** `POST /api/v1/admin/deliveryoptions/` with `{ name }`. */
export async function createDeliveryOption(input: DeliveryOptionInput): Promise<AdminDeliveryOption> {
  return unwrapItem(await api.post<ItemEnvelope<AdminDeliveryOption>>(base, input));
}

/** `PUT /api/v1/admin/deliveryoptions/{id}`. */
export async function updateDeliveryOption({ id, ...input }: DeliveryOptionInput & { id: number }): Promise<AdminDeliveryOption> {
  return unwrapItem(await api.put<ItemEnvelope<AdminDeliveryOption>>(`${base}${id}`, input));
}

/** `DELETE /api/v1/admin/deliveryoptions/{id}`: a 409 while a group or a reservation uses it. */
export function deleteDeliveryOption(id: number): Promise<void> {
  return api.delete(`${base}${id}`);
}

export function useCreateDeliveryOption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDeliveryOption, onSuccess: () => invalidateTicketAdmin(queryClient) });
}

export function useUpdateDeliveryOption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDeliveryOption, onSuccess: () => invalidateTicketAdmin(queryClient) });
}

export function useDeleteDeliveryOption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDeliveryOption, onSettled: () => invalidateTicketAdmin(queryClient) });
}
