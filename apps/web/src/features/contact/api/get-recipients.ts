import type { ContactRecipient, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/contact/recipients`: who can be written to (never their addresses). */
export async function getRecipients({ signal }: { signal?: AbortSignal } = {}): Promise<ContactRecipient[]> {
  return unwrapList(await api.get<ListEnvelope<ContactRecipient>>('/api/v1/contact/recipients', { signal }));
}

export function recipientsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.contact.recipients(),
    queryFn: ({ signal }) => getRecipients({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRecipients() {
  return useQuery(recipientsQueryOptions());
}
