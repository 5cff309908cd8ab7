import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * For the queries behind every page (session check, site facts): their failure
       * must not take the visitor away from the page; the page falls back instead.
       */
      background?: boolean;
    };
  }
}

/**
 * docs/domain-rules.md «Errors in the browser», in one place. Every query and mutation that fails ends here:
 * 401 sends the browser to the login, 502 to the BadGateway screen; every other
 * error stays with the caller (the screen shows the API's German message).
 */
export interface GlobalErrorHandlers {
  onUnauthorized: () => void;
  onBadGateway: () => void;
}

export function handleGlobalError(error: unknown, handlers: GlobalErrorHandlers): void {
  if (!isApiError(error)) return;
  if (error.status === 401) handlers.onUnauthorized();
  else if (error.status === 502) handlers.onBadGateway();
}

/** Retry only what may pass on a second try: no connection, or a busy server. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 503;
}

export function createQueryClient(handlers: GlobalErrorHandlers): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.background) handleGlobalError(error, handlers);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => handleGlobalError(error, handlers) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
