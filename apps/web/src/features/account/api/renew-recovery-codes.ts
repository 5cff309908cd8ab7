import type { ItemEnvelope, RecoveryCodes } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { twoFactorPath } from './get-two-factor';

/** `POST /api/v1/member/twofactor/recoverycodes` with a current code: ten new codes, the old ones end. */
export async function renewRecoveryCodes(code: string): Promise<string[]> {
  return unwrapItem(await api.post<ItemEnvelope<RecoveryCodes>>(`${twoFactorPath}/recoverycodes`, { code })).recoveryCodes;
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.twoFactor() }),
  });
}
