import type { ClubDocument } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';
import { postFormData } from '@/lib/upload-form-data';

export interface DocumentUpload {
  title: string;
  date: string;
  file: File;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
}

/** `POST /api/v1/admin/documents` as a multipart form (title, date, file), with progress. */
export function uploadDocument({ title, date, file, onProgress }: DocumentUpload): Promise<ClubDocument> {
  const form = new FormData();
  form.append('title', title);
  form.append('date', date);
  form.append('file', file, file.name);
  return postFormData<ClubDocument>('/api/v1/admin/documents', form, onProgress);
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}
