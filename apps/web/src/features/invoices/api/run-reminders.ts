import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminInvoicesBase, invalidateInvoices } from './keys';

/** What the reminder run answers: counts by name (`{ data: { sent: 4, … } }`). */
export type ReminderRunResult = Record<string, unknown>;

/** `POST /api/v1/admin/invoices/reminders`: each overdue open invoice gets its next reminder. */
export async function runReminders(): Promise<ReminderRunResult> {
  const answer = await api.post<{ data?: ReminderRunResult }>(`${adminInvoicesBase}/reminders`);
  return answer?.data ?? {};
}

export function useRunReminders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runReminders, onSettled: () => invalidateInvoices(queryClient) });
}
