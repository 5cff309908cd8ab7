import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { ToastProvider } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { currentPath, redirectToLogin } from '@/lib/session';
import { AppErrorPage } from './root-error';
import { createAppRouter, type AppRouter } from './router';

/**
 * The query client with the rules of docs/domain-rules.md «Errors in the browser» (401: to the
 * login; 502: the BadGateway screen, once, remembering where we were) and the router, which
 * starts loading the first screen at once.
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

/** Everything the screens rely on: the one query client, the error boundary, the toasts. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary fallback={() => <AppErrorPage />}>
        <Suspense fallback={<PageSpinner />}>
          <ToastProvider>{children}</ToastProvider>
        </Suspense>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
