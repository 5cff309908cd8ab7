import type { QueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';

/** After any board change: everything the event screens show may have changed. */
export async function invalidateEvents(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.events.admin() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  ]);
}
