import { MEMBER_SEARCH_DEFAULT_PAGE_SIZE, type MemberSearchResult } from '@club/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminMembersBase } from './common';
import * as queryKeys from '@/lib/query-keys';

export interface MemberSearch {
  q: string;
  page: number;
  pageSize?: number;
}

/** `GET /api/v1/admin/members/?q=&page=&pageSize=`: hits and paging facts. */
export async function searchMembers(
  { q, page, pageSize = MEMBER_SEARCH_DEFAULT_PAGE_SIZE }: MemberSearch,
  { signal }: { signal?: AbortSignal } = {},
) {
  const answer = await api.get<MemberSearchResult>(`${adminMembersBase}/`, { params: { q: q || undefined, page, pageSize }, signal });
  return { hits: answer.data.map((item) => item.data), page: answer.page };
}

export function memberSearchQueryOptions(search: MemberSearch) {
  const pageSize = search.pageSize ?? MEMBER_SEARCH_DEFAULT_PAGE_SIZE;
  return queryOptions({
    queryKey: queryKeys.members.search(search.q, search.page, pageSize),
    queryFn: ({ signal }) => searchMembers({ ...search, pageSize }, { signal }),
    // While the next page or query loads, the previous hits stay (no flicker).
    placeholderData: keepPreviousData,
  });
}

export function useMemberSearch(search: MemberSearch) {
  return useQuery(memberSearchQueryOptions(search));
}
