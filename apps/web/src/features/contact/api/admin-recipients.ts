import type { ContactRecipientAdmin, ContactRecipientsInput, ListEnvelope } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

const path = '/api/v1/admin/contact/recipients';

/** `GET /api/v1/admin/contact/recipients`: all four with their addresses (board only). */
export async function getAdminRecipients({ signal }: { signal?: AbortSignal } = {}): Promise<ContactRecipientAdmin[]> {
  return unwrapList(await api.get<ListEnvelope<ContactRecipientAdmin>>(path, { signal }));
}

export function adminRecipientsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.contact.adminRecipients(), queryFn: ({ signal }) => getAdminRecipients({ signal }) });
}

export function useAdminRecipients(enabled: boolean) {
  return useQuery({ ...adminRecipientsQueryOptions(), enabled });
}

/** `PUT /api/v1/admin/contact/recipients`: labels and addresses; an empty address takes one off the form. */
export async function saveRecipients(input: ContactRecipientsInput): Promise<ContactRecipientAdmin[]> {
  return unwrapList(await api.put<ListEnvelope<ContactRecipientAdmin>>(path, input));
}

export function useSaveRecipients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecipients,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.contact.adminRecipients(), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.contact.recipients(), exact: true });
    },
  });
}
