import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { expectWellFormedMail, needPythonEmail } from '../../test/python-email.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp.ts';
import { CONTACT_MESSAGES_PER_HOUR } from './contact.router.ts';

let server: TestServer;
let peer: SmtpPeer;
let memberCookie: string;
let boardCookie: string;
let member: { id: number; email: string };

const db = () => server.database.prisma;

const RECIPIENTS = [
  { type: 'PRAESIDENT', label: 'Präsidentin', email: 'praesidentin@club.example' },
  { type: 'TICKETS', label: 'Tickets', email: 'tickets@club.example' },
  { type: 'KASSIER', label: 'Kassier', email: 'kassier@club.example' },
  { type: 'VORSTAND', label: 'Vorstand', email: '' },
];

beforeAll(async () => {
  peer = await startSmtpPeer();
  // TRUST_PROXY=1: each test sends its own X-Forwarded-For, so the per-IP limit is per test.
  server = await startTestServer({ env: { SMTP_URL: peer.url, TRUST_PROXY: '1' } });
  const m = await createMember(db(), { firstName: 'Martina', lastName: 'Muster' });
  member = m;
  const board = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  memberCookie = (await loginAs(server.url, m.username, m.password)).cookie;
  boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
  const res = await request(server.url).put('/api/v1/admin/contact/recipients').set('Cookie', boardCookie).send(RECIPIENTS);
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

let ipCounter = 0;
/** A client address of its own (the rate limit counts per IP). */
function newIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function send(body: unknown, options: { ip?: string; cookie?: string } = {}) {
  const req = request(server.url)
    .post('/api/v1/contact/')
    .set('X-Forwarded-For', options.ip ?? newIp());
  if (options.cookie) req.set('Cookie', options.cookie);
  return req.send(body as object);
}

const valid = (over: Record<string, unknown> = {}) => ({
  senderEmail: `fan${Math.random().toString(36).slice(2, 8)}@example.ch`,
  recipient: 'TICKETS',
  name: 'Fan Müller',
  message: 'Grüezi\nGibt es noch Tickets für das Derby?',
  ...over,
});

describe('GET /api/v1/contact/recipients', () => {
  it('lists the recipients with an address, in a fixed order, for visitors too, and never their e-mail addresses', async () => {
    const res = await request(server.url).get('/api/v1/contact/recipients');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { data: { type: 'PRAESIDENT', label: 'Präsidentin' } },
        { data: { type: 'TICKETS', label: 'Tickets' } },
        { data: { type: 'KASSIER', label: 'Kassier' } },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('@');
  });
});

describe('POST /api/v1/contact/', () => {
  it('when a visitor writes, then the message is stored and mailed to the hidden address with Reply-To the sender, and no copy goes to the sender', async (ctx) => {
    const body = valid();
    const res = await send(body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { recipient: 'TICKETS', label: 'Tickets' } });

    const [row, ...more] = await db().contactMessage.findMany({ where: { senderEmail: body.senderEmail } });
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ recipientType: 'TICKETS', senderName: 'Fan Müller', message: body.message, memberId: null });
    const outbox = await db().mailOutbox.findMany({ where: { OR: [{ to: body.senderEmail }, { replyTo: body.senderEmail }] } });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: 'tickets@club.example', replyTo: body.senderEmail });

    const mail = await peer.waitFor((m) => m.text.includes(body.senderEmail));
    expect(mail.to).toEqual(['tickets@club.example']);
    expect(mail.replyTo).toBe(body.senderEmail);
    expect(mail.subject).toBe('Kontaktformular: Nachricht von Fan Müller');
    expect(mail.text).toContain('Gibt es noch Tickets für das Derby?');
    expect(mail.text).toContain(`Von: Fan Müller <${body.senderEmail}>`);
    expect(mail.raw).not.toMatch(/content-type: text\/html/i);
    // The message's one mail has gone out and nothing is left queued: nothing ever reaches the sender.
    await vi.waitFor(async () => {
      const queued = await db().mailOutbox.findMany({ where: { OR: [{ to: body.senderEmail }, { replyTo: body.senderEmail }] } });
      expect(queued.map((m) => m.status)).toEqual(['SENT']);
    });
    expect(peer.messages.filter((m) => m.to.includes(body.senderEmail))).toHaveLength(0);

    // Python's email package reads it: one plain text part, Reply-To the sender, the message as written.
    needPythonEmail(ctx);
    const py = expectWellFormedMail(mail);
    expect(py.headers.subject).toBe('Kontaktformular: Nachricht von Fan Müller');
    expect(py.to.map((a) => a.address)).toEqual(['tickets@club.example']);
    expect(py.replyTo.map((a) => a.address)).toEqual([body.senderEmail]);
    expect(py.structure).toEqual({ contentType: 'text/plain', charset: 'utf-8', transferEncoding: 'quoted-printable' });
    expect(py.html).toBeNull();
    expect(py.attachments).toEqual([]);
    expect(py.text).toContain(body.message);
    expect(py.text).toContain(`Von: Fan Müller <${body.senderEmail}>`);
  });

  it('when a member writes, then the message is linked to the member and the mail says who was logged in', async () => {
    const body = valid({ senderEmail: member.email, recipient: 'PRAESIDENT' });
    const res = await send(body, { cookie: memberCookie });
    expect(res.status).toBe(202);
    const row = await db().contactMessage.findFirstOrThrow({ where: { senderEmail: member.email } });
    expect(row.memberId).toBe(member.id);
    const mail = await peer.waitFor((m) => m.replyTo === member.email);
    expect(mail.to).toEqual(['praesidentin@club.example']);
    expect(mail.text).toMatch(/Angemeldet als: Mitglied Nr\. \d+, Martina Muster/);
  });

  it('an unknown recipient type, or one without an address, is a 422 with a German field message', async () => {
    const before = await db().contactMessage.count();
    for (const recipient of ['KASSE', 'praesident', 'VORSTAND', 7]) {
      const res = await send(valid({ recipient }));
      expect(res.status, String(recipient)).toBe(422);
      expect(res.body.error.fields.recipient).toBe('Empfänger: Bitte einen Empfänger aus der Liste wählen.');
    }
    expect(await db().contactMessage.count()).toBe(before);
  });

  it('refuses wrong values with German messages: e-mail, empty or too long message; a wrong shape or a name with line breaks is 400', async () => {
    const before = { messages: await db().contactMessage.count(), outbox: await db().mailOutbox.count() };
    const bad = await send(valid({ senderEmail: 'kein-mail', message: '   ' }));
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({
      senderEmail: 'E-Mail: Bitte eine gültige E-Mail-Adresse angeben.',
      message: 'Nachricht: Bitte ausfüllen.',
    });
    // The name goes into the mail's subject: a line break there could start a header of its own.
    const header = await send(valid({ name: 'Zeile\r\nBcc: x@example.ch' }));
    expect(header.status).toBe(400);
    expect(header.body.error.fields.name).toBe('Name: Bitte auf einer Zeile, ohne Zeilenumbrüche, Tabulatoren und andere Steuerzeichen.');
    const long = await send(valid({ message: 'x'.repeat(5001), name: 'n'.repeat(101) }));
    expect(long.status).toBe(422);
    expect(long.body.error.fields).toEqual({ message: 'Nachricht: Höchstens 5000 Zeichen.', name: 'Name: Höchstens 100 Zeichen.' });
    expect((await send(valid({ message: 'x'.repeat(5000) }))).status).toBe(202);
    const missing = await send({ recipient: 'TICKETS' });
    expect(missing.status).toBe(400);
    const malformed = await request(server.url).post('/api/v1/contact/').set('Content-Type', 'application/json').send('{"senderEmail": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('MALFORMED_JSON');
    expect(await db().contactMessage.count()).toBe(before.messages + 1);
    expect(await db().mailOutbox.count()).toBe(before.outbox + 1);
  });

  it('keeps messages twelve months: a new message clears older ones', async () => {
    const old = await db().contactMessage.create({
      data: { recipientType: 'TICKETS', senderEmail: 'alt@example.ch', message: 'alt', createdAt: new Date(Date.now() - 366 * 86_400_000) },
    });
    const recent = await db().contactMessage.create({
      data: { recipientType: 'TICKETS', senderEmail: 'neu@example.ch', message: 'neu', createdAt: new Date(Date.now() - 300 * 86_400_000) },
    });
    expect((await send(valid())).status).toBe(202);
    expect(await db().contactMessage.count({ where: { id: old.id } })).toBe(0);
    expect(await db().contactMessage.count({ where: { id: recent.id } })).toBe(1);
  });

  it('when the honeypot is filled, then the answer is the same 202 but nothing is stored or sent', async () => {
    const body = valid({ website: 'http://spam.example' });
    const res = await send(body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { recipient: 'TICKETS', label: 'Tickets' } });
    expect(await db().contactMessage.count({ where: { senderEmail: body.senderEmail } })).toBe(0);
    expect(await db().mailOutbox.count({ where: { replyTo: body.senderEmail } })).toBe(0);
    expect((await send(valid({ website: '' }))).status).toBe(202);
  });

  it(`when one client sends more than ${CONTACT_MESSAGES_PER_HOUR} messages within an hour, then it gets a German 429; refused forms do not count`, async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await send(valid({ senderEmail: 'kaputt' }), { ip })).status).toBe(422);
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) expect((await send(valid(), { ip })).status).toBe(202);
    const refused = valid();
    const res = await send(refused, { ip });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('RATE_LIMITED');
    expect(res.body.error.message).toMatch(/später noch einmal/);
    expect(res.headers['retry-after']).toBeTruthy();
    expect(await db().contactMessage.count({ where: { senderEmail: refused.senderEmail } })).toBe(0);
    expect((await send(valid(), { ip: newIp() })).status).toBe(202);
  });
});

