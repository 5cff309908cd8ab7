import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromIsoDate } from '../../lib/dates.ts';
import { createLogger } from '../../lib/logger.ts';
import { claimDueMails } from '../../lib/outbox.repository.ts';
import { startOutboxWorker } from '../../lib/outbox.ts';
import { createMember, unique, type CreatedMember } from '../../test/factories.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { makePdf } from '../../test/pdf.ts';
import { expectSameLinks, expectWellFormedMail, needPythonEmail, partsOf } from '../../test/python-email.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp.ts';
import { seedGame } from '../tickets/tickets.test-support.ts';
import { seedEvent } from '../events/events.test-support.ts';

let smtp: SmtpPeer;
let server: TestServer;
let board: CreatedMember;
let boardCookie: string;
let memberCookie: string;

const db = () => server.database.prisma;
const log = createLogger('silent');

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  board = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'], firstName: 'Vera', lastName: 'Vorstand' });
  const member = await createMember(db());
  boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
  memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let seasonYear = 2300;
/** A season of its own (far in the future, so no other test's season collides) with a second category. */
async function seedSeason(database = server.database) {
  seasonYear += 1;
  const season = await database.prisma.season.create({
    data: { name: unique('S'), validFrom: fromIsoDate(`${seasonYear}-05-01`), validTo: fromIsoDate(`${seasonYear + 1}-04-30`) },
  });
  const junior = await database.prisma.membershipCategory.create({ data: { seasonId: season.id, name: 'Junior', maxAge: 18 } });
  return { season, junior };
}

async function join(
  memberId: number,
  season: { id: number; validFrom: Date; validTo: Date },
  categoryId?: number,
  database = server.database,
) {
  await database.prisma.membership.create({
    data: { memberId, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo, ...(categoryId ? { categoryId } : {}) },
  });
}

function post(path: string, body: unknown, cookie = boardCookie, url = server.url) {
  return request(url)
    .post(`/api/v1/admin/mailings${path}`)
    .set('Cookie', cookie)
    .send(body as object);
}

async function counts() {
  return { mailings: await db().mailing.count(), outbox: await db().mailOutbox.count(), attachments: await db().mailingAttachment.count() };
}

describe('who may do what', () => {
  it('a visitor gets 401 and a member 403 for every mailing call, and nothing is written', async () => {
    const { season } = await seedSeason();
    const before = await counts();
    const body = { subject: 'Hallo', text: 'Text', group: { kind: 'SEASON', id: season.id } };
    const calls = (cookie?: string) => {
      const withCookie = <T extends request.Test>(t: T) => (cookie ? t.set('Cookie', cookie) : t);
      return [
        withCookie(request(server.url).get('/api/v1/admin/mailings')),
        withCookie(request(server.url).get('/api/v1/admin/mailings/groups')),
        withCookie(request(server.url).post('/api/v1/admin/mailings/preview')).send({ group: body.group }),
        withCookie(request(server.url).post('/api/v1/admin/mailings')).send(body),
        withCookie(request(server.url).post('/api/v1/admin/mailings/test')).send(body),
        withCookie(request(server.url).post('/api/v1/admin/mailings/attachments')).attach('file', Buffer.from('%PDF-1.4\n%%EOF'), 'a.pdf'),
      ];
    };
    for (const res of await Promise.all(calls())) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('NOT_LOGGED_IN');
    }
    for (const res of await Promise.all(calls(memberCookie))) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect(await counts()).toEqual(before);
  });
});

