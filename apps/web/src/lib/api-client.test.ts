import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, unwrapList } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fn = vi.fn(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('apiRequest', () => {
  it('returns the parsed body', async () => {
    stubFetch(new Response(JSON.stringify({ data: { id: 1 } }), { status: 200 }));
    await expect(apiRequest('/api/v1/x')).resolves.toEqual({ data: { id: 1 } });
  });

  it('returns nothing for 204', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/oauth/logout')).resolves.toBeUndefined();
  });

  it('sends a body as JSON with its content type', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await api.post('/api/v1/contact/', { message: 'Hoi' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/contact/',
      expect.objectContaining({
        method: 'POST',
        body: '{"message":"Hoi"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('sends extra headers next to its own', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 201 }));
    await api.post(
      '/api/v1/games/1/deliveryoptions/2/ticketreservations/',
      { amount: 2 },
      { headers: { 'Idempotency-Key': 'abcdefgh-1234' } },
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/games/1/deliveryoptions/2/ticketreservations/',
      expect.objectContaining({
        headers: { 'Idempotency-Key': 'abcdefgh-1234', Accept: 'application/json', 'Content-Type': 'application/json' },
      }),
    );
  });

  it('turns the server error body into an ApiError with code, message and fields', async () => {
    stubFetch(
      new Response(JSON.stringify({ error: { code: 'QUOTA_EXCEEDED', message: 'Keine Tickets mehr.', fields: { amount: 'Zu viele.' } } }), {
        status: 409,
      }),
    );
    const error = await apiRequest('/api/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'QUOTA_EXCEEDED', message: 'Keine Tickets mehr.', fields: { amount: 'Zu viele.' } });
  });

  it('gives a German message when the answer has no error body', async () => {
    stubFetch(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/v1/x')).rejects.toMatchObject({ status: 502, code: 'BAD_GATEWAY' });
  });

  it('reports an unreachable server as status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/v1/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('adds query parameters and leaves out undefined ones', async () => {
    const fetchMock = stubFetch(new Response('{"data":[]}', { status: 200 }));
    await api.get('/api/v1/admin/members/', { params: { q: 'Muster Zürich', page: undefined } });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/admin/members/?q=Muster+Z%C3%BCrich', expect.anything());
  });
});

describe('unwrapList', () => {
  it('takes the items out of the list envelope', () => {
    expect(unwrapList({ data: [{ data: 1 }, { data: 2 }] })).toEqual([1, 2]);
  });
});
