import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `DELETE /api/v1/admin/members/{memberId}/invoices/{invoiceId}`: cancels an open invoice (kept for the books). */
export async function cancelInvoice({ memberId, invoiceId }: { memberId: number; invoiceId: number }): Promise<void> {
  await api.delete<unknown>(`${adminMembersBase}/${memberId}/invoices/${invoiceId}`);
}

export function useCancelInvoice(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: number) => cancelInvoice({ memberId, invoiceId }),
    onSuccess: () => invalidateMember(queryClient, memberId),
  });
}
