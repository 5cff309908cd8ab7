import type { QueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';

/** After any board change: everything the ticket screens show may have changed. */
export async function invalidateTicketAdmin(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.ticketAdmin.deliveryOptions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.ticketAdmin.gameGroups }),
    queryClient.invalidateQueries({ queryKey: queryKeys.games.all }),
  ]);
}
