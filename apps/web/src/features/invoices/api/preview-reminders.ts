import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReminderPreview } from '@club/contract';
import { api } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { adminInvoicesBase } from './common';

/** `GET /api/v1/admin/invoices/reminders`: whom the reminder run would remind now, and the sum. */
export async function getReminderPreview(): Promise<ReminderPreview> {
  const answer = await api.get<{ data: ReminderPreview }>(`${adminInvoicesBase}/reminders`);
  return answer.data;
}

export const reminderPreviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.invoices.reminderPreview(), queryFn: getReminderPreview, staleTime: 0 });

/** Read while the run's dialog is open (it changes with every payment and every run). */
export function useReminderPreview(enabled: boolean) {
  return useQuery({ ...reminderPreviewQueryOptions(), enabled });
}
