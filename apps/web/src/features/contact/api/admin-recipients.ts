import type { ContactRecipientAdmin, ContactRecipientsInput, ListEnvelope } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import { contactKeys } from './keys';

const path = '/api/v1/admin/contact/recipients';

/** `GET /api/v1/admin/contact/recipients`: all four with their addresses (board only). */
export async function getAdminRecipients({ signal }: { signal?: AbortSignal } = {}): Promise<ContactRecipientAdmin[]> {
  return unwrapList(await api.get<ListEnvelope<ContactRecipientAdmin>>(path, { signal }));
}

export function adminRecipientsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.adminRecipients, queryFn: ({ signal }) => getAdminRecipients({ signal }) });
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
      queryClient.setQueryData(contactKeys.adminRecipients, saved);
      return queryClient.invalidateQueries({ queryKey: contactKeys.recipients, exact: true });
    },
  });
}
