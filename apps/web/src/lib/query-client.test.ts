import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, handleGlobalError, shouldRetry } from './query-client';

function handlers() {
  return { onUnauthorized: vi.fn(), onBadGateway: vi.fn() };
}

describe('handleGlobalError (docs/domain-rules.md «Errors in the browser»)', () => {
  it('when a call answers 401, then the browser goes to the login', () => {
    const h = handlers();
    handleGlobalError(new ApiError(401, 'NOT_LOGGED_IN', 'Bitte anmelden.'), h);
    expect(h.onUnauthorized).toHaveBeenCalledOnce();
    expect(h.onBadGateway).not.toHaveBeenCalled();
  });

  it('when a call answers 502, then the BadGateway screen is shown', () => {
    const h = handlers();
    handleGlobalError(new ApiError(502, 'BAD_GATEWAY', 'Weg.'), h);
    expect(h.onBadGateway).toHaveBeenCalledOnce();
    expect(h.onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves every other error to the caller', () => {
    const h = handlers();
    for (const status of [0, 400, 403, 404, 409, 422, 429, 500, 503]) {
      handleGlobalError(new ApiError(status, 'X', 'x'), h);
    }
    handleGlobalError(new Error('kaputt'), h);
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    expect(h.onBadGateway).not.toHaveBeenCalled();
  });
});

describe('shouldRetry', () => {
  it('retries a lost connection or a busy server twice at most', () => {
    expect(shouldRetry(0, new ApiError(0, 'NETWORK', ''))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'BUSY', ''))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'BUSY', ''))).toBe(false);
  });

  it('never retries an answer the server meant', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 500, 502]) {
      expect(shouldRetry(0, new ApiError(status, 'X', ''))).toBe(false);
    }
  });
});

describe('createQueryClient', () => {
  it('routes failed queries and mutations through the one handler', async () => {
    const h = handlers();
    const client = createQueryClient(h);
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new ApiError(401, 'NOT_LOGGED_IN', '')) })
      .catch(() => undefined);
    expect(h.onUnauthorized).toHaveBeenCalledOnce();

    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(502, 'BAD_GATEWAY', '')),
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(h.onBadGateway).toHaveBeenCalledOnce();
    client.clear();
  });
});

describe('background queries', () => {
  it('when a query behind every page fails, then nobody is sent away', async () => {
    const h = handlers();
    const client = createQueryClient(h);
    await client
      .fetchQuery({
        queryKey: ['site'],
        queryFn: () => Promise.reject(new ApiError(502, 'BAD_GATEWAY', '')),
        meta: { background: true },
      })
      .catch(() => undefined);
    expect(h.onBadGateway).not.toHaveBeenCalled();
    client.clear();
  });
});
