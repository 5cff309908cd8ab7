import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderRunResult } from '@club/contract';
import { api } from '@/lib/api-client';
import { adminInvoicesBase, invalidateInvoices } from './common';

/** `POST /api/v1/admin/invoices/reminders`: each overdue open invoice gets its next reminder. */
export async function runReminders(): Promise<ReminderRunResult> {
  const answer = await api.post<{ data: ReminderRunResult }>(`${adminInvoicesBase}/reminders`);
  return answer.data;
}

export function useRunReminders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runReminders, onSettled: () => invalidateInvoices(queryClient) });
}
