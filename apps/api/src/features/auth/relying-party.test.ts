import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { localOrigin, ownProviderFetch } from './relying-party.ts';

describe('calls to the embedded provider', () => {
  it('go to the address this process listens on', () => {
    expect(localOrigin({ host: '0.0.0.0', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(localOrigin({ host: '::', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(localOrigin({ host: '::1', port: 3000 })).toBe('http://[::1]:3000');
    expect(localOrigin({ host: '127.0.0.1', port: 4000 })).toBe('http://127.0.0.1:4000');
  });

  it('reach this process directly, telling it the public protocol and host', async () => {
    const seen: { url?: string; headers?: Record<string, unknown>; body?: string } = {};
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        Object.assign(seen, { url: req.url, headers: req.headers, body });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const fetchOwn = ownProviderFetch('https://fanclub.example.ch', local);
      const answer = await fetchOwn('https://fanclub.example.ch/idp/token?x=1', {
        method: 'POST',
        headers: { authorization: 'Basic abc', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code',
        redirect: 'manual',
      } as Parameters<typeof fetchOwn>[1]);
      expect(await answer.json()).toEqual({ ok: true });
      expect(seen.url).toBe('/idp/token?x=1');
      expect(seen.headers).toMatchObject({
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'fanclub.example.ch',
        authorization: 'Basic abc',
      });
      expect(seen.body).toBe('grant_type=authorization_code');
    } finally {
      server.close();
    }
  });
});
