import request from 'supertest';
import { PDF_MAX_BYTES } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { makePdf, pdfOfSize } from '../../test/pdf.ts';

let server: TestServer;
let memberCookie: string;
let boardCookie: string;
let board: Awaited<ReturnType<typeof createMember>>;

const db = () => server.database.prisma;

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(db());
  board = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
  boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
});
afterAll(async () => {
  await server?.close();
});

function upload(input: { title?: string; date?: string; file?: Buffer; contentType?: string }, cookie = boardCookie) {
  const req = request(server.url).post('/api/v1/admin/documents').set('Cookie', cookie);
  if (input.title !== undefined) req.field('title', input.title);
  if (input.date !== undefined) req.field('date', input.date);
  if (input.file) req.attach('file', input.file, { filename: 'protokoll.pdf', contentType: input.contentType ?? 'application/pdf' });
  return req;
}

async function counts() {
  return { documents: await db().clubDocument.count(), audit: await db().auditLog.count({ where: { entity: 'document' } }) };
}

describe('who may do what', () => {
  it('a visitor gets 401 for the list, the download and the board calls; a member 403 for the board calls; nothing is written', async () => {
    const pdf = await makePdf('GV');
    const created = await upload({ title: 'Rechte', date: '2026-01-15', file: pdf });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;

    for (const path of ['/api/v1/documents/', `/api/v1/documents/${id}.pdf`]) {
      const res = await request(server.url).get(path);
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe('NOT_LOGGED_IN');
    }
    const before = await counts();
    const asVisitor = await request(server.url)
      .post('/api/v1/admin/documents')
      .field('title', 'x')
      .field('date', '2026-01-01')
      .attach('file', pdf, 'x.pdf');
    expect(asVisitor.status).toBe(401);
    const asMember = await upload({ title: 'x', date: '2026-01-01', file: pdf }, memberCookie);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.code).toBe('FORBIDDEN');
    expect((await request(server.url).delete(`/api/v1/admin/documents/${id}`)).status).toBe(401);
    expect((await request(server.url).delete(`/api/v1/admin/documents/${id}`).set('Cookie', memberCookie)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('upload, list, download and delete', () => {
  it('when the board uploads minutes, then members list them newest first and download the same bytes under a German file name', async () => {
    const older = await upload({ title: 'Protokoll GV 2025', date: '2025-06-12', file: await makePdf('GV 2025') });
    expect(older.status).toBe(201);
    const pdf = await makePdf('GV 2026');
    const res = await upload({ title: '  Protokoll GV 2026: Wahlen ', date: '2026-06-11', file: pdf });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.any(Number), title: 'Protokoll GV 2026: Wahlen', date: '2026-06-11', size: pdf.length });
    const id = res.body.data.id as number;

    const row = await db().clubDocument.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ fileName: '2026-06-11 Protokoll GV 2026 Wahlen.pdf', size: pdf.length });
    expect(Buffer.from(row.content).equals(pdf)).toBe(true);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entity: 'document', entityId: String(id) } });
    expect(audit).toMatchObject({ action: 'document.uploaded', actorId: board.id });

    const list = await request(server.url).get('/api/v1/documents/').set('Cookie', memberCookie);
    expect(list.status).toBe(200);
    const items = (list.body.data as { data: { id: number; date: string } }[]).map((d) => d.data);
    expect(items[0]).toEqual({ id, title: 'Protokoll GV 2026: Wahlen', date: '2026-06-11', size: pdf.length });
    expect(items.map((d) => d.date)).toEqual([...items.map((d) => d.date)].sort().reverse());

    const file = await request(server.url)
      .get(`/api/v1/documents/${id}.pdf`)
      .set('Cookie', memberCookie)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="2026-06-11 Protokoll GV 2026 Wahlen.pdf"/);
    expect((file.body as Buffer).equals(pdf)).toBe(true);
  });

  it('when the board deletes a document, then it is gone from the list and the download (404), with an audit row; a second delete is a 404', async () => {
    const created = await upload({ title: 'Zum Löschen', date: '2026-02-01', file: await makePdf() });
    const id = created.body.data.id as number;
    const del = await request(server.url).delete(`/api/v1/admin/documents/${id}`).set('Cookie', boardCookie);
    expect(del.status).toBe(204);
    expect(await db().clubDocument.findUnique({ where: { id } })).toBeNull();
    expect(await db().auditLog.count({ where: { entity: 'document', entityId: String(id), action: 'document.deleted' } })).toBe(1);
    const list = await request(server.url).get('/api/v1/documents/').set('Cookie', memberCookie);
    expect((list.body.data as { data: { id: number } }[]).some((d) => d.data.id === id)).toBe(false);
    const download = await request(server.url).get(`/api/v1/documents/${id}.pdf`).set('Cookie', memberCookie);
    expect(download.status).toBe(404);
    expect(download.body.error.message).toBe('Dieses Dokument gibt es nicht.');
    const again = await request(server.url).delete(`/api/v1/admin/documents/${id}`).set('Cookie', boardCookie);
    expect(again.status).toBe(404);
  });
});

describe('bad uploads are refused with German messages and write nothing', () => {
  it('no file, an empty file or bytes that are not a PDF: 422 on the field file', async () => {
    const before = await counts();
    const none = await upload({ title: 'Ohne', date: '2026-01-01' });
    expect(none.status).toBe(422);
    expect(none.body.error.fields.file).toMatch(/PDF-Datei wählen/);
    const text = await upload({ title: 'Text', date: '2026-01-01', file: Buffer.from('Hallo, kein PDF'), contentType: 'application/pdf' });
    expect(text.status).toBe(422);
    expect(text.body.error.fields.file).toMatch(/kein vollständiges PDF/);
    expect(await counts()).toEqual(before);
  });

  it('wrong title or date: 422 with the fields named; a missing date: 400', async () => {
    const pdf = await makePdf();
    const wrong = await upload({ title: 'Datum', date: '2026-02-30', file: pdf });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.date).toMatch(/^Datum: /);
    const blank = await upload({ title: '   ', date: '2026-02-01', file: pdf });
    expect([400, 422]).toContain(blank.status);
    expect(blank.body.error.fields.title).toMatch(/^Titel/);
    const missing = await upload({ title: 'Ohne Datum', file: pdf });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.date).toBeDefined();
  });

  it('a PDF one byte over 20 MB is a 413 that names documents; JSON instead of a form is a 415', async () => {
    const before = await counts();
    const tooBig = await upload({ title: 'Gross', date: '2026-01-01', file: await pdfOfSize(PDF_MAX_BYTES + 1) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toMatch(/Dokumente dürfen höchstens 20 MB haben/);
    const json = await request(server.url)
      .post('/api/v1/admin/documents')
      .set('Cookie', boardCookie)
      .set('Content-Type', 'application/json')
      .send({ title: 'x', date: '2026-01-01' });
    expect(json.status).toBe(415);
    expect(await counts()).toEqual(before);
  });
});
