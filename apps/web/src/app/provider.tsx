import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { currentPath, redirectToLogin, SessionProvider } from '@/lib/session';
import { AppErrorPage } from './root-error';
import { createAppRouter, type AppRouter } from './router';

/**
 * The query client with SPEC.md §8's rules (401: to the login; 502: the BadGateway screen, once,
 * remembering where we were) and the router whose loaders fill it.
 */
export function createApp(): { queryClient: QueryClient; router: AppRouter } {
  const queryClient = createQueryClient({
    onUnauthorized: () => redirectToLogin(),
    onBadGateway: () => {
      if (router.state.location.pathname === paths.badGateway.path) return;
      void router.navigate(paths.badGateway.href(), { state: { from: currentPath() } });
    },
  });
  const router = createAppRouter(queryClient);
  return { queryClient, router };
}

/** Everything the screens rely on: query client, session, error boundary. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => <AppErrorPage />}>
      <Suspense fallback={<PageSpinner />}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </Suspense>
    </ErrorBoundary>
  );
}