describe('groups', () => {
  it('counts each kind of group: season, category, confirmed subscribers, confirmed ticket holders, the board', async () => {
    const { season, junior } = await seedSeason();
    const other = await seedSeason();
    const [a, b, c, d, gone] = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(db())));
    await join(a!.id, season);
    await join(b!.id, season);
    await join(c!.id, season, junior.id);
    await join(d!.id, other.season);
    await join(gone!.id, season);
    // An anonymised member gets no mail.
    await db().member.update({ where: { id: gone!.id }, data: { anonymisedAt: new Date() } });

    const eventId = await seedEvent(server.database);
    await db().eventSubscription.createMany({
      data: [
        { eventId, memberId: a!.id, amount: 2, status: 'CONFIRMED' },
        { eventId, memberId: c!.id, amount: 1, status: 'WAITING' },
        { eventId, memberId: d!.id, amount: 1, status: 'CONFIRMED' },
      ],
    });
    const game = await seedGame(server.database);
    const reservation = (memberId: number, status: 'CONFIRMED' | 'WAITING') => ({
      gameId: game.gameId,
      memberId,
      deliveryOptionId: game.optionIds[0]!,
      amount: 1,
      pricePerTicketRappen: 3000,
      street: 'Hardturmstrasse',
      postalCode: '8005',
      city: 'Zürich',
      status,
    });
    // Two reservations of one member: one mail.
    await db().ticketReservation.createMany({
      data: [
        reservation(b!.id, 'CONFIRMED'),
        reservation(b!.id, 'CONFIRMED'),
        reservation(c!.id, 'WAITING'),
        reservation(d!.id, 'CONFIRMED'),
      ],
    });
    const boardSize = await db().member.count({ where: { anonymisedAt: null, roles: { some: { role: 'MEMBER_OF_THE_BOARD' } } } });

    const preview = async (group: object) => {
      const res = await post('/preview', { group });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { label: string; recipients: number };
    };
    expect(await preview({ kind: 'SEASON', id: season.id })).toMatchObject({ recipients: 3, label: `Saison ${season.name}` });
    expect(await preview({ kind: 'CATEGORY', id: junior.id })).toMatchObject({
      recipients: 1,
      label: `Saison ${season.name}, Kategorie «Junior»`,
    });
    const defaultCategory = await db().membershipCategory.findFirstOrThrow({ where: { seasonId: season.id, isDefault: true } });
    expect((await preview({ kind: 'CATEGORY', id: defaultCategory.id })).recipients).toBe(2);
    expect((await preview({ kind: 'EVENT', id: eventId })).recipients).toBe(2);
    expect((await preview({ kind: 'GAME', id: game.gameId })).recipients).toBe(2);
    expect(await preview({ kind: 'BOARD' })).toEqual({
      group: { kind: 'BOARD', id: null },
      label: 'Vorstand',
      recipients: boardSize,
      mail: null,
    });

    // The form's choices list them.
    const options = await request(server.url).get('/api/v1/admin/mailings/groups').set('Cookie', boardCookie);
    expect(options.status).toBe(200);
    expect(options.body.data.seasons).toContainEqual({ id: season.id, label: `Saison ${season.name}` });
    expect(options.body.data.categories).toContainEqual({ id: junior.id, label: `Junior (Saison ${season.name})` });
    expect(options.body.data.events.map((e: { id: number }) => e.id)).toContain(eventId);
    expect(options.body.data.games.map((g: { id: number }) => g.id)).toContain(game.gameId);
  });

  it('an unknown season, category, event or game is a 404 with a German message, and nothing is written', async () => {
    const before = await counts();
    for (const kind of ['SEASON', 'CATEGORY', 'EVENT', 'GAME']) {
      for (const res of [
        await post('/preview', { group: { kind, id: 999_999 } }),
        await post('', { subject: 'Hallo', text: 'Text', group: { kind, id: 999_999 } }),
      ]) {
        expect(res.status, kind).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
        expect(res.body.error.message).toMatch(/gibt es nicht/);
      }
    }
    const { season } = await seedSeason();
    await createMember(db()).then((m) => join(m.id, season));
    const res = await post('', { subject: 'Hallo', text: 'Text', group: { kind: 'SEASON', id: season.id }, attachmentId: 999_999 });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/Anhang/);
    expect(await counts()).toEqual(before);
  });

  it('a group without members is refused with 409, and nothing is written', async () => {
    const { season } = await seedSeason();
    const before = await counts();
    const res = await post('', { subject: 'Hallo', text: 'Text', group: { kind: 'SEASON', id: season.id } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('keine Mitglieder');
    expect(await counts()).toEqual(before);
  });
});

