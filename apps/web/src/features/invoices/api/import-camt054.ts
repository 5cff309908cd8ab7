import type { CamtImportResult, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '@/lib/api-client';
import { invalidateInvoices } from './keys';

/**
 * `POST /api/v1/admin/payments/camt054`: the bank's file itself as the body, `application/xml`
 * (the one call that sends no JSON, so not through `api.post`).
 */
export async function importCamt054(file: File): Promise<CamtImportResult> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/admin/payments/camt054?fileName=${encodeURIComponent(file.name.slice(0, 200))}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/xml' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
  }
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as ItemEnvelope<CamtImportResult>).data;
}

export function useImportCamt054() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importCamt054, onSettled: () => invalidateInvoices(queryClient) });
}
