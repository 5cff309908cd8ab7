import type { OwnMember } from '@club/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';

/** A request the component sent, as the server would see it. */
export interface SentRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The server's answer: status and JSON body (none for 204). */
export interface Answer {
  status: number;
  body?: unknown;
}

/** Answers by `METHOD path` (query string left out); a function answers each request anew. */
export type Routes = Record<string, Answer | ((request: SentRequest) => Answer | Promise<Answer>)>;

/**
 * Puts a fake server behind `fetch`: the component's real API client, queries and mutations
 * run against it, and every request is recorded. A request without a route is a 404, so a
 * test sees what it did not expect.
 */
export function fakeApi(routes: Routes): { requests: SentRequest[] } {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const request: SentRequest = {
        method: init.method ?? 'GET',
        url: url.pathname + url.search,
        headers: { ...(init.headers as Record<string, string>) },
        body,
      };
      requests.push(request);
      const route = routes[`${request.method} ${url.pathname}`];
      const answer = typeof route === 'function' ? await route(request) : (route ?? { status: 404 });
      return answer.body === undefined
        ? new Response(null, { status: answer.status })
        : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { requests };
}

/** The session's read: the member, or a visitor (401). */
export function sessionRoute(member: OwnMember | null): Routes {
  return { 'GET /api/v1/member/': member ? { status: 200, body: { data: member, expands: [] } } : { status: 401 } };
}

/** A member as `GET /api/v1/member/` describes them. */
export function ownMember(overrides: Partial<OwnMember> = {}): OwnMember {
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

/** The API error body of docs/domain-rules.md «API conventions». */
export function refusal(status: number, code: string, message: string, fields?: Record<string, string>): Answer {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

/** Renders a component as the app does: the query client with the app's rules (the session and the site's facts are its queries) and the toasts. */
export function renderWithApp(ui: ReactElement) {
  const queryClient = createQueryClient({ onUnauthorized: vi.fn(), onBadGateway: vi.fn() });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
}
