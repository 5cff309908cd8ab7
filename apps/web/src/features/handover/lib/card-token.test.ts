import { describe, expect, it } from 'vitest';
import { memberNumberOf } from './card-token';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('memberNumberOf', () => {
  it('reads the member number of a card token without its signature, and nothing else', () => {
    expect(memberNumberOf(`${b64({ alg: 'HS256', typ: 'club-card+jwt' })}.${b64({ sub: '1234', season: '2026/27', exp: 1 })}.sig`)).toBe(
      1234,
    );
    expect(memberNumberOf(`${b64({ alg: 'HS256' })}.${b64({ sub: 'x', season: '2026/27' })}.sig`)).toBeNull();
    expect(memberNumberOf(`${b64({ alg: 'HS256' })}.${b64({ sub: '12' })}.sig`)).toBeNull();
    expect(memberNumberOf('https://example.ch')).toBeNull();
    expect(memberNumberOf('')).toBeNull();
  });
});
