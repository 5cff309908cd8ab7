import { reportPath, type ReportFormat, type ReportType } from '@club/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

export interface ReportRequest {
  seasonId: number;
  type: ReportType;
  format: ReportFormat;
}

/** `GET /api/v1/admin/seasons/{id}/{type}/.xlsx|.pdf`: the file's content. */
export async function fetchReport({ seasonId, type, format }: ReportRequest): Promise<Blob> {
  return apiDownload(reportPath(seasonId, type, format));
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Makes and downloads one report; `fileName` is the German name shown in the browser's downloads. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (request: ReportRequest & { fileName: string }) => {
      const blob = await fetchReport(request);
      saveFile(blob, request.fileName);
    },
  });
}
