import { reportPath, type ReportFormat, type ReportType } from '@club/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export interface ReportRequest {
  seasonId: number;
  type: ReportType;
  format: ReportFormat;
}

/** `GET /api/v1/admin/seasons/{id}/{type}/.xlsx|.pdf`: the file's content. */
export async function fetchReport({ seasonId, type, format }: ReportRequest): Promise<Blob> {
  return apiDownload(reportPath(seasonId, type, format));
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
