import type { ClubDocument, ListEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/documents/`: members only, newest first. */
export async function getDocuments({ signal }: { signal?: AbortSignal } = {}): Promise<ClubDocument[]> {
  return unwrapList(await api.get<ListEnvelope<ClubDocument>>('/api/v1/documents/', { signal }));
}

export function documentsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.documents.list(), queryFn: ({ signal }) => getDocuments({ signal }) });
}

export function useDocuments(enabled: boolean) {
  return useQuery({ ...documentsQueryOptions(), enabled });
}
