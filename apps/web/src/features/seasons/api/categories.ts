import type { Category, CategoryBody, ItemEnvelope, ListEnvelope } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { invalidateSeasons, seasonsBase } from './common';

const base = (seasonId: number) => `${seasonsBase}${seasonId}/categories`;

/** `GET /api/v1/admin/seasons/{id}/categories`: the default first, with their memberships counted. */
export async function getCategories(seasonId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return unwrapList(await api.get<ListEnvelope<Category>>(base(seasonId), { signal }));
}

export function categoriesQueryOptions(seasonId: number) {
  return queryOptions({ queryKey: queryKeys.seasons.categories(seasonId), queryFn: ({ signal }) => getCategories(seasonId, { signal }) });
}

export function useCategories(seasonId: number) {
  return useQuery(categoriesQueryOptions(seasonId));
}

/** `POST .../categories` (new) or `PUT .../categories/{categoryId}` (change) with `{ name, fee, maxAge }`. */
export async function saveCategory(input: { seasonId: number; categoryId?: number; body: CategoryBody }): Promise<Category> {
  const answer = input.categoryId
    ? await api.put<ItemEnvelope<Category>>(`${base(input.seasonId)}/${input.categoryId}`, input.body)
    : await api.post<ItemEnvelope<Category>>(base(input.seasonId), input.body);
  return unwrapItem(answer);
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCategory, onSuccess: () => invalidateSeasons(queryClient) });
}

/** `DELETE .../categories/{categoryId}`: only a category nobody is in (409 otherwise). */
export async function deleteCategory(input: { seasonId: number; categoryId: number }): Promise<void> {
  await api.delete(`${base(input.seasonId)}/${input.categoryId}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateSeasons(queryClient) });
}