describe('the board sets the recipients', () => {
  it('a visitor gets 401 and a member 403 on GET and PUT', async () => {
    for (const [method, cookie, status] of [
      ['get', undefined, 401],
      ['put', undefined, 401],
      ['get', memberCookie, 403],
      ['put', memberCookie, 403],
    ] as const) {
      const req = request(server.url)[method]('/api/v1/admin/contact/recipients');
      if (cookie) req.set('Cookie', cookie);
      const res = method === 'put' ? await req.send(RECIPIENTS) : await req;
      expect(res.status, `${method} ${status}`).toBe(status);
    }
  });

  it('GET shows all four with their addresses; PUT changes label and address with an audit row, an empty address takes one off the form', async () => {
    const list = await request(server.url).get('/api/v1/admin/contact/recipients').set('Cookie', boardCookie);
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { data: unknown }) => d.data)).toEqual(RECIPIENTS);

    const auditBefore = await db().auditLog.count({ where: { action: 'contact_recipients.updated' } });
    // Nothing changed: no audit row.
    expect((await request(server.url).put('/api/v1/admin/contact/recipients').set('Cookie', boardCookie).send(RECIPIENTS)).status).toBe(
      200,
    );
    expect(await db().auditLog.count({ where: { action: 'contact_recipients.updated' } })).toBe(auditBefore);

    const res = await request(server.url)
      .put('/api/v1/admin/contact/recipients')
      .set('Cookie', boardCookie)
      .send([
        { type: 'VORSTAND', label: 'Vorstand', email: ' vorstand@club.example ' },
        { type: 'KASSIER', label: 'Kassierin', email: '' },
      ]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { data: unknown }) => d.data)).toEqual([
      RECIPIENTS[0],
      RECIPIENTS[1],
      { type: 'KASSIER', label: 'Kassierin', email: '' },
      { type: 'VORSTAND', label: 'Vorstand', email: 'vorstand@club.example' },
    ]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'contact_recipients.updated' }, orderBy: { id: 'desc' } });
    expect((audit.data as { changes: { field: string }[] }).changes.map((c) => c.field)).toEqual(['VORSTAND', 'KASSIER']);

    const open = await request(server.url).get('/api/v1/contact/recipients');
    expect(open.body.data.map((d: { data: { type: string } }) => d.data.type)).toEqual(['PRAESIDENT', 'TICKETS', 'VORSTAND']);
    expect((await send(valid({ recipient: 'KASSIER' }))).status).toBe(422);

    // Back as it was for the other tests.
    expect((await request(server.url).put('/api/v1/admin/contact/recipients').set('Cookie', boardCookie).send(RECIPIENTS)).status).toBe(
      200,
    );
  });

  it('refuses bad input: invalid address 422, a type twice 422, unknown type 422, empty label 422, not a list 400', async () => {
    const put = (body: unknown) =>
      request(server.url)
        .put('/api/v1/admin/contact/recipients')
        .set('Cookie', boardCookie)
        .send(body as object);
    const badEmail = await put([{ type: 'TICKETS', label: 'Tickets', email: 'tickets' }]);
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.error.fields['0.email']).toBe('E-Mail: Bitte eine gültige E-Mail-Adresse angeben.');
    const twice = await put([RECIPIENTS[1], RECIPIENTS[1]]);
    expect(twice.status).toBe(422);
    expect(twice.body.error.fields['1.type']).toBe('Empfänger: Jeder Empfänger nur einmal.');
    expect((await put([{ type: 'KASSE', label: 'x', email: '' }])).status).toBe(422);
    const noLabel = await put([{ type: 'TICKETS', label: ' ', email: '' }]);
    expect(noLabel.status).toBe(422);
    expect(noLabel.body.error.fields['0.label']).toBe('Bezeichnung: Bitte ausfüllen.');
    expect((await put({ type: 'TICKETS' })).status).toBe(400);
    const after = await request(server.url).get('/api/v1/admin/contact/recipients').set('Cookie', boardCookie);
    expect(after.body.data.map((d: { data: unknown }) => d.data)).toEqual(RECIPIENTS);
  });
});