describe('validation', () => {
  it('refuses bad input with 422 and German field messages, a wrong shape or a control character in the subject with 400; nothing is written', async () => {
    const { season } = await seedSeason();
    const before = await counts();
    const group = { kind: 'SEASON', id: season.id };
    const cases: [object, number, string, RegExp][] = [
      [{ subject: '  ', text: 'Text', group }, 422, 'subject', /Betreff: Bitte ausfüllen/],
      [{ subject: 'x'.repeat(201), text: 'Text', group }, 422, 'subject', /Betreff: Höchstens 200 Zeichen/],
      [{ subject: 'Hallo', text: '', group }, 422, 'text', /Text: Bitte ausfüllen/],
      [{ subject: 'Hallo', text: 'x'.repeat(20_001), group }, 422, 'text', /Text: Höchstens/],
      // A line break in a subject could start a header of its own (Bcc:): the request is malformed,
      // and so is any other control character there.
      [{ subject: 'Hallo\u0000', text: 'Text', group }, 400, 'subject', /Steuerzeichen/],
      [{ subject: 'Hallo\r\nBcc: alle@example.ch', text: 'Text', group }, 400, 'subject', /Betreff: Bitte auf einer Zeile/],
      [{ subject: 'Hallo\nWelt', text: 'Text', group }, 400, 'subject', /ohne Zeilenumbrüche/],
      [{ subject: 'Hallo\tWelt', text: 'Text', group }, 400, 'subject', /Tabulatoren/],
      [{ subject: 'Hallo\u2028Welt', text: 'Text', group }, 400, 'subject', /Zeile/],
      [{ subject: 'Hallo', text: 'Text', group: { kind: 'SEASON' } }, 422, 'group.id', /Bitte eine Saison wählen/],
      [{ subject: 'Hallo', text: 'Text', group: { kind: 'GAME' } }, 422, 'group.id', /Bitte ein Spiel wählen/],
      [{ subject: 'Hallo', text: 'Text', group: { kind: 'SEASON', id: 1.5 } }, 422, 'group.id', /Ungültige Auswahl/],
      [
        { subject: 'Hallo', text: 'Text', group: { kind: 'CLUB', id: 1 } },
        422,
        'group.kind',
        /Saison, Kategorie, Veranstaltung, Spiel oder Vorstand/,
      ],
      [{ text: 'Text', group }, 400, 'subject', /Betreff/],
      [{ subject: 'Hallo', text: 'Text', group: { kind: 'SEASON', id: '1' } }, 400, 'group.id', /Gruppe/],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await post('', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.error.fields[field]).toMatch(message);
    }
    const preview = await post('/preview', { group: { kind: 'EVENT' } });
    expect(preview.status).toBe(422);
    expect(preview.body.error.fields['group.id']).toBe('Gruppe: Bitte eine Veranstaltung wählen.');
    // A file that is no PDF.
    const notPdf = await request(server.url)
      .post('/api/v1/admin/mailings/attachments')
      .set('Cookie', boardCookie)
      .attach('file', Buffer.from('Hallo'), { filename: 'brief.pdf', contentType: 'application/pdf' });
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.error.fields.file).toBeTruthy();
    expect(await counts()).toEqual(before);
  });
});

