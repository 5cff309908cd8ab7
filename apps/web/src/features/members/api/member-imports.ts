import type { ImportCommitResult, ItemEnvelope, MemberImport, MemberImportUpdateBody } from '@club/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { postFormData } from '@/lib/upload-form-data';
import { adminMembersBase } from './common';

const importsBase = `${adminMembersBase}/imports`;

/** `POST /api/v1/admin/members/imports` (multipart `file`), with the upload's progress (0 to 1). */
export function uploadMemberImport({ file, onProgress }: { file: File; onProgress?: (share: number) => void }): Promise<MemberImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postFormData<MemberImport>(importsBase, form, onProgress);
}

export async function getMemberImport(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<MemberImport> {
  return (await api.get<ItemEnvelope<MemberImport>>(`${importsBase}/${id}`, { signal })).data;
}

export function memberImportQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.members.memberImport(id), queryFn: ({ signal }) => getMemberImport(id, { signal }) });
}

export function useMemberImport(id: number | null) {
  return useQuery({ ...memberImportQueryOptions(id ?? 0), enabled: id !== null });
}

export function useUploadMemberImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMemberImport,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.members.memberImport(data.id), data),
  });
}

/** `PUT .../imports/{id}`: the board's mapping and choices; the answer is every row checked again. */
export function useUpdateMemberImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MemberImportUpdateBody) => (await api.put<ItemEnvelope<MemberImport>>(`${importsBase}/${id}`, body)).data,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.members.memberImport(id), data),
  });
}

/** `POST .../imports/{id}/commit`; afterwards every member query may have changed. */
export function useCommitMemberImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { skipErrors: boolean }) =>
      (await api.post<ItemEnvelope<ImportCommitResult>>(`${importsBase}/${id}/commit`, body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}
