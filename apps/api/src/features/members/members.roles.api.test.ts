import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type CreatedMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { call } from './members.test-support.ts';

// A database of its own: these tests count every board member there is.
let server: TestServer;
let chair: CreatedMember;
let cookie: string;

const db = () => server.database.prisma;
const boardIds = async () =>
  (await db().memberRole.findMany({ where: { role: 'MEMBER_OF_THE_BOARD' }, select: { memberId: true } }))
    .map((r) => r.memberId)
    .sort((a, b) => a - b);
const setRoles = (memberId: number, roles: string[]) =>
  call(server.url, 'PUT', `/api/v1/admin/members/${memberId}/roles`, { cookie, body: { roles } });

beforeAll(async () => {
  server = await startTestServer();
  chair = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  ({ cookie } = await loginAs(server.url, chair.username, chair.password));
});
afterAll(async () => {
  await server?.close();
});

describe('the club always keeps one board member', () => {
  it('when the only board member removes their own board role, then 409 LAST_BOARD_MEMBER and nothing changes', async () => {
    expect(await boardIds()).toEqual([chair.id]);
    const auditBefore = await db().auditLog.count();
    const res = await setRoles(chair.id, ['MEMBER']);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LAST_BOARD_MEMBER');
    expect(res.body.error.message).toMatch(/mindestens ein Vorstandsmitglied/);
    expect(await boardIds()).toEqual([chair.id]);
    expect(await db().auditLog.count()).toBe(auditBefore);
  });

  it('when a second board member exists, then either may lose the role, but not both', async () => {
    const second = await createMember(db());
    expect((await setRoles(second.id, ['MEMBER', 'MEMBER_OF_THE_BOARD'])).status).toBe(200);
    expect((await setRoles(second.id, ['MEMBER'])).status).toBe(200);
    expect(await boardIds()).toEqual([chair.id]);
    expect((await setRoles(chair.id, ['MEMBER'])).status).toBe(409);
  });

  it('when both board roles are removed at the same moment, then exactly one removal succeeds and one board member remains', async () => {
    for (let round = 0; round < 5; round++) {
      const other = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
      expect((await boardIds()).length).toBe(2);
      // The chair removes the other board member and, at the same moment, their own board role.
      const [a, b] = await Promise.all([setRoles(other.id, ['MEMBER']), setRoles(chair.id, ['MEMBER'])]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.error.code).toBe('LAST_BOARD_MEMBER');
      const remaining = await boardIds();
      expect(remaining).toHaveLength(1);
      // Put the chair back as the one board member for the next round.
      if (remaining[0] !== chair.id) {
        await db().memberRole.create({ data: { memberId: chair.id, role: 'MEMBER_OF_THE_BOARD' } });
        await db().memberRole.deleteMany({ where: { memberId: other.id, role: 'MEMBER_OF_THE_BOARD' } });
      }
    }
  });
});
