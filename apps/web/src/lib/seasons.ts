import type { Category, ListEnvelope, Season } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from './api-client';
import { formatMoney } from './format';
import * as queryKeys from './query-keys';

/** `GET /api/v1/admin/seasons/` (the board's): newest first, with memberships and fee invoices counted. */
export async function getSeasons({ signal }: { signal?: AbortSignal } = {}): Promise<Season[]> {
  return unwrapList(await api.get<ListEnvelope<Season>>('/api/v1/admin/seasons/', { signal }));
}

/** The one query of the season list: the seasons screen, the invoice filter and a member's memberships read it. */
export function seasonsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.seasons.list(), queryFn: ({ signal }) => getSeasons({ signal }) });
}

export function useSeasons(enabled = true) {
  return useQuery({ ...seasonsQueryOptions(), enabled });
}

/** `GET /api/v1/admin/seasons/{id}/categories`: the default first, with their memberships counted. */
export async function getCategories(seasonId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return unwrapList(await api.get<ListEnvelope<Category>>(`/api/v1/admin/seasons/${seasonId}/categories`, { signal }));
}

/** The one query of a season's membership categories: the seasons screen, a member's memberships and the accept dialog read it. */
export function categoriesQueryOptions(seasonId: number) {
  return queryOptions({ queryKey: queryKeys.seasons.categories(seasonId), queryFn: ({ signal }) => getCategories(seasonId, { signal }) });
}

export function useCategories(seasonId: number | null) {
  return useQuery({ ...categoriesQueryOptions(seasonId ?? 0), enabled: seasonId !== null && seasonId > 0 });
}

/** A category as a choice reads: `Junior (CHF 25.00, bis 17 Jahre)`, `Ehrenmitglied (kein Beitrag)`. */
export function categoryChoiceLabel(c: Pick<Category, 'name' | 'fee' | 'maxAge' | 'isDefault'>): string {
  const parts = [c.fee.amount === 0 ? 'kein Beitrag' : formatMoney(c.fee)];
  if (c.maxAge !== null) parts.push(`bis ${c.maxAge} Jahre`);
  if (c.isDefault) parts.push('Standard');
  return `${c.name} (${parts.join(', ')})`;
}
