import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as queryKeys from '@/lib/query-keys';

/** docs/domain-rules.md «Session in the browser»: how often the keep-alive refetches the user. */
export const KEEP_ALIVE_INTERVAL_MS = 30_000;

/**
 * Refetches the logged-in user every 30 seconds, which keeps the server session
 * from running idle. It exists but is deliberately not started anywhere
 * (docs/domain-rules.md «Session in the browser»); mount it with `useKeepAlive()` where a screen needs it.
 */
export function useKeepAlive(enabled = true, intervalMs = KEEP_ALIVE_INTERVAL_MS): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(() => {
      void queryClient.refetchQueries({ queryKey: queryKeys.session, exact: true });
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [enabled, intervalMs, queryClient]);
}
