import type { QueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';

/** After any board change: everything the ticket screens show may have changed. */
export async function invalidateTicketAdmin(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.adminDeliveryOptions() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.adminGameGroups() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.games() }),
  ]);
}
