import type { OwnMember } from '@club/contract';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { ToastProvider } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import * as queryKeys from '@/lib/query-keys';
import { createSessionStore, currentPath, redirectToLogin, SessionProvider, type SessionStore } from '@/lib/session';
import { createSiteStore, SiteProvider, type SiteStore } from '@/lib/site';
import { AppErrorPage } from './root-error';
import { createAppRouter, type AppRouter } from './router';

/** What the navigation bar, the footer and Home read: the session and the site's facts. */
export interface Shell {
  session: SessionStore;
  site: SiteStore;
  /** The query client, once TanStack Query has loaded (app/queries.ts). */
  queryClient: Promise<QueryClient>;
}

/**
 * The router, which starts loading the first screen at once, and beside it TanStack Query: the
 * query client with the rules of docs/domain-rules.md «Errors in the browser» (401: to the login; 502: the BadGateway screen, once,
 * remembering where we were) that fills the shell's stores and the screens' loaders.
 */
export function createApp(): { shell: Shell; router: AppRouter } {
  const session = createSessionStore();
  const site = createSiteStore();
  const queryClient = import('./queries').then(({ startQueries }) =>
    startQueries(
      { session, site },
      {
        onUnauthorized: () => redirectToLogin(),
        onBadGateway: () => {
          if (router.state.location.pathname === paths.badGateway.path) return;
          void router.navigate(paths.badGateway.href(), { state: { from: currentPath() } });
        },
      },
    ),
  );
  const router = createAppRouter(queryClient);
  return { shell: { session, site, queryClient }, router };
}

/** Everything the screens rely on: error boundary, the site's facts, the session, the toasts. */
export function AppProvider({ shell, children }: { shell: Shell; children: ReactNode }) {
  const { queryClient } = shell;
  const setMember = useCallback(
    (user: OwnMember | null) => void queryClient.then((client) => client.setQueryData(queryKeys.session, user)),
    [queryClient],
  );
  return (
    <ErrorBoundary fallback={() => <AppErrorPage />}>
      <Suspense fallback={<PageSpinner />}>
        <SiteProvider store={shell.site}>
          <SessionProvider store={shell.session} setMember={setMember}>
            <ToastProvider>{children}</ToastProvider>
          </SessionProvider>
        </SiteProvider>
      </Suspense>
    </ErrorBoundary>
  );
}
