import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** `GET /api/v1/admin/events/{id}/subscribers.xlsx`, saved under the given name. */
export async function downloadSubscribers({ id, fileName }: { id: number; fileName: string }): Promise<void> {
  const blob = await apiDownload(`/api/v1/admin/events/${id}/subscribers.xlsx`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadSubscribers() {
  return useMutation({ mutationFn: downloadSubscribers });
}
