import { useSyncExternalStore } from 'react';

/* How many screen chunks are on their way: the navigation progress bar shows while one is. */
let loading = 0;
const listeners = new Set<() => void>();

function changed(by: number): void {
  loading += by;
  for (const listener of listeners) listener();
}

/** Counts a screen's chunk as loading until it has arrived (or failed). */
export function trackLoading<T>(promise: Promise<T>): Promise<T> {
  changed(1);
  return promise.finally(() => changed(-1));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a screen's chunk is loading. */
export function useScreenLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}
