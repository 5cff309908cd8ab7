import request from 'supertest';
import { NEWSLETTER_MAX_BYTES } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, seasonDates, seasonYearOf, toIsoDate, zurichStartOfDay, zurichToday } from '../../lib/dates.ts';
import { createLogger } from '../../lib/logger.ts';
import { announceDueNewsletters } from './newsletters.service.ts';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { makePdf, pdfOfSize } from '../../test/pdf.ts';

let server: TestServer;
let memberCookie: string;
let boardCookie: string;
let board: { id: number };

const db = () => server.database.prisma;

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(db());
  const boardMember = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  board = boardMember;
  memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
  boardCookie = (await loginAs(server.url, boardMember.username, boardMember.password)).cookie;
});
afterAll(async () => {
  await server?.close();
});

interface UploadInput {
  title?: string;
  publicationDate?: string;
  notify?: string;
  file?: Buffer;
  fileName?: string;
  contentType?: string;
}

function upload(input: UploadInput, cookie = boardCookie) {
  const req = request(server.url).post('/api/v1/admin/newsletters').set('Cookie', cookie);
  if (input.title !== undefined) req.field('title', input.title);
  if (input.publicationDate !== undefined) req.field('publicationDate', input.publicationDate);
  if (input.notify !== undefined) req.field('notify', input.notify);
  if (input.file)
    req.attach('file', input.file, { filename: input.fileName ?? 'newsletter.pdf', contentType: input.contentType ?? 'application/pdf' });
  return req;
}

async function counts() {
  return {
    newsletters: await db().newsletter.count(),
    outbox: await db().mailOutbox.count(),
    audit: await db().auditLog.count({ where: { entity: 'newsletter' } }),
  };
}

