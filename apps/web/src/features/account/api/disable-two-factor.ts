import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { twoFactorPath } from './get-two-factor';

/** `DELETE /api/v1/member/twofactor` with a current code: the factor is off. */
export async function disableTwoFactor(code: string): Promise<void> {
  await apiRequest<void>(twoFactorPath, { method: 'DELETE', body: { code } });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.twoFactor() }),
  });
}
