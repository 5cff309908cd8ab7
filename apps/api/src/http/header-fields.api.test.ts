import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromIsoDate } from '../lib/dates.ts';
import { createMember, unique, type CreatedMember } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { loginAs } from '../test/login.ts';
import { makePdf } from '../test/pdf.ts';
import { eventBody } from '../features/events/events.test-support.ts';

/**
 * Text that ends up in a mail header (subjects, names beside an address, the addresses of To and
 * Reply-To) is one line: every control character there is a 400 with a German field message, and
 * nothing is written. The same character in a text of the mail's body stays a value problem (422).
 */
describe('header-bound fields refuse control characters with 400', () => {
  let server: TestServer;
  let boardCookie: string;
  let memberCookie: string;
  let member: CreatedMember;
  let seasonId: number;
  let pdf: Buffer;
  let ip = 0;

  const db = () => server.database.prisma;
  const ONE_LINE = /Bitte auf einer Zeile, ohne Zeilenumbrüche, Tabulatoren und andere Steuerzeichen\./;
  /** CR LF (a header of its own), LF, TAB, NUL, BEL, ESC, DEL, a C1 control, NEL, Unicode's line and paragraph separators. */
  const BAD = ['\r\nBcc: alle@example.ch', '\n', '\t', '\u0000', '\u0007', '\u001b', '\u007f', '\u009b', '\u0085', '\u2028', '\u2029'];

  /** What a refused request must leave as it was. */
  async function counts() {
    const [mails, mailings, events, newsletters, messages, audit, recipients, changes] = await Promise.all([
      db().mailOutbox.count(),
      db().mailing.count(),
      db().event.count(),
      db().newsletter.count(),
      db().contactMessage.count(),
      db().auditLog.count(),
      db().contactRecipient.findMany({ orderBy: { type: 'asc' } }),
      db().emailChangeRequest.count(),
    ]);
    const person = await db().member.findUniqueOrThrow({ where: { id: member.id }, select: { email: true, lastName: true } });
    return { mails, mailings, events, newsletters, messages, audit, recipients, changes, person };
  }

  /** One request per bad character: 400, the German message on the field, nothing written. */
  async function expectRefused(field: string, send: (bad: string) => Promise<request.Response>): Promise<void> {
    const before = await counts();
    for (const bad of BAD) {
      const res = await send(bad);
      const what = `${field} with ${JSON.stringify(bad)}`;
      expect(res.status, what).toBe(400);
      expect(res.body.error.code, what).toBe('BAD_REQUEST');
      expect(res.body.error.message, what).toBe('Die Anfrage ist unvollständig oder falsch aufgebaut.');
      expect(res.body.error.fields?.[field], what).toMatch(ONE_LINE);
    }
    expect(await counts()).toEqual(before);
  }

  const asBoard = (method: 'post' | 'put', path: string) => request(server.url)[method](path).set('Cookie', boardCookie);

  beforeAll(async () => {
    // TRUST_PROXY=1: every contact request comes from an address of its own (the form's limit per address).
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
    const board = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    member = await createMember(db(), { firstName: 'Mia', lastName: 'Muster' });
    boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
    memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
    const season = await db().season.create({
      data: { name: unique('S'), validFrom: fromIsoDate('2026-05-01'), validTo: fromIsoDate('2027-04-30') },
    });
    seasonId = season.id;
    await db().membership.create({ data: { memberId: member.id, seasonId, validFrom: season.validFrom, validTo: season.validTo } });
    const recipients = [
      { type: 'PRAESIDENT', label: 'Präsidentin', email: 'praesidentin@club.example' },
      { type: 'TICKETS', label: 'Tickets', email: '' },
      { type: 'KASSIER', label: 'Kassier', email: '' },
      { type: 'VORSTAND', label: 'Vorstand', email: 'vorstand@club.example' },
    ];
    expect((await asBoard('put', '/api/v1/admin/contact/recipients').send(recipients)).status).toBe(200);
    pdf = await makePdf();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the subject of a group mail', async () => {
    await expectRefused('subject', (bad) =>
      asBoard('post', '/api/v1/admin/mailings').send({ subject: `Hallo${bad}Welt`, text: 'Text', group: { kind: 'SEASON', id: seasonId } }),
    );
  });

  it('the title of an event and of a newsletter (they go into subjects), also from a multipart form', async () => {
    await expectRefused('title', (bad) => asBoard('post', '/api/v1/admin/events/').send(eventBody({ title: `Chlaus${bad}abend` })));
    await expectRefused('title', (bad) =>
      asBoard('post', '/api/v1/admin/newsletters')
        .field('title', `Herbst${bad}2026`)
        .field('publicationDate', '2026-10-01')
        .attach('file', pdf, { filename: 'newsletter.pdf', contentType: 'application/pdf' }),
    );
  });

  it("the contact form's name (subject) and address (Reply-To), the recipients' labels and addresses", async () => {
    const contact = (body: object) =>
      request(server.url)
        .post('/api/v1/contact/')
        .set('X-Forwarded-For', `203.0.113.${(ip += 1)}`)
        .send({ senderEmail: 'fan@example.ch', recipient: 'PRAESIDENT', message: 'Grüezi', ...body });
    await expectRefused('name', (bad) => contact({ name: `Fan${bad}Club` }));
    await expectRefused('senderEmail', (bad) => contact({ senderEmail: `fan@example.ch${bad}` }));
    const recipients = (first: object) =>
      asBoard('put', '/api/v1/admin/contact/recipients').send([{ type: 'PRAESIDENT', label: 'Präsidentin', email: '', ...first }]);
    await expectRefused('0.label', (bad) => recipients({ label: `Präsi${bad}dentin` }));
    await expectRefused('0.email', (bad) => recipients({ email: `praesidentin@club.example${bad}` }));
  });

  it("a member's address, changed by the member or by the board (the To of every mail)", async () => {
    await expectRefused('email', (bad) =>
      request(server.url)
        .put('/api/v1/member/email')
        .set('Cookie', memberCookie)
        .send({ email: `neu@example.ch${bad}` }),
    );
    const person = { firstName: 'Mia', lastName: 'Muster', dateOfBirth: null };
    await expectRefused('email', (bad) =>
      asBoard('put', `/api/v1/admin/members/${member.id}`).send({ ...person, email: `mia${bad}@example.ch` }),
    );
  });

  it('a control character in a text of the body stays a value problem (422), as does one in a field no route reads', async () => {
    const before = await counts();
    const description = await asBoard('post', '/api/v1/admin/events/').send(eventBody({ description: 'Mit\u0000Nüssli' }));
    expect(description.status).toBe(422);
    expect(description.body.error.fields.description).toMatch(/ungültige Zeichen/);
    const ignored = await asBoard('post', '/api/v1/admin/events/').send(eventBody({ note: 'x\u0000' }));
    expect(ignored.status).toBe(422);
    expect(ignored.body.error.fields.note).toMatch(/ungültige Zeichen/);
    expect(await counts()).toEqual(before);
  });
});
