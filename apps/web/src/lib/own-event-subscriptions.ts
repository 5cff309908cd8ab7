import type { ListEnvelope, MemberEventSubscription } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/member/eventsubscriptions`: the member's event subscriptions, by event start (Mein Konto and Home). */
export async function getEventSubscriptions({ signal }: { signal?: AbortSignal } = {}): Promise<MemberEventSubscription[]> {
  return unwrapList(await api.get<ListEnvelope<MemberEventSubscription>>('/api/v1/member/eventsubscriptions', { signal }));
}

export function eventSubscriptionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.eventSubscriptions(), queryFn: ({ signal }) => getEventSubscriptions({ signal }) });
}

export function useEventSubscriptions() {
  return useQuery(eventSubscriptionsQueryOptions());
}
