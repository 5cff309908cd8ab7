import type { QueryClient } from '@tanstack/react-query';
import { eventsKey } from './get-events';

/** Query keys of the board's event screens, from broad to narrow. */
export const adminEventKeys = {
  all: ['admin', 'events'] as const,
  list: () => [...adminEventKeys.all, 'list'] as const,
  detail: (id: number) => [...adminEventKeys.all, 'detail', id] as const,
  subscribers: (id: number) => [...adminEventKeys.all, 'detail', id, 'subscribers'] as const,
};

/** After any board change: everything the event screens show may have changed. */
export async function invalidateEvents(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminEventKeys.all }),
    queryClient.invalidateQueries({ queryKey: eventsKey }),
  ]);
}