describe('when the SMTP server is down', () => {
  it('the message is accepted and stored, and its mail waits in the outbox until the server is back', async () => {
    const down = await startSmtpPeer();
    const port = down.port;
    await down.close();
    const other = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const db2 = other.database.prisma;
      await db2.contactRecipient.create({ data: { type: 'KASSIER', label: 'Kassier', email: 'kassier@club.example' } });
      const body = valid({ recipient: 'KASSIER' });
      const res = await request(other.url).post('/api/v1/contact/').send(body);
      expect(res.status).toBe(202);
      expect(await db2.contactMessage.count({ where: { senderEmail: body.senderEmail } })).toBe(1);
      // The worker tries (every second) and fails; the mail stays.
      const row = await vi.waitFor(
        async () => {
          const found = await db2.mailOutbox.findFirstOrThrow({ where: { replyTo: body.senderEmail } });
          expect(found.lastError).not.toBeNull();
          return found;
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(row).toMatchObject({ status: 'PENDING', to: 'kassier@club.example', attempts: 1 });
      expect(row.lastError).toBeTruthy();

      const back = await startSmtpPeer(port);
      try {
        await db2.mailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
        const mail = await back.waitFor((m) => m.replyTo === body.senderEmail);
        expect(mail.to).toEqual(['kassier@club.example']);
      } finally {
        await back.close();
      }
    } finally {
      await other.close();
    }
  });
});
