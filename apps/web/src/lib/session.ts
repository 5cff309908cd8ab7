import type { ItemEnvelope, OwnMember } from '@club/contract';
import { useQuery, useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { paths, serverPaths } from '@/config/paths';
import { api, isApiError } from './api-client';
import * as queryKeys from './shell-query-keys';

/* ------------------------------------------------------------------------------------------
 * The browser's session (docs/domain-rules.md «Session in the browser»): a user and a loaded
 * flag, read from the session query. A member: both set; a visitor: both empty. Logged in =
 * loaded and a user; admin = roles include MEMBER_OF_THE_BOARD. `status` says whether the
 * server has answered yet.
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

/**
 * The session a result of the session query means. A failed later check keeps the member the
 * query still holds (TanStack Query keeps the last data); a failure with nothing known is `error`.
 */
export function sessionStateOf(result: Pick<QueryObserverResult<OwnMember | null>, 'status' | 'data'>): SessionState {
  if (result.data) return { user: result.data, loaded: true, status: 'settled' };
  if (result.status === 'success') return { user: null, loaded: false, status: 'settled' };
  if (result.status === 'error') return { user: null, loaded: false, status: 'error' };
  return initialSession;
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

/* ------------------------------------------------------------------------------------------
 * React side.
 * ---------------------------------------------------------------------------------------- */

export interface Session extends SessionState {
  readonly loggedIn: boolean;
  readonly admin: boolean;
  /** Writes the member into the session query (after a change of the own data). */
  readonly register: (user: OwnMember) => void;
  /** Empties the session query: the browser is a visitor. */
  readonly clear: () => void;
}

/** The session, from the session query (one request however many components ask). */
export function useSession(): Session {
  const queryClient = useQueryClient();
  const { status, data } = useQuery(sessionQueryOptions());
  return useMemo<Session>(() => {
    const state = sessionStateOf({ status, data });
    return {
      ...state,
      loggedIn: isLoggedIn(state),
      admin: isAdmin(state),
      register: (user) => queryClient.setQueryData(queryKeys.session, user),
      clear: () => queryClient.setQueryData(queryKeys.session, null),
    };
  }, [status, data, queryClient]);
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
 * useMutation: a failed logout stays with its button («erneut versuchen») instead of going
 * through the query client's global error rules. `loginAgain`: a new login starts at once and
 * comes back to this page (a board member whose login lacked the second factor the board needs:
 * the new login asks for the code, or leads through setting it up).
 */
export function useLogout({ loginAgain = false }: { loginAgain?: boolean } = {}): {
  mutate: () => void;
  isPending: boolean;
  isError: boolean;
} {
  const [state, setState] = useState<'idle' | 'pending' | 'error'>('idle');
  const mutate = useCallback(() => {
    setState('pending');
    logout().then(
      (endSessionUrl) => {
        // An external provider ends its own session too and sends the browser back to us. On the
        // way out, a request of this page that the ended session answers with 401 (sent just before
        // the logout, answered after it) must not send the browser to the login instead.
        redirecting = true;
        window.location.assign(loginAgain ? serverPaths.login(currentPath()) : (endSessionUrl ?? paths.home.href()));
      },
      () => setState('error'),
    );
  }, [loginAgain]);
  return { mutate, isPending: state === 'pending', isError: state === 'error' };
}
