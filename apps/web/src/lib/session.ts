import type { ItemEnvelope, OwnMember } from '@club/contract';
import type { QueryObserverResult } from '@tanstack/react-query';
import { createContext, createElement, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { paths, serverPaths } from '@/config/paths';
import { api, isApiError } from './api-client';
import * as queryKeys from './query-keys';

/* ------------------------------------------------------------------------------------------
 * The session of docs/domain-rules.md «Session in the browser»: a user and a loaded flag. Registering a user sets both,
 * clearing empties both. Logged in = loaded and a user; admin = roles include
 * MEMBER_OF_THE_BOARD. `status` says whether the server has answered yet.
 * ---------------------------------------------------------------------------------------- */

export type SessionStatus = 'pending' | 'settled' | 'error';

export interface SessionState {
  readonly user: OwnMember | null;
  readonly loaded: boolean;
  /** pending: not asked yet; settled: member or visitor is known; error: the server failed to answer. */
  readonly status: SessionStatus;
}

export const initialSession: SessionState = { user: null, loaded: false, status: 'pending' };

export function isLoggedIn(state: Pick<SessionState, 'user' | 'loaded'>): boolean {
  return state.loaded && state.user !== null;
}

export function isAdmin(state: Pick<SessionState, 'user' | 'loaded'>): boolean {
  return isLoggedIn(state) && (state.user?.roles.includes('MEMBER_OF_THE_BOARD') ?? false);
}

export interface SessionStore {
  getSnapshot: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  register: (user: OwnMember) => void;
  clear: () => void;
  /** The session could not be checked (server error): a known user is kept. */
  fail: () => void;
}

export function createSessionStore(initial: SessionState = initialSession): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    if (next.user === state.user && next.loaded === state.loaded && next.status === state.status) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    register: (user) => set({ user, loaded: true, status: 'settled' }),
    clear: () => set({ user: null, loaded: false, status: 'settled' }),
    fail: () => set(state.loaded ? state : { user: null, loaded: false, status: 'error' }),
  };
}

/* ------------------------------------------------------------------------------------------
 * The query behind it: GET /api/v1/member/?expands=*. A 401 is not an error here:
 * it means "visitor" (null), so the global 401 handler never sees it.
 * ---------------------------------------------------------------------------------------- */

export async function fetchOwnMember({ signal }: { signal?: AbortSignal } = {}): Promise<OwnMember | null> {
  try {
    const envelope = await api.get<ItemEnvelope<OwnMember>>('/api/v1/member/', { params: { expands: '*' }, signal });
    return envelope.data;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return {
    queryKey: queryKeys.session,
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchOwnMember({ signal }),
    staleTime: 60_000,
    // Every page asks; when the check fails the page still shows, as for a visitor.
    meta: { background: true },
  };
}

/** Applies one result of the session query to the store. */
export function applySessionResult(store: SessionStore, result: Pick<QueryObserverResult<OwnMember | null>, 'status' | 'data'>): void {
  if (result.status === 'success') {
    if (result.data) store.register(result.data);
    else store.clear();
  } else if (result.status === 'error') {
    store.fail();
  }
}

/* ------------------------------------------------------------------------------------------
 * React side: provider and hooks.
 * ---------------------------------------------------------------------------------------- */

export interface Session extends SessionState {
  readonly loggedIn: boolean;
  readonly admin: boolean;
  readonly register: (user: OwnMember) => void;
  readonly clear: () => void;
}

const SessionContext = createContext<Session | null>(null);

interface SessionProviderProps {
  /** Fed from the session query (`connectSessionStore`, lib/shell-queries.ts) once TanStack Query has loaded. */
  store: SessionStore;
  /** Writes the member into the session query (register: the member; clear: null). */
  setMember: (user: OwnMember | null) => void;
  children: ReactNode;
}

export function SessionProvider({ store, setMember, children }: SessionProviderProps) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const session = useMemo<Session>(
    () => ({
      ...state,
      loggedIn: isLoggedIn(state),
      admin: isAdmin(state),
      register: (user) => setMember(user),
      clear: () => setMember(null),
    }),
    [state, setMember],
  );
  return createElement(SessionContext.Provider, { value: session }, children);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider.');
  return session;
}

/* ------------------------------------------------------------------------------------------
 * Login and logout.
 * ---------------------------------------------------------------------------------------- */

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

let redirecting = false;

/** Full page load to the login; comes back to `returnTo` (default: where we are). */
export function redirectToLogin(returnTo: string = currentPath()): void {
  if (redirecting) return;
  redirecting = true;
  // Several calls failing at once redirect once; a page restored from the back/forward cache may again.
  window.setTimeout(() => {
    redirecting = false;
  }, 3000);
  window.location.assign(serverPaths.login(returnTo));
}

interface LogoutAnswer {
  data?: { endSessionUrl?: unknown };
}

/** `GET /oauth/logout` (204). With an external provider it may name its end-session URL. */
export async function logout(): Promise<string | null> {
  try {
    const answer = await api.get<LogoutAnswer | undefined>(serverPaths.logout);
    const url = answer?.data?.endSessionUrl;
    return typeof url === 'string' && url ? url : null;
  } catch (error) {
    // Already logged out on the server: nothing left to end.
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * Logs out, then loads Home afresh: nothing of the member stays in the page's memory, and no
 * members-only screen is left to react to the ended session (a screen kept on display while
 * Home's chunk loads would otherwise send the browser to the login). Plain state rather than
 * useMutation: the navigation bar is part of every first load, the mutation machinery is not
 * needed there.
 */
export function useLogout(): { mutate: () => void; isPending: boolean; isError: boolean } {
  const [state, setState] = useState<'idle' | 'pending' | 'error'>('idle');
  const mutate = useCallback(() => {
    setState('pending');
    logout().then(
      (endSessionUrl) => {
        // An external provider ends its own session too and sends the browser back to us.
        window.location.assign(endSessionUrl ?? paths.home.href());
      },
      () => setState('error'),
    );
  }, []);
  return { mutate, isPending: state === 'pending', isError: state === 'error' };
}
