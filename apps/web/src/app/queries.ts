import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, type GlobalErrorHandlers } from '@/lib/query-client';
import type { SessionStore } from '@/lib/session';
import { connectSessionStore, connectSiteStore } from '@/lib/shell-queries';
import type { SiteStore } from '@/lib/site';

/**
 * TanStack Query, loaded beside the first screen rather than before it: the query client with
 * the rules of docs/domain-rules.md «Errors in the browser» and the observers that fill the shell's session and site stores.
 */
export function startQueries(shell: { session: SessionStore; site: SiteStore }, handlers: GlobalErrorHandlers): QueryClient {
  const queryClient = createQueryClient(handlers);
  connectSessionStore(shell.session, queryClient);
  connectSiteStore(shell.site, queryClient);
  return queryClient;
}
