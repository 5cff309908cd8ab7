import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { applySessionResult, sessionQueryOptions, type SessionStore } from './session';
import { siteQueryOptions, type SiteStore } from './site';

/*
 * The navigation bar, the footer and Home read the session and the site's facts from small stores
 * (lib/session.ts, lib/site.ts) that need no TanStack Query; these observers fill them from the
 * query cache once it has loaded, and keep both queries active (refetched when invalidated).
 */

/** Feeds the store from the session query; returns the unsubscribe function. */
export function connectSessionStore(store: SessionStore, queryClient: QueryClient): () => void {
  const observer = new QueryObserver(queryClient, sessionQueryOptions());
  applySessionResult(store, observer.getCurrentResult());
  return observer.subscribe((result) => applySessionResult(store, result));
}

/** Feeds the store from the site's facts; returns the unsubscribe function. */
export function connectSiteStore(store: SiteStore, queryClient: QueryClient): () => void {
  const observer = new QueryObserver(queryClient, siteQueryOptions());
  const apply = ({ data }: { data: ReturnType<SiteStore['getSnapshot']> | undefined }) => {
    if (data) store.set(data);
  };
  apply(observer.getCurrentResult());
  return observer.subscribe(apply);
}