describe('sending', () => {
  it('writes one mail per member with salutation, Reply-To of the sender, the Markdown as text and HTML, the PDF and the notice; the list counts them sent', async (ctx) => {
    const { season, junior } = await seedSeason();
    const juniors = await Promise.all(['Lena', 'Noah', 'Mia'].map((firstName) => createMember(db(), { firstName })));
    for (const m of juniors) await join(m.id, season, junior.id);
    const adult = await createMember(db(), { firstName: 'Erwachsen' });
    await join(adult.id, season);

    const pdf = await makePdf('Anmeldeformular');
    const uploaded = await request(server.url)
      .post('/api/v1/admin/mailings/attachments')
      .set('Cookie', boardCookie)
      .attach('file', pdf, { filename: 'Anmeldung Trainingslager.pdf', contentType: 'application/pdf' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ id: expect.any(Number), size: pdf.length });
    expect(uploaded.body.data.fileName).toMatch(/Anmeldung Trainingslager\.pdf$/);

    const res = await post('', {
      subject: 'Trainingslager der Junioren',
      text: 'Liebe Junioren\n\nDas **Trainingslager** findet im Juli statt. Details auf [der Website](https://example.ch/lager).\n\n- Anmeldung bis 30. Juni',
      group: { kind: 'CATEGORY', id: junior.id },
      attachmentId: uploaded.body.data.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      subject: 'Trainingslager der Junioren',
      groupKind: 'CATEGORY',
      groupLabel: `Saison ${season.name}, Kategorie «Junior»`,
      senderName: 'Vera Vorstand',
      recipients: 3,
      sent: 0,
      failed: 0,
      attachmentName: uploaded.body.data.fileName,
    });
    const mailingId = res.body.data.id as number;
    expect(await db().mailOutbox.count({ where: { mailingId } })).toBe(3);
    expect(await db().auditLog.count({ where: { action: 'mailing.sent', entityId: String(mailingId), actorId: board.id } })).toBe(1);

    for (const m of juniors) {
      const mail = await smtp.waitFor((x) => x.to.includes(m.email) && x.subject === 'Trainingslager der Junioren');
      const firstName = (await db().member.findUniqueOrThrow({ where: { id: m.id } })).firstName;
      expect(mail.replyTo).toContain(board.email);
      expect(mail.text).toContain(`Grüezi ${firstName}`);
      expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
      expect(mail.raw).toContain('<strong>Trainingslager</strong>');
    }
    // The plain text part.
    const utf8 = (await smtp.waitFor((x) => x.to.includes(juniors[0]!.email))).text;
    expect(utf8).toContain('Grüezi Lena');
    expect(utf8).toContain('Das Trainingslager findet im Juli statt. Details auf der Website (https://example.ch/lager).');
    expect(utf8).toContain(`weil Sie in der Saison ${season.name} Mitglied der Kategorie «Junior» sind`);
    expect(smtp.messages.filter((x) => x.to.includes(adult.email))).toHaveLength(0);

    // The list: newest first, with the outbox's counts.
    await vi.waitFor(
      async () => {
        const list = await request(server.url).get('/api/v1/admin/mailings').set('Cookie', boardCookie);
        expect(list.status).toBe(200);
        const listed = (list.body.data as { data: { id: number } }[]).map((d) => d.data).find((m) => m.id === mailingId);
        expect(listed).toMatchObject({ recipients: 3, sent: 3, failed: 0 });
      },
      { timeout: 15_000, interval: 100 },
    );

    // Python's email package, an independent reader, sees the same mail.
    needPythonEmail(ctx);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    for (const m of juniors) {
      const mail = await smtp.waitFor((x) => x.to.includes(m.email) && x.subject === 'Trainingslager der Junioren');
      const py = expectWellFormedMail(mail);
      expect(py.structure).toMatchObject({
        contentType: 'multipart/mixed',
        parts: [
          { contentType: 'multipart/alternative', parts: [{ contentType: 'text/plain' }, { contentType: 'text/html' }] },
          { contentType: 'application/pdf', disposition: 'attachment' },
        ],
      });
      expect(py.headers.subject).toBe('Trainingslager der Junioren');
      expect(py.to.map((a) => a.address)).toEqual([m.email]);
      expect(py.replyTo.map((a) => a.address)).toEqual([board.email]);
      expect(py.html).toContain('<strong>Trainingslager</strong>');
      expect(py.html).toContain('<a href="https://example.ch/lager">der Website</a>');
      expect(expectSameLinks(py)).toContain('https://example.ch/lager');
      expect(py.text).toContain('Das Trainingslager findet im Juli statt. Details auf der Website (https://example.ch/lager).');
      expect(py.attachments).toEqual([
        {
          filename: uploaded.body.data.fileName,
          contentType: 'application/pdf',
          disposition: 'attachment',
          size: pdf.length,
          sha256,
          head: expect.stringMatching(/^%PDF-/),
        },
      ]);
    }
  });

  it('umlauts in subject, text and file name reach a reader of the standard (Python): encoded words, RFC 2231, UTF-8 bodies', async (ctx) => {
    const { season, junior } = await seedSeason();
    const member = await createMember(db(), { firstName: 'Jürg', lastName: 'Müller' });
    await join(member.id, season, junior.id);
    const subject = 'Grüsse aus Zürich – Saisonstart «Löwen» für Gross und Klein: Anmeldung, Treffpunkt und Rückfahrt';
    const text =
      'Liebe Mitglieder\n\nDie **Saisoneröffnung** ist am Säntis-Platz. Mehr dazu _im Blog_: [Übersicht](https://example.ch/saison-öffnung).\n\n- Grösse: «gross»\n- Preis: 20 Fr.';

    const first = await post('', { subject, text, group: { kind: 'CATEGORY', id: junior.id } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    // A PDF whose file name has umlauts, uploaded as a browser sends it (the name in raw UTF-8).
    const pdf = await makePdf('Anmeldung Rückfahrt');
    const uploaded = await request(server.url).post('/api/v1/admin/mailings/attachments').set('Cookie', boardCookie).attach('file', pdf, {
      filename: 'Anmeldung Rückfahrt Zürich über den Gotthard-Strassentunnel und zurück.pdf',
      contentType: 'application/pdf',
    });
    expect(uploaded.status).toBe(201);
    const fileName: string = uploaded.body.data.fileName;
    expect(fileName).toMatch(/^\d{4}-\d{2}-\d{2} Anmeldung Rückfahrt Zürich über den Gotthard-Strassentunnel und zurück\.pdf$/);
    const second = await post('', {
      subject: `${subject} (mit Anhang)`,
      text,
      group: { kind: 'CATEGORY', id: junior.id },
      attachmentId: uploaded.body.data.id,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    const plain = await smtp.waitFor((x) => x.to.includes(member.email) && x.subject === subject);
    const withPdf = await smtp.waitFor((x) => x.to.includes(member.email) && x.subject === `${subject} (mit Anhang)`);
    expect(plain.text).toContain('Grüezi Jürg');

    needPythonEmail(ctx);
    for (const mail of [plain, withPdf]) {
      const py = expectWellFormedMail(mail);
      expect(py.to).toEqual([{ name: '', address: member.email }]);
      expect(py.replyTo.map((a) => a.address)).toEqual([board.email]);
      expect(py.text).toContain('Grüezi Jürg');
      expect(py.text).toContain(
        'Die Saisoneröffnung ist am Säntis-Platz. Mehr dazu im Blog: Übersicht (https://example.ch/saison-öffnung).',
      );
      expect(py.text).toContain('Grösse: «gross»');
      expect(py.html).toContain('<strong>Saisoneröffnung</strong>');
      expect(py.html).toContain('<em>im Blog</em>');
      expect(expectSameLinks(py)).toContain('https://example.ch/saison-öffnung');
      expect(py.html).toMatch(/<li>Grösse: («|&laquo;|&#171;)gross(»|&raquo;|&#187;)<\/li>/);
      // 8-bit text never travels unencoded: every text part is quoted-printable or base64.
      for (const part of partsOf(py.structure).filter((p) => p.contentType.startsWith('text/')))
        expect(['quoted-printable', 'base64']).toContain(part.transferEncoding);
      expect(mail.raw, 'the raw mail is 7-bit ASCII').toMatch(/^[\t\r\n\x20-\x7e]*$/);
    }
    const pyPlain = expectWellFormedMail(plain);
    expect(pyPlain.headers.subject).toBe(subject);
    expect(pyPlain.structure).toMatchObject({
      contentType: 'multipart/alternative',
      parts: [
        { contentType: 'text/plain', charset: 'utf-8' },
        { contentType: 'text/html', charset: 'utf-8' },
      ],
    });
    expect(pyPlain.attachments).toEqual([]);

    const pyPdf = expectWellFormedMail(withPdf);
    expect(pyPdf.headers.subject).toBe(`${subject} (mit Anhang)`);
    // The file name is a parameter per RFC 2231 (UTF-8, percent-encoded, continued), never an encoded word.
    expect(withPdf.raw).toMatch(/filename\*0\*=utf-8''\d{4}-\d{2}-\d{2}%20Anmeldung%20R%C3%BCckfahrt/);
    expect(withPdf.raw).not.toMatch(/name="?=\?/i);
    expect(pyPdf.attachments).toEqual([
      {
        filename: fileName,
        contentType: 'application/pdf',
        disposition: 'attachment',
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        head: expect.stringMatching(/^%PDF-/),
      },
    ]);
  });
});

describe('a large mailing and a restart', () => {
  let quiet: TestServer;
  let quietDatabase: Database;
  let quietCookie: string;
  let boss: CreatedMember;
  beforeAll(async () => {
    // A site without SMTP: its own worker leaves the mails in the outbox, the test's workers send them.
    quietDatabase = await openTestDatabase();
    quiet = await startTestServer({ database: quietDatabase });
    boss = await createMember(quiet.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    quietCookie = (await loginAs(quiet.url, boss.username, boss.password)).cookie;
  });
  afterAll(async () => {
    await quiet?.close();
    await quietDatabase?.close();
  });

  it('a worker that stops mid-send and a new one on the same database deliver every mail exactly once', async () => {
    const peer = await startSmtpPeer();
    const qdb = quiet.database.prisma;
    const { season } = await seedSeason(quiet.database);
    const members = await Promise.all(Array.from({ length: 9 }, () => createMember(qdb)));
    for (const m of members) await join(m.id, season, undefined, quiet.database);
    const res = await post(
      '',
      { subject: 'Neustart', text: 'Einmal, nicht zweimal.', group: { kind: 'SEASON', id: season.id } },
      quietCookie,
      quiet.url,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.recipients).toBe(9);

    const workerOn = () =>
      startOutboxWorker({ db: qdb, log, smtpUrl: peer.url, from: 'verein@example.ch', batchSize: 3, intervalMs: 3_600_000 });
    const first = workerOn();
    try {
      expect(await first.runOnce()).toBe(3);
      // A sender claims two more and dies before sending them (lease of 0 s: due again at once).
      expect(await claimDueMails(qdb, 2, 0)).toHaveLength(2);
    } finally {
      await first.stop();
    }
    expect(peer.messages).toHaveLength(3);

    // Restart: a new site and a new worker on the same database send the rest.
    await quiet.close();
    quiet = await startTestServer({ database: quietDatabase });
    quietCookie = (await loginAs(quiet.url, boss.username, boss.password)).cookie;
    const second = workerOn();
    try {
      for (let pass = 0; pass < 10 && (await qdb.mailOutbox.count({ where: { status: 'PENDING' } })) > 0; pass++) await second.runOnce();
    } finally {
      await second.stop();
      await peer.close();
    }
    expect(await qdb.mailOutbox.count({ where: { status: 'PENDING' } })).toBe(0);
    for (const m of members)
      expect(
        peer.messages.filter((x) => x.to.includes(m.email)),
        m.email,
      ).toHaveLength(1);
    expect(peer.messages).toHaveLength(9);
  });

  it('the list counts a mail the mail server refused as failed until a retry delivers it', async () => {
    const peer = await startSmtpPeer(0, { refuseFirst: 1 });
    const qdb = quiet.database.prisma;
    const { season } = await seedSeason(quiet.database);
    for (const m of await Promise.all([1, 2].map(() => createMember(qdb)))) await join(m.id, season, undefined, quiet.database);
    const res = await post(
      '',
      { subject: 'Zähler', text: 'Gesendet und fehlgeschlagen.', group: { kind: 'SEASON', id: season.id } },
      quietCookie,
      quiet.url,
    );
    expect(res.status).toBe(201);
    const mailingId = res.body.data.id as number;
    const listed = async () => {
      const list = await request(quiet.url).get('/api/v1/admin/mailings').set('Cookie', quietCookie);
      return (list.body.data as { data: { id: number; sent: number; failed: number } }[])
        .map((d) => d.data)
        .find((m) => m.id === mailingId);
    };
    expect(await listed()).toMatchObject({ sent: 0, failed: 0 });
    const worker = startOutboxWorker({ db: qdb, log, smtpUrl: peer.url, from: 'verein@example.ch', batchSize: 10, intervalMs: 3_600_000 });
    try {
      expect(await worker.runOnce()).toBe(1);
      expect(await listed()).toMatchObject({ sent: 1, failed: 1 });
      // The retry is due after its back-off; moved to now, the next pass delivers it.
      await qdb.mailOutbox.updateMany({ where: { mailingId, status: 'PENDING' }, data: { nextAttemptAt: new Date() } });
      expect(await worker.runOnce()).toBe(1);
      expect(await listed()).toMatchObject({ sent: 2, failed: 0 });
    } finally {
      await worker.stop();
      await peer.close();
    }
  });

  it('2,000 recipients: the request only writes the rows, in one transaction, and sends nothing itself', async () => {
    const qdb = quiet.database.prisma;
    const { season } = await seedSeason(quiet.database);
    const tag = unique('bulk');
    await qdb.member.createMany({
      data: Array.from({ length: 2000 }, (_, i) => ({
        username: `${tag}-${i}`,
        firstName: `M${i}`,
        lastName: 'Masse',
        email: `${tag}-${i}@example.ch`,
      })),
    });
    const ids = await qdb.member.findMany({ where: { lastName: 'Masse', username: { startsWith: tag } }, select: { id: true } });
    await qdb.membership.createMany({
      data: ids.map(({ id }) => ({ memberId: id, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo })),
    });
    const res = await post(
      '',
      { subject: 'An alle', text: 'Grosse Runde.', group: { kind: 'SEASON', id: season.id } },
      quietCookie,
      quiet.url,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.recipients).toBe(2000);
    // The answer came before any mail went out: the request wrote the rows, the outbox sends them (its time: bench/outbox).
    expect(await qdb.mailOutbox.count({ where: { mailingId: res.body.data.id, status: 'PENDING' } })).toBe(2000);
  });
});

describe('preview and test mail', () => {
  it('the preview shows the mail as the group gets it: subject, the text rendered, the reason, and the count', async () => {
    const { season } = await seedSeason();
    const [a, b] = await Promise.all([createMember(db()), createMember(db())]);
    await join(a!.id, season);
    await join(b!.id, season);
    const res = await post('/preview', {
      group: { kind: 'SEASON', id: season.id },
      subject: 'Saisonstart',
      text: 'Wir treffen uns **vor dem Spiel**.\n\n<script>alert(1)</script>',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ recipients: 2, label: `Saison ${season.name}` });
    const mail = res.body.data.mail;
    expect(mail.subject).toBe('Saisonstart');
    expect(mail.html).toContain('<p>Grüezi Vera</p>');
    expect(mail.html).toContain('<strong>vor dem Spiel</strong>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(`weil Sie in der Saison ${season.name} Mitglied sind. Antworten gehen an Vera Vorstand.`);
    expect(mail.text).toContain('Wir treffen uns vor dem Spiel.');
    // Without subject and text: the count only.
    expect((await post('/preview', { group: { kind: 'SEASON', id: season.id } })).body.data.mail).toBeNull();
    // A text too long is refused as the mailing refuses it.
    const long = await post('/preview', { group: { kind: 'SEASON', id: season.id }, subject: 'x', text: 'x'.repeat(20_001) });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.error.fields)).toContain('text');
  });

  it('«Testmail an mich» sends the mail only to the board member writing it, through the outbox, audited', async () => {
    const { season } = await seedSeason();
    const member = await createMember(db());
    await join(member.id, season);
    const before = await counts();
    const subject = unique('Testmail ');
    const res = await post('/test', { subject, text: 'Bitte **pünktlich** sein.', group: { kind: 'SEASON', id: season.id } });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ to: board.email });
    // One outbox row, no mailing (the list does not show a test).
    expect(await counts()).toEqual({ ...before, outbox: before.outbox + 1 });
    const audit = await db().auditLog.findFirst({ where: { action: 'mailing.tested' }, orderBy: { id: 'desc' } });
    expect(audit?.data).toMatchObject({ subject, group: `Saison ${season.name}`, to: board.email });

    const mail = await smtp.waitFor((m) => m.subject === subject);
    expect(mail.to).toEqual([board.email]);
    expect(mail.text).toContain('Grüezi Vera');
    expect(mail.text).toContain('Bitte pünktlich sein.');
    expect(mail.text).toContain(`weil Sie in der Saison ${season.name} Mitglied sind`);
    // Nobody of the group got it.
    expect(smtp.messages.filter((m) => m.subject === subject).flatMap((m) => m.to)).toEqual([board.email]);
  });

  it('a test mail to an unknown group or with an unknown attachment is a 404, bad input a 422, and nothing is written', async () => {
    const before = await counts();
    const unknownGroup = await post('/test', { subject: 'Hallo', text: 'Text', group: { kind: 'EVENT', id: 999_999 } });
    expect(unknownGroup.status).toBe(404);
    expect(unknownGroup.body.error.message).toBe('Diese Veranstaltung gibt es nicht.');
    const unknownFile = await post('/test', { subject: 'Hallo', text: 'Text', group: { kind: 'BOARD' }, attachmentId: 999_999 });
    expect(unknownFile.status).toBe(404);
    const empty = await post('/test', { subject: '', text: '', group: { kind: 'BOARD' } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.error.fields)).toEqual(expect.arrayContaining(['subject', 'text']));
    expect(await counts()).toEqual(before);
  });

  it('the event and game choices list the upcoming ones first, then the past ones marked', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const past = await seedEvent(server.database, { start: new Date(now - 30 * day), title: unique('Vergangen ') });
    const soon = await seedEvent(server.database, { start: new Date(now + 2 * day), title: unique('Bald ') });
    const later = await seedEvent(server.database, { start: new Date(now + 40 * day), title: unique('Später ') });
    const oldGame = await seedGame(server.database, { start: new Date(now - 10 * day) });
    const nextGame = await seedGame(server.database, { start: new Date(now + 3 * day) });
    const res = await request(server.url).get('/api/v1/admin/mailings/groups').set('Cookie', boardCookie);
    expect(res.status).toBe(200);
    const events: { id: number; past: boolean }[] = res.body.data.events;
    const at = (id: number) => events.findIndex((e) => e.id === id);
    expect(at(soon)).toBeLessThan(at(later));
    expect(at(later)).toBeLessThan(at(past));
    expect(events.find((e) => e.id === past)!.past).toBe(true);
    expect(events.find((e) => e.id === soon)!.past).toBe(false);
    // Every upcoming one before every past one.
    const firstPast = events.findIndex((e) => e.past);
    expect(events.slice(firstPast).every((e) => e.past)).toBe(true);
    const games: { id: number; past: boolean }[] = res.body.data.games;
    expect(games.findIndex((g) => g.id === nextGame.gameId)).toBeLessThan(games.findIndex((g) => g.id === oldGame.gameId));
    expect(games.find((g) => g.id === oldGame.gameId)!.past).toBe(true);
  });
});
