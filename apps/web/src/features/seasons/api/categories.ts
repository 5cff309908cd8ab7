import type { Category, CategoryBody, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { invalidateSeasons, seasonsBase } from './common';

const base = (seasonId: number) => `${seasonsBase}${seasonId}/categories`;

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