describe('who may do what', () => {
  it('a visitor gets 401 for the list, the download and the board calls; a member 403 for the board calls', async () => {
    const pdf = await makePdf();
    const created = await upload({ title: 'Rechte', publicationDate: '2026-01-15', file: pdf });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;

    for (const path of ['/api/v1/newsletters/', `/api/v1/newsletters/${id}.pdf`]) {
      const res = await request(server.url).get(path);
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe('NOT_LOGGED_IN');
    }
    const before = await counts();
    const asVisitor = await request(server.url)
      .post('/api/v1/admin/newsletters')
      .field('title', 'x')
      .field('publicationDate', '2026-01-01')
      .attach('file', pdf, 'x.pdf');
    expect(asVisitor.status).toBe(401);
    const asMember = await upload({ title: 'x', publicationDate: '2026-01-01', file: pdf }, memberCookie);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.code).toBe('FORBIDDEN');
    expect((await request(server.url).delete(`/api/v1/admin/newsletters/${id}`)).status).toBe(401);
    expect((await request(server.url).delete(`/api/v1/admin/newsletters/${id}`).set('Cookie', memberCookie)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('upload, list and download', () => {
  it('when the board uploads a PDF, then members see it newest first and download the same bytes under a German file name', async () => {
    const older = await upload({ title: 'Ältere Ausgabe', publicationDate: '2025-09-01', file: await makePdf('alt') });
    expect(older.status).toBe(201);
    const pdf = await makePdf('Saisonrückblick');
    const res = await upload({ title: '  Saisonrückblick März ', publicationDate: '2026-03-01', file: pdf, fileName: 'scan(3).PDF' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      title: 'Saisonrückblick März',
      publicationDate: '2026-03-01',
      size: pdf.length,
      upcoming: false,
      notified: 0,
      announcedOn: null,
    });
    const id = res.body.data.id as number;

    const row = await db().newsletter.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ title: 'Saisonrückblick März', size: pdf.length, fileName: '2026-03-01 Saisonrückblick März.pdf' });
    expect(Buffer.from(row.content).equals(pdf)).toBe(true);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entity: 'newsletter', entityId: String(id) } });
    expect(audit).toMatchObject({ action: 'newsletter.uploaded', actorId: board.id });

    const list = await request(server.url).get('/api/v1/newsletters/').set('Cookie', memberCookie);
    expect(list.status).toBe(200);
    const items = list.body.data.map((d: { data: unknown }) => d.data) as { id: number; publicationDate: string }[];
    expect(items[0]).toEqual({ id, title: 'Saisonrückblick März', publicationDate: '2026-03-01', size: pdf.length, upcoming: false });
    const dates = items.map((n) => n.publicationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(JSON.stringify(list.body)).not.toContain('content');

    const file = await request(server.url)
      .get(`/api/v1/newsletters/${id}.pdf`)
      .set('Cookie', memberCookie)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    const disposition = file.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''2026-03-01%20Saisonr%C3%BCckblick%20M%C3%A4rz.pdf`);
    expect(disposition).toContain('filename="2026-03-01 Saisonr?ckblick M?rz.pdf"');
    expect((file.body as Buffer).equals(pdf)).toBe(true);
  });

  it('decides by content, not by name: a PDF called .txt is taken, a text file called .pdf is refused with 422 and nothing is written', async () => {
    const pdf = await makePdf();
    const asText = await upload({
      title: 'Als Text',
      publicationDate: '2026-02-01',
      file: pdf,
      fileName: 'brief.txt',
      contentType: 'text/plain',
    });
    expect(asText.status).toBe(201);

    const before = await counts();
    const cases: Buffer[] = [
      Buffer.from('Das ist kein PDF, auch wenn die Datei so heisst.'),
      // A PDF cut off in the middle: the header, but no end marker.
      pdf.subarray(0, Math.floor(pdf.length / 2)),
      Buffer.from('%%EOF only at the end, no header\n%%EOF'),
      // HTML dressed up as a PDF.
      Buffer.from('<html><script>alert(1)</script></html>\n%PDF-1.4'),
    ];
    for (const content of cases) {
      const res = await upload({ title: 'Falsch', publicationDate: '2026-02-01', file: content, fileName: 'newsletter.pdf' });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.fields.file).toMatch(/kein vollständiges PDF/);
    }
    const empty = await upload({ title: 'Leer', publicationDate: '2026-02-01', file: Buffer.alloc(0) });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.file).toMatch(/PDF-Datei wählen/);
    const none = await upload({ title: 'Ohne Datei', publicationDate: '2026-02-01' });
    expect(none.status).toBe(422);
    expect(none.body.error.fields.file).toMatch(/PDF-Datei wählen/);
    expect(await counts()).toEqual(before);
  });

  it('takes a PDF of exactly 20 MB; one byte more is a 413 with a German message, and nothing is written', async () => {
    const before = await counts();
    const tooBig = await upload({ title: 'Zu gross', publicationDate: '2026-04-01', file: await pdfOfSize(NEWSLETTER_MAX_BYTES + 1) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/höchstens 20 MB/) });
    // Announced far too large: refused before the body is read.
    const huge = await upload({
      title: 'Viel zu gross',
      publicationDate: '2026-04-01',
      file: await pdfOfSize(NEWSLETTER_MAX_BYTES + 2_000_000),
    });
    expect(huge.status).toBe(413);
    expect(await counts()).toEqual(before);

    const exact = await upload({ title: 'Genau 20 MB', publicationDate: '2026-04-01', file: await pdfOfSize(NEWSLETTER_MAX_BYTES) });
    expect(exact.status).toBe(201);
    expect(exact.body.data.size).toBe(NEWSLETTER_MAX_BYTES);
    await db().newsletter.delete({ where: { id: exact.body.data.id } });
  }, 60_000);

  it('refuses wrong fields: 400 for a missing title, 422 with German field messages for wrong values', async () => {
    const pdf = await makePdf();
    const before = await counts();
    const noTitle = await upload({ publicationDate: '2026-02-01', file: pdf });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.fields.title).toBeTruthy();

    const wrong = await upload({ title: '   ', publicationDate: '1.2.2026', file: pdf });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toMatchObject({
      title: 'Titel: Bitte ausfüllen.',
      publicationDate: 'Erscheinungsdatum: Bitte ein gültiges Datum angeben.',
    });

    const long = await upload({ title: 'x'.repeat(201), publicationDate: '2026-02-01', file: pdf });
    expect(long.status).toBe(422);
    expect(long.body.error.fields.title).toBe('Titel: Höchstens 200 Zeichen.');
    const veryLong = await upload({ title: 'x'.repeat(5000), publicationDate: '2026-02-01', file: pdf });
    expect(veryLong.status).toBe(422);
    expect(veryLong.body.error.fields.title).toBeTruthy();

    const twoFiles = request(server.url)
      .post('/api/v1/admin/newsletters')
      .set('Cookie', boardCookie)
      .field('title', 'Zwei')
      .field('publicationDate', '2026-02-01');
    const res = await twoFiles.attach('file', pdf, 'a.pdf').attach('file', pdf, 'b.pdf');
    expect(res.status).toBe(400);
    const otherField = await request(server.url)
      .post('/api/v1/admin/newsletters')
      .set('Cookie', boardCookie)
      .field('title', 'x')
      .field('publicationDate', '2026-02-01')
      .attach('pdf', pdf, 'a.pdf');
    expect(otherField.status).toBe(400);

    const json = await request(server.url)
      .post('/api/v1/admin/newsletters')
      .set('Cookie', boardCookie)
      .send({ title: 'JSON', publicationDate: '2026-02-01' });
    expect(json.status).toBe(415);
    const broken = await request(server.url)
      .post('/api/v1/admin/newsletters')
      .set('Cookie', boardCookie)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc');
    expect(broken.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('the upload is the only call that takes a multipart form, and only from this site', async () => {
    const pdf = await makePdf();
    const elsewhere = await request(server.url).post('/api/v1/contact/').field('message', 'x').attach('file', pdf, 'a.pdf');
    expect(elsewhere.status).toBe(415);
    const put = await request(server.url).put('/api/v1/admin/newsletters').set('Cookie', boardCookie).field('title', 'x');
    expect(put.status).toBe(415);
    const crossSite = await request(server.url)
      .post('/api/v1/admin/newsletters')
      .set('Cookie', boardCookie)
      .set('Origin', 'https://evil.example')
      .field('title', 'x')
      .field('publicationDate', '2026-02-01')
      .attach('file', pdf, 'a.pdf');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('CSRF_REJECTED');
  });
});

describe('notice to the members', () => {
  it('when "benachrichtigen" is ticked, then every active member gets a German mail through the outbox, in the same transaction', async () => {
    const s = seasonDates(seasonYearOf(zurichToday(new Date())));
    const season = await db().season.upsert({ where: { validFrom: s.validFrom }, update: {}, create: { ...s, membershipFeeRappen: 5000 } });
    const active = await createMember(db(), { firstName: 'Aktiva' });
    await db().membership.create({ data: { memberId: active.id, seasonId: season.id, validFrom: s.validFrom, validTo: s.validTo } });
    const lapsed = await createMember(db(), { firstName: 'Ehemalig' });
    const old = await db().season.create({
      data: { name: unique('alt'), validFrom: fromIsoDate('2001-05-01'), validTo: fromIsoDate('2002-04-30'), membershipFeeRappen: 5000 },
    });
    await db().membership.create({ data: { memberId: lapsed.id, seasonId: old.id, validFrom: old.validFrom, validTo: old.validTo } });
    const activeCount = await db().member.count({
      where: { memberships: { some: { validFrom: { lte: zurichToday(new Date()) }, validTo: { gte: zurichToday(new Date()) } } } },
    });

    const res = await upload({ title: 'Newsletter «November»', publicationDate: '2025-11-01', notify: 'on', file: await makePdf() });
    expect(res.status).toBe(201);
    expect(res.body.data.notified).toBe(activeCount);
    expect(res.body.data.announcedOn).toBeNull();
    const [mail, ...more] = await db().mailOutbox.findMany({ where: { to: active.email } });
    expect(more).toHaveLength(0);
    // The notice is a mailing to the season's members, from the board member who uploaded it.
    const boardEmail = (await db().member.findUniqueOrThrow({ where: { id: board.id } })).email;
    expect(mail).toMatchObject({ subject: 'Neuer Newsletter: Newsletter «November»', status: 'PENDING', replyTo: boardEmail });
    expect(mail!.mailingId).not.toBeNull();
    const mailing = await db().mailing.findUniqueOrThrow({ where: { id: mail!.mailingId! } });
    expect(mailing).toMatchObject({ groupKind: 'SEASON', groupId: season.id, senderId: board.id, recipients: activeCount });
    expect(mail!.text).toContain('Grüezi Aktiva');
    expect(mail!.text).toContain('vom 01.11.2025 ist erschienen');
    expect(mail!.text).toContain('weil Sie in der Saison');
    expect(mail!.text).toContain(`${server.url}/newsletter`);
    expect(await db().mailOutbox.count({ where: { to: lapsed.email } })).toBe(0);

    // Not ticked: no mail.
    const quiet = await upload({ title: 'Ohne Mail', publicationDate: '2026-12-02', notify: 'false', file: await makePdf() });
    expect(quiet.status).toBe(201);
    expect(quiet.body.data.notified).toBe(0);
    expect(await db().mailOutbox.count({ where: { to: active.email } })).toBe(1);
  });
});

describe('a newsletter published on a later day', () => {
  it('is hidden from members until its day, shown to the board «ab …», and announced on that day exactly once', async () => {
    const today = zurichToday(new Date());
    const s = seasonDates(seasonYearOf(today));
    const season = await db().season.upsert({ where: { validFrom: s.validFrom }, update: {}, create: { ...s, membershipFeeRappen: 5000 } });
    const reader = await createMember(db(), { firstName: 'Leserin' });
    await db().membership.create({ data: { memberId: reader.id, seasonId: season.id, validFrom: s.validFrom, validTo: s.validTo } });
    const readerCookie = (await loginAs(server.url, reader.username, reader.password)).cookie;
    const day = toIsoDate(addDays(today, 2));

    const res = await upload({ title: 'Vorschau Playoffs', publicationDate: day, notify: 'on', file: await makePdf() });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ upcoming: true, notified: 0, announcedOn: day });
    const id = res.body.data.id as number;
    expect(await db().mailOutbox.count({ where: { to: reader.email } })).toBe(0);

    const listOf = async (cookie: string) =>
      (
        (await request(server.url).get('/api/v1/newsletters/').set('Cookie', cookie)).body.data as {
          data: { id: number; upcoming: boolean };
        }[]
      ).map((d) => d.data);
    expect((await listOf(readerCookie)).map((n) => n.id)).not.toContain(id);
    expect((await listOf(boardCookie)).find((n) => n.id === id)).toMatchObject({ upcoming: true });
    expect((await request(server.url).get(`/api/v1/newsletters/${id}.pdf`).set('Cookie', readerCookie)).status).toBe(404);
    expect((await request(server.url).get(`/api/v1/newsletters/${id}.pdf`).set('Cookie', boardCookie)).status).toBe(200);

    const log = createLogger('silent');
    const settings = { clubName: server.config.clubName, newsletterUrl: `${server.url}/newsletter` };
    const at = (instant: Date) => ({ db: db(), log, actor: null, now: instant });
    // The day before: nothing.
    expect((await announceDueNewsletters(at(zurichStartOfDay(addDays(today, 1))), settings)).map((a) => a.id)).not.toContain(id);
    expect(await db().mailOutbox.count({ where: { to: reader.email } })).toBe(0);

    // Five minutes into the day, two timers at once (two instances): one notice.
    const dayStart = new Date(zurichStartOfDay(fromIsoDate(day)).getTime() + 5 * 60_000);
    const runs = await Promise.all([announceDueNewsletters(at(dayStart), settings), announceDueNewsletters(at(dayStart), settings)]);
    expect(runs.flat().filter((a) => a.id === id)).toHaveLength(1);
    const mails = await db().mailOutbox.findMany({ where: { to: reader.email } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Grüezi Leserin');
    expect(mails[0]!.text).toContain('Der Newsletter «Vorschau Playoffs»');
    expect((await db().newsletter.findUniqueOrThrow({ where: { id } })).announcedAt).toEqual(dayStart);

    // Later runs (the next minute, a restart) write nothing more.
    const later = await announceDueNewsletters(at(new Date(dayStart.getTime() + 60_000)), settings);
    expect(later.map((a) => a.id)).not.toContain(id);
    expect(await db().mailOutbox.count({ where: { to: reader.email } })).toBe(1);
    expect(await db().mailing.count({ where: { subject: 'Neuer Newsletter: Vorschau Playoffs' } })).toBe(1);
  });
});

describe('delete', () => {
  it('when the board deletes a newsletter, then it is gone from the list and the download, with an audit row; unknown ids are 404', async () => {
    const created = await upload({ title: 'Zum Löschen', publicationDate: '2026-05-01', file: await makePdf() });
    const id = created.body.data.id as number;
    const res = await request(server.url).delete(`/api/v1/admin/newsletters/${id}`).set('Cookie', boardCookie);
    expect(res.status).toBe(204);
    expect(await db().newsletter.count({ where: { id } })).toBe(0);
    expect(await db().auditLog.count({ where: { action: 'newsletter.deleted', entityId: String(id) } })).toBe(1);

    const again = await request(server.url).delete(`/api/v1/admin/newsletters/${id}`).set('Cookie', boardCookie);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Diesen Newsletter gibt es nicht.');
    const download = await request(server.url).get(`/api/v1/newsletters/${id}.pdf`).set('Cookie', memberCookie);
    expect(download.status).toBe(404);
    const list = await request(server.url).get('/api/v1/newsletters/').set('Cookie', memberCookie);
    expect(list.body.data.map((d: { data: { id: number } }) => d.data.id)).not.toContain(id);
  });

  it('a malformed id is 400, never a 500', async () => {
    for (const path of ['/api/v1/newsletters/abc.pdf', '/api/v1/newsletters/0.pdf', '/api/v1/newsletters/99999999999.pdf']) {
      const res = await request(server.url).get(path).set('Cookie', memberCookie);
      expect(res.status, path).toBe(400);
    }
    expect((await request(server.url).delete('/api/v1/admin/newsletters/x').set('Cookie', boardCookie)).status).toBe(400);
  });
});
