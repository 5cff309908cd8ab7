import type { ItemEnvelope, TwoFactorSetup } from '@club/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { twoFactorPath } from './get-two-factor';

/** `POST /api/v1/member/twofactor/setup`: a secret and its QR code for the app (the same again within the hour). */
export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  return unwrapItem(await api.post<ItemEnvelope<TwoFactorSetup>>(`${twoFactorPath}/setup`));
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
