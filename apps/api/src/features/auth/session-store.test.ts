import type { SessionData } from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/db.ts';
import { createMember } from '../../test/factories.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, PrismaSessionStore, sessionExpiresAt } from './session-store.ts';

const HOUR = 3_600_000;

describe('sessionExpiresAt', () => {
  const login = new Date('2026-01-10T08:00:00Z');
  it('is two hours after the last request, but never beyond twelve hours after the login', () => {
    expect(sessionExpiresAt({ loginAt: login.getTime() }, login).getTime()).toBe(login.getTime() + IDLE_TIMEOUT_MS);
    const late = new Date(login.getTime() + 11 * HOUR);
    expect(sessionExpiresAt({ loginAt: login.getTime() }, late).getTime()).toBe(login.getTime() + ABSOLUTE_TIMEOUT_MS);
    expect(sessionExpiresAt({}, late).getTime()).toBe(late.getTime() + IDLE_TIMEOUT_MS);
  });
});

describe('PrismaSessionStore', () => {
  let database: Database;
  let now = new Date('2026-01-10T08:00:00Z');
  let store: PrismaSessionStore;
  beforeAll(async () => {
    database = await openTestDatabase();
    store = new PrismaSessionStore(database.prisma, () => now);
  });
  afterAll(async () => {
    await database?.close();
  });

  const call = <T>(fn: (cb: (err: unknown, value?: T) => void) => void) =>
    new Promise<T | undefined>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));
  const data = (extra: Partial<SessionData> = {}) =>
    ({
      cookie: { originalMaxAge: IDLE_TIMEOUT_MS, expires: new Date(now.getTime() + IDLE_TIMEOUT_MS), httpOnly: true, path: '/' },
      ...extra,
    }) as SessionData;

  it('keeps, returns, touches and forgets sessions with the site clock', async () => {
    await call<void>((cb) => store.set('a', data({ memberId: 7, loginAt: now.getTime() }), cb));
    expect((await call<SessionData | null>((cb) => store.get('a', cb)))?.memberId).toBe(7);

    now = new Date(now.getTime() + 1.5 * HOUR);
    await call<void>((cb) => store.touch('a', data({ memberId: 7, loginAt: now.getTime() - 1.5 * HOUR }), cb));
    now = new Date(now.getTime() + 1.5 * HOUR);
    expect((await call<SessionData | null>((cb) => store.get('a', cb)))?.memberId).toBe(7);

    now = new Date(now.getTime() + 2 * HOUR + 1000);
    expect(await call<SessionData | null>((cb) => store.get('a', cb))).toBeNull();
    // An expired session is not brought back by a touch.
    await call<void>((cb) => store.touch('a', data({ memberId: 7 }), cb));
    expect(await call<SessionData | null>((cb) => store.get('a', cb))).toBeNull();

    expect(await store.prune()).toBe(1);
    await call<void>((cb) => store.set('b', data(), cb));
    await call<void>((cb) => store.destroy('b', cb));
    expect(await database.prisma.session.count()).toBe(0);
  });

  it("reads the member's roles with the session, null for a member that is gone, and never stores them", async () => {
    const member = await createMember(database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const loginAt = now.getTime();
    await call<void>((cb) => store.set('m', data({ memberId: member.id, loginAt, memberRoles: ['MEMBER'] }), cb));
    await call<void>((cb) => store.set('gone', data({ memberId: 999_999, loginAt }), cb));
    await call<void>((cb) => store.set('visitor', data({ returnTo: '/tickets' }), cb));
    // Requests that come together share one query; an odd row does not spoil the others.
    await database.prisma.session.create({ data: { sid: 'odd', data: { memberId: 'x1' }, expiresAt: new Date(now.getTime() + HOUR) } });
    const [m, gone, visitor, odd] = await Promise.all(
      ['m', 'gone', 'visitor', 'odd'].map((sid) => call<SessionData | null>((cb) => store.get(sid, cb))),
    );
    expect(m?.memberRoles).toEqual(['MEMBER', 'MEMBER_OF_THE_BOARD']);
    expect(gone?.memberRoles).toBeNull();
    expect(visitor?.memberRoles).toBeNull();
    expect(odd?.memberRoles).toBeNull();
    const stored = await database.prisma.session.findUniqueOrThrow({ where: { sid: 'm' } });
    expect(stored.data).not.toHaveProperty('memberRoles');
  });

  it('reads the session and the roles anew for every request: a change made anywhere is seen by the next one', async () => {
    const member = await createMember(database.prisma, { roles: ['MEMBER'] });
    const loginAt = now.getTime();
    const rolesOf = async (sid: string) => (await call<SessionData | null>((cb) => store.get(sid, cb)))?.memberRoles;
    await call<void>((cb) => store.set('k', data({ memberId: member.id, loginAt }), cb));
    expect(await rolesOf('k')).toEqual(['MEMBER']);

    // Another process makes the member a board member, then takes the role away again: seen at once.
    await database.prisma.memberRole.create({ data: { memberId: member.id, role: 'MEMBER_OF_THE_BOARD' } });
    expect(await rolesOf('k')).toEqual(['MEMBER', 'MEMBER_OF_THE_BOARD']);
    await database.prisma.memberRole.deleteMany({ where: { memberId: member.id, role: 'MEMBER_OF_THE_BOARD' } });
    expect(await rolesOf('k')).toEqual(['MEMBER']);

    // Each request gets its own object: a change to one does not reach the next.
    const first = await call<SessionData | null>((cb) => store.get('k', cb));
    first!.memberRoles!.push('MEMBER_OF_THE_BOARD');
    (first as SessionData & { returnTo?: string }).returnTo = '/x';
    const second = await call<SessionData | null>((cb) => store.get('k', cb));
    expect(second?.memberRoles).toEqual(['MEMBER']);
    expect(second?.returnTo).toBeUndefined();

    // A logout ends the session at once, in this process or another one (the row is gone).
    await call<void>((cb) => store.destroy('k', cb));
    expect(await call<SessionData | null>((cb) => store.get('k', cb))).toBeNull();
    await call<void>((cb) => store.set('k2', data({ memberId: member.id, loginAt }), cb));
    expect(await rolesOf('k2')).toEqual(['MEMBER']);
    await database.prisma.session.deleteMany({ where: { sid: 'k2' } });
    expect(await call<SessionData | null>((cb) => store.get('k2', cb))).toBeNull();
  });
});

