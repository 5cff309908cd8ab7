import type { OwnMember } from '@club/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySessionResult, createSessionStore, fetchOwnMember, initialSession, isAdmin, isLoggedIn } from './session';
import * as queryKeys from './query-keys';
import { connectSessionStore } from './shell-queries';

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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('starts empty and not yet checked', () => {
    const store = createSessionStore();
    expect(store.getSnapshot()).toEqual(initialSession);
    expect(isLoggedIn(store.getSnapshot())).toBe(false);
  });

  it('when a user is registered, then user and loaded are both set', () => {
    const store = createSessionStore();
    const user = member();
    store.register(user);
    expect(store.getSnapshot()).toEqual({ user, loaded: true, status: 'settled' });
    expect(isLoggedIn(store.getSnapshot())).toBe(true);
  });

  it('when the session is cleared, then user and loaded are both empty', () => {
    const store = createSessionStore();
    store.register(member());
    store.clear();
    expect(store.getSnapshot()).toEqual({ user: null, loaded: false, status: 'settled' });
    expect(isLoggedIn(store.getSnapshot())).toBe(false);
  });

  it('tells its listeners about changes, and only about changes', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.clear();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.register(member());
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps a known user when the server fails to answer a later check', () => {
    const store = createSessionStore();
    const user = member();
    store.register(user);
    store.fail();
    expect(store.getSnapshot()).toEqual({ user, loaded: true, status: 'settled' });
  });

  it('marks the check as failed when nothing is known yet', () => {
    const store = createSessionStore();
    store.fail();
    expect(store.getSnapshot()).toEqual({ user: null, loaded: false, status: 'error' });
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

describe('applySessionResult', () => {
  it('registers a member, clears for a visitor and ignores a pending check', () => {
    const store = createSessionStore();
    const user = member();
    applySessionResult(store, { status: 'pending', data: undefined });
    expect(store.getSnapshot().status).toBe('pending');
    applySessionResult(store, { status: 'success', data: user });
    expect(store.getSnapshot().user).toBe(user);
    applySessionResult(store, { status: 'success', data: null });
    expect(store.getSnapshot()).toEqual({ user: null, loaded: false, status: 'settled' });
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

describe('connectSessionStore', () => {
  it('feeds the store from the session query, and setting the query data registers or clears', async () => {
    const user = member({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: user })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const store = createSessionStore();
    const disconnect = connectSessionStore(store, queryClient);
    await vi.waitFor(() => expect(store.getSnapshot().loaded).toBe(true));
    expect(isAdmin(store.getSnapshot())).toBe(true);

    queryClient.setQueryData(queryKeys.session, null);
    expect(store.getSnapshot()).toEqual({ user: null, loaded: false, status: 'settled' });

    queryClient.setQueryData(queryKeys.session, user);
    expect(isLoggedIn(store.getSnapshot())).toBe(true);
    disconnect();
    queryClient.clear();
  });

  it('leaves a visitor not logged in after a 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, {})),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const store = createSessionStore();
    const disconnect = connectSessionStore(store, queryClient);
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('settled'));
    expect(isLoggedIn(store.getSnapshot())).toBe(false);
    disconnect();
    queryClient.clear();
  });
});
