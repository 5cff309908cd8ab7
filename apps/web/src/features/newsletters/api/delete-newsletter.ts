import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `DELETE /api/v1/admin/newsletters/{id}` */
export function deleteNewsletter(id: number): Promise<void> {
  return api.delete(`/api/v1/admin/newsletters/${encodeURIComponent(id)}`);
}

export function useDeleteNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNewsletter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.newsletters.all }),
  });
}
