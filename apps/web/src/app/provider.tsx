import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { currentPath, redirectToLogin, SessionProvider } from '@/lib/session';
import { AppErrorPage } from './root-error';
import { navigate } from './router';

/** SPEC.md §8, 502: show the BadGateway screen (once), remembering where we were. */
function showBadGateway(): void {
  if (window.location.pathname === paths.badGateway.path) return;
  navigate(paths.badGateway.href(), { state: { from: currentPath() } });
}

/** Everything the screens rely on: query client (with the global error rules), session, error boundary. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() =>
    createQueryClient({
      onUnauthorized: () => redirectToLogin(),
      onBadGateway: showBadGateway,
    }),
  );
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
