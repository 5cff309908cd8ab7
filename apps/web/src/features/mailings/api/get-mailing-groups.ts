import type { ItemEnvelope, MailingGroupOptions } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/mailings/groups`: the seasons, categories, events and games the form offers. */
export async function getMailingGroups({ signal }: { signal?: AbortSignal } = {}): Promise<MailingGroupOptions> {
  return unwrapItem(await api.get<ItemEnvelope<MailingGroupOptions>>('/api/v1/admin/mailings/groups', { signal }));
}

export function mailingGroupsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.mailings.groups(), queryFn: ({ signal }) => getMailingGroups({ signal }) });
}

export function useMailingGroups() {
  return useQuery(mailingGroupsQueryOptions());
}
