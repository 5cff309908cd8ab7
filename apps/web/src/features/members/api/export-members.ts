import { useMutation } from '@tanstack/react-query';
import { todayInZurich } from '@club/contract/dates';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { adminMembersBase } from './common';

/** `GET /api/v1/admin/members/export.csv|.xlsx`: every member with the import's columns, downloaded. */
export function useExportMembers() {
  return useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const blob = await apiDownload(`${adminMembersBase}/export.${format}`);
      saveFile(blob, `Mitglieder-${todayInZurich()}.${format}`);
    },
  });
}
