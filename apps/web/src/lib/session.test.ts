// @vitest-environment happy-dom
import type { OwnMember } from '@club/contract';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchOwnMember, initialSession, isAdmin, isLoggedIn, sessionStateOf, useSession } from './session';
import * as queryKeys from './query-keys';

function member(overrides: Partial<OwnMember> = {}): OwnMember {
  return {
    id: 1,
    memberNumber: 1001,
    username: 'mitglied',
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna@example.org',
    dob: '1990-04-12',
    address: null,
    landLine: null,
    mobile: null,
    memberships: [],
    ticketReservations: [],
    invoices: [],
    roles: ['MEMBER'],
    pendingEmail: null,
    ...overrides,
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function withClient(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return createElement(QueryClientProvider, { client: queryClient }, children);
  };
}

// Observers hear of a change at once (TanStack Query schedules it on a timer otherwise), so a
// test can tell a change that reached the component from one that did not.
beforeAll(() => notifyManager.setScheduler((callback) => callback()));
afterAll(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session state', () => {
  it('starts empty and not yet checked', () => {
    const state = sessionStateOf({ status: 'pending', data: undefined });
    expect(state).toEqual(initialSession);
    expect(isLoggedIn(state)).toBe(false);
  });

  it('when a user is registered, then user and loaded are both set', () => {
    const user = member();
    const state = sessionStateOf({ status: 'success', data: user });
    expect(state).toEqual({ user, loaded: true, status: 'settled' });
    expect(isLoggedIn(state)).toBe(true);
  });

  it('when the session is cleared, then user and loaded are both empty', () => {
    const state = sessionStateOf({ status: 'success', data: null });
    expect(state).toEqual({ user: null, loaded: false, status: 'settled' });
    expect(isLoggedIn(state)).toBe(false);
  });

  it('tells its readers about changes, and only about changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, {})),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useSession();
      },
      { wrapper: withClient(queryClient) },
    );
    await vi.waitFor(() => expect(result.current.status).toBe('settled'));
    const settled = renders;
    act(() => result.current.clear());
    act(() => result.current.clear());
    expect(renders).toBe(settled);
    act(() => result.current.register(member()));
    expect(renders).toBe(settled + 1);
    queryClient.clear();
  });

  it('keeps a known user when the server fails to answer a later check', () => {
    const user = member();
    expect(sessionStateOf({ status: 'error', data: user })).toEqual({ user, loaded: true, status: 'settled' });
  });

  it('marks the check as failed when nothing is known yet', () => {
    expect(sessionStateOf({ status: 'error', data: undefined })).toEqual({ user: null, loaded: false, status: 'error' });
  });
});

describe('logged in and admin', () => {
  it('is logged in only when loaded and a user is present', () => {
    expect(isLoggedIn({ user: member(), loaded: true })).toBe(true);
    expect(isLoggedIn({ user: member(), loaded: false })).toBe(false);
    expect(isLoggedIn({ user: null, loaded: true })).toBe(false);
  });

  it('is admin only with the role MEMBER_OF_THE_BOARD', () => {
    expect(isAdmin({ user: member({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] }), loaded: true })).toBe(true);
    expect(isAdmin({ user: member({ roles: ['MEMBER'] }), loaded: true })).toBe(false);
    expect(isAdmin({ user: member({ roles: ['MEMBER_OF_THE_BOARD'] }), loaded: false })).toBe(false);
    expect(isAdmin({ user: null, loaded: false })).toBe(false);
  });
});

describe('sessionStateOf', () => {
  it('registers a member, clears for a visitor and ignores a pending check', () => {
    const user = member();
    expect(sessionStateOf({ status: 'pending', data: undefined }).status).toBe('pending');
    expect(sessionStateOf({ status: 'success', data: user }).user).toBe(user);
    expect(sessionStateOf({ status: 'success', data: null })).toEqual({ user: null, loaded: false, status: 'settled' });
  });
});

describe('fetchOwnMember', () => {
  it('asks for every expand and returns the member of the envelope', async () => {
    const user = member();
    const fetchMock = vi.fn(async () => jsonResponse(200, { data: user, expands: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchOwnMember()).resolves.toEqual(user);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/member/?expands=*', expect.objectContaining({ method: 'GET' }));
  });

  it('when the server answers 401, then the visitor is simply not logged in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: { code: 'NOT_LOGGED_IN', message: 'Bitte anmelden.' } })),
    );
    await expect(fetchOwnMember()).resolves.toBeNull();
  });

  it('when the server fails otherwise, then the error reaches the caller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(502, {})),
    );
    await expect(fetchOwnMember()).rejects.toMatchObject({ status: 502, code: 'BAD_GATEWAY' });
  });
});

describe('useSession', () => {
  it('reads the session query, and setting the query data registers or clears', async () => {
    const user = member({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: user })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useSession(), { wrapper: withClient(queryClient) });
    await vi.waitFor(() => expect(result.current.loaded).toBe(true));
    expect(isAdmin(result.current)).toBe(true);

    act(() => queryClient.setQueryData(queryKeys.session, null));
    expect({ user: result.current.user, loaded: result.current.loaded, status: result.current.status }).toEqual({
      user: null,
      loaded: false,
      status: 'settled',
    });

    act(() => queryClient.setQueryData(queryKeys.session, user));
    expect(isLoggedIn(result.current)).toBe(true);
    queryClient.clear();
  });

  it('leaves a visitor not logged in after a 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, {})),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useSession(), { wrapper: withClient(queryClient) });
    await vi.waitFor(() => expect(result.current.status).toBe('settled'));
    expect(isLoggedIn(result.current)).toBe(false);
    queryClient.clear();
  });
});
