import type { ListEnvelope, Mailing } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/admin/mailings`: the latest mailings, newest first, with sent and failed mails counted. */
export async function getMailings({ signal }: { signal?: AbortSignal } = {}): Promise<Mailing[]> {
  return unwrapList(await api.get<ListEnvelope<Mailing>>('/api/v1/admin/mailings', { signal }));
}

export function mailingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.mailings.list(), queryFn: ({ signal }) => getMailings({ signal }) });
}

/** The list; while mails of a mailing still wait in the outbox, it is read again every 5 s. */
export function useMailings() {
  return useQuery({
    ...mailingsQueryOptions(),
    refetchInterval: (query) => ((query.state.data ?? []).some((m) => m.sent + m.failed < m.recipients) ? 5000 : false),
  });
}
