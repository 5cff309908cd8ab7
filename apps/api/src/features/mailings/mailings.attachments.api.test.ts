import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { makePdf } from '../../test/pdf.ts';
import { deleteUnusedMailingAttachments, UNUSED_ATTACHMENT_HOURS } from './mailings.service.ts';

let server: TestServer;
let boardCookie: string;
const db = () => server.database.prisma;
const log = createLogger('silent');

beforeAll(async () => {
  server = await startTestServer();
  const board = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
});
afterAll(async () => {
  await server?.close();
});

async function upload(name: string): Promise<number> {
  const res = await request(server.url)
    .post('/api/v1/admin/mailings/attachments')
    .set('Cookie', boardCookie)
    .attach('file', await makePdf(name), { filename: `${name}.pdf`, contentType: 'application/pdf' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe('attachments no mailing uses', () => {
  it('are deleted by the nightly clean-up a day after the upload; an attachment a mailing uses stays, and so does a fresh one', async () => {
    const used = await upload('Einladung');
    const unused = await upload('Verworfen');
    const sent = await request(server.url)
      .post('/api/v1/admin/mailings')
      .set('Cookie', boardCookie)
      .send({ subject: 'Einladung', text: 'Siehe Anhang.', group: { kind: 'BOARD' }, attachmentId: used });
    expect(sent.status).toBe(201);
    const left = async () =>
      (await db().mailingAttachment.findMany({ where: { id: { in: [used, unused] } }, select: { id: true } })).map((a) => a.id).sort();

    // The same night: both are younger than a day.
    expect(await deleteUnusedMailingAttachments({ db: db(), log, actor: null, now: new Date() })).toBe(0);
    expect(await left()).toEqual([used, unused].sort());

    const dayLater = new Date(Date.now() + (UNUSED_ATTACHMENT_HOURS + 1) * 3_600_000);
    expect(await deleteUnusedMailingAttachments({ db: db(), log, actor: null, now: dayLater })).toBe(1);
    expect(await left()).toEqual([used]);

    // Sending with the deleted one is refused with the German message; nothing is written.
    const mailings = await db().mailing.count();
    const late = await request(server.url)
      .post('/api/v1/admin/mailings')
      .set('Cookie', boardCookie)
      .send({ subject: 'Zu spät', text: 'Text', group: { kind: 'BOARD' }, attachmentId: unused });
    expect(late.status).toBe(404);
    expect(late.body.error.message).toBe('Diesen Anhang gibt es nicht: Bitte die PDF-Datei nochmals hochladen.');
    expect(await db().mailing.count()).toBe(mailings);
  });
});
