import type { QueryClient } from '@tanstack/react-query';
import { gamesKey } from './get-games';

/** Query keys of the board's ticket screens, from broad to narrow. */
export const adminKeys = {
  deliveryOptions: ['admin', 'deliveryoptions'] as const,
  gameGroups: ['admin', 'gamegroups'] as const,
  gameGroupList: () => [...adminKeys.gameGroups, 'list'] as const,
  gameGroup: (id: number) => [...adminKeys.gameGroups, 'detail', id] as const,
};

/** After any board change: everything the ticket screens show may have changed. */
export async function invalidateTicketAdmin(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.deliveryOptions }),
    queryClient.invalidateQueries({ queryKey: adminKeys.gameGroups }),
    queryClient.invalidateQueries({ queryKey: gamesKey }),
  ]);
}
