import type { ItemEnvelope, RecoveryCodes } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { twoFactorPath } from './get-two-factor';

/** `POST /api/v1/member/twofactor` with a code of the app: the factor is on; the ten recovery codes come once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  return unwrapItem(await api.post<ItemEnvelope<RecoveryCodes>>(twoFactorPath, { code })).recoveryCodes;
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.twoFactor() }),
  });
}
