import type { ItemEnvelope, TwoFactorStatus } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** Base of the member's second factor (embedded login). */
export const twoFactorPath = '/api/v1/member/twofactor';

/** `GET /api/v1/member/twofactor`: on or off, recovery codes left, whether the board must keep it. */
export async function getTwoFactorStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TwoFactorStatus> {
  return unwrapItem(await api.get<ItemEnvelope<TwoFactorStatus>>(twoFactorPath, { signal }));
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.twoFactor(), queryFn: getTwoFactorStatus });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions());
}