describe('PrismaSessionStore without a database round trip', () => {
  it('touch does not write when the expiry it read moves by a minute or less, and never stores that expiry', async () => {
    const writes: string[] = [];
    const now = new Date('2026-01-10T08:00:00Z');
    const fakeDb = {
      session: {
        updateMany: async () => {
          writes.push('updateMany');
          return { count: 1 };
        },
        upsert: async (args: { create: { data: Record<string, unknown> } }) => {
          writes.push(`upsert:${Object.keys(args.create.data).join(',')}`);
          return {};
        },
      },
    };
    const store = new PrismaSessionStore(fakeDb as never, () => now);
    const loginAt = now.getTime() - 60_000;
    await new Promise<void>((resolve) =>
      store.touch('x', { cookie: {} as never, loginAt, storedExpiresAt: now.getTime() + IDLE_TIMEOUT_MS - 30_000 }, () => resolve()),
    );
    expect(writes).toEqual([]);
    await new Promise<void>((resolve) =>
      store.touch('x', { cookie: {} as never, loginAt, storedExpiresAt: now.getTime() + IDLE_TIMEOUT_MS - 5 * 60_000 }, () => resolve()),
    );
    expect(writes).toEqual(['updateMany']);
    await new Promise<void>((resolve) => store.set('x', { cookie: {} as never, memberId: 1, storedExpiresAt: 1 }, () => resolve()));
    expect(writes[1]).toBe('upsert:cookie,memberId');
  });
});
