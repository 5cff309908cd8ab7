import type { CamtImportResult, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrapItem } from '@/lib/api-client';
import { invalidateInvoices } from './common';

/** `POST /api/v1/admin/payments/camt054`: the bank's file itself as the body, `application/xml`. */
export async function importCamt054(file: File): Promise<CamtImportResult> {
  const answer = await apiRequest<ItemEnvelope<CamtImportResult>>('/api/v1/admin/payments/camt054', {
    method: 'POST',
    params: { fileName: file.name.slice(0, 200) },
    file: { content: file, type: 'application/xml' },
  });
  return unwrapItem(answer);
}

export function useImportCamt054() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importCamt054, onSettled: () => invalidateInvoices(queryClient) });
}
