import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `DELETE /api/v1/admin/documents/{id}` */
export function deleteDocument(id: number): Promise<void> {
  return api.delete(`/api/v1/admin/documents/${encodeURIComponent(id)}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}
