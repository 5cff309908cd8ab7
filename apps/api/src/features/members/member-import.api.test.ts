import request from 'supertest';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonDates, seasonYearOf, zurichToday } from '../../lib/dates.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { deleteStaleImports } from './member-import.service.ts';
import { clubList, clubListCounts, excelCsv, uploadFile, utf8BomCsv, xlsxOf, zipBomb } from './member-import.test-support.ts';

let server: TestServer;
let memberCookie: string;
let boardCookie: string;
let season: { id: number; name: string };
let junior: { id: number };

const db = () => server.database.prisma;
const HEAD = [
  'Mitglied-Nr.',
  'Vorname',
  'Name',
  'E-Mail',
  'Geburtsdatum',
  'Strasse',
  'Nr.',
  'PLZ',
  'Ort',
  'Natel',
  'Eintritt',
  'Kategorie',
  'Bemerkungen',
];

beforeAll(async () => {
  server = await startTestServer({ env: { IMPORT_INVITATIONS_PER_MINUTE: '2' } });
  // Names as the site's forms take them (the factory's own have digits), so the export imports back.
  const member = await createMember(db(), { firstName: 'Mia', lastName: 'Mitglied' });
  const boardMember = await createMember(db(), { firstName: 'Vera', lastName: 'Vorstand', roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
  boardCookie = (await loginAs(server.url, boardMember.username, boardMember.password)).cookie;
  const dates = seasonDates(seasonYearOf(zurichToday(new Date())));
  const created = await db().season.create({ data: { ...dates, membershipFeeRappen: 5000 } });
  season = { id: created.id, name: created.name };
  junior = await db().membershipCategory.create({ data: { seasonId: created.id, name: 'Junior', feeRappen: 2000 } });
});
afterAll(async () => {
  await server?.close();
});

const put = (id: number, body: object) =>
  request(server.url).put(`/api/v1/admin/members/imports/${id}`).set('Cookie', boardCookie).send(body);
const commit = (id: number, body?: object) => {
  const req = request(server.url).post(`/api/v1/admin/members/imports/${id}/commit`).set('Cookie', boardCookie);
  return body ? req.send(body) : req;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer is inspected field by field
const rowOf = (body: any, line: number) => body.data.preview.find((r: { row: number }) => r.row === line);

describe('who may import', () => {
  it('a visitor gets 401 and a member 403 on every import and export route; nothing is stored', async () => {
    const file = excelCsv([HEAD, ['', 'Anna', 'Muster', 'anna@example.ch', '', '', '', '', '', '', '', '', '']]);
    const before = await db().memberImport.count();
    for (const [cookie, status] of [
      [undefined, 401],
      [memberCookie, 403],
    ] as const) {
      expect((await uploadFile(server.url, cookie, file, 'a.csv')).status).toBe(status);
      for (const path of [
        '/api/v1/admin/members/imports',
        '/api/v1/admin/members/imports/1',
        '/api/v1/admin/members/export.csv',
        '/api/v1/admin/members/export.xlsx',
      ]) {
        const req = request(server.url).get(path);
        expect((await (cookie ? req.set('Cookie', cookie) : req)).status, path).toBe(status);
      }
      const putReq = request(server.url)
        .put('/api/v1/admin/members/imports/1')
        .send({ mapping: {}, seasonId: null, categoryId: null, invite: false });
      expect((await (cookie ? putReq.set('Cookie', cookie) : putReq)).status).toBe(status);
      const commitReq = request(server.url).post('/api/v1/admin/members/imports/1/commit');
      expect((await (cookie ? commitReq.set('Cookie', cookie) : commitReq)).status).toBe(status);
    }
    expect(await db().memberImport.count()).toBe(before);
  });
});

describe('a list as Excel saves it in Switzerland (Windows-1252, semicolons)', () => {
  const rows = [
    HEAD,
    [
      '501',
      'Zoë',
      'Müller-Kälin',
      'zoe.mueller@example.ch',
      '31.12.85',
      'Bahnhofstrasse',
      '1',
      '8001',
      'Zürich',
      '079 123 45 67',
      '01.05.2001',
      'Junior',
      'Gründungsmitglied',
    ],
    ['', 'René', 'Frêne', 'rene.frene@example.ch', '1979-03-04', 'Rue du Lac', '3a', '1003', 'Lausanne', '0041 78 765 43 21', '', '', ''],
    ['', 'Hans', 'Ohnemail', '', '12.02.1960', '', '', '', '', '12', '', 'Ehrenmitglied', ''],
    ['', 'ZOE', 'Muller-Kalin', 'andere@example.ch', '31.12.1985', '', '', '', '', '', '', '', ''],
  ];

  it('proposes the mapping from the headings, shows every row with its status and German reasons, and commits all or nothing', async () => {
    const uploaded = await uploadFile(server.url, boardCookie, excelCsv(rows), 'Mitglieder Zürich.csv');
    expect(uploaded.status).toBe(201);
    const data = uploaded.body.data;
    expect(data.fileName).toBe('Mitglieder Zürich.csv');
    expect(data.mapping).toMatchObject({
      'Mitglied-Nr.': 'memberNumber',
      Vorname: 'firstName',
      Name: 'lastName',
      Natel: 'mobile',
      Eintritt: 'memberSince',
      Kategorie: 'category',
    });
    expect(data.seasonId).toBe(season.id);
    expect(data.counts).toEqual({ new: 2, update: 0, duplicate: 1, error: 1 });
    expect(rowOf(uploaded.body, 2)).toMatchObject({
      status: 'NEW',
      values: { firstName: 'Zoë', lastName: 'Müller-Kälin', dateOfBirth: '1985-12-31', mobile: '+41 79 123 45 67', city: 'Zürich' },
    });
    expect(rowOf(uploaded.body, 3).values.mobile).toBe('+41 78 765 43 21');
    const errors = rowOf(uploaded.body, 4).errors.map((e: { field: string }) => e.field);
    expect(errors).toEqual(expect.arrayContaining(['email', 'mobile', 'category']));
    expect(rowOf(uploaded.body, 4).errors.find((e: { field: string }) => e.field === 'category').message).toBe(
      `Kategorie: «Ehrenmitglied» gibt es in der Saison ${season.name} nicht.`,
    );
    expect(rowOf(uploaded.body, 5)).toMatchObject({
      status: 'DUPLICATE',
      note: 'Doppelt in der Datei: gleiche Person wie Zeile 2 (Name und Geburtsdatum).',
    });

    const refused = await commit(data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('IMPORT_HAS_ERRORS');
    expect(refused.body.error.message).toBe('1 Zeile hat Fehler. Bitte korrigieren Sie die Datei, oder importieren Sie ohne diese Zeile.');
    expect(await db().member.count({ where: { email: 'zoe.mueller@example.ch' } })).toBe(0);

    const done = await commit(data.id, { skipErrors: true });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ created: 2, updated: 0, skipped: 2, invited: 0 });
    const zoe = await db().member.findFirstOrThrow({
      where: { email: 'zoe.mueller@example.ch' },
      include: { memberships: true, phones: true, addresses: true },
    });
    expect(zoe.memberNumber).toBe(501);
    expect(zoe.memberSince?.toISOString().slice(0, 10)).toBe('2001-05-01');
    expect(zoe.memberships).toEqual([expect.objectContaining({ seasonId: season.id, categoryId: junior.id })]);
    expect(zoe.phones).toEqual([expect.objectContaining({ type: 'MOBILE', number: '+41 79 123 45 67' })]);
    const rene = await db().member.findFirstOrThrow({ where: { email: 'rene.frene@example.ch' } });
    expect(rene.memberNumber).toBe(502);
    const audit = await db().auditLog.findMany({
      where: { action: 'member.imported', entityId: { in: [String(zoe.id), String(rene.id)] } },
    });
    expect(audit).toHaveLength(2);
    expect(audit.find((a) => a.entityId === String(zoe.id))?.data).toMatchObject({
      file: 'Mitglieder Zürich.csv',
      remarks: 'Gründungsmitglied',
    });

    // The member page shows the entry date; a member created later continues after the highest number.
    const page = await request(server.url).get(`/api/v1/admin/members/${zoe.id}`).set('Cookie', boardCookie);
    expect(page.body.data.memberSince).toBe('2001-05-01');

    // Committed once: a second commit is refused, the same file again creates nothing.
    expect((await commit(data.id, { skipErrors: true })).status).toBe(409);
    const again = await uploadFile(server.url, boardCookie, excelCsv(rows), 'Mitglieder Zürich.csv');
    expect(again.body.data.counts).toEqual({ new: 0, update: 0, duplicate: 3, error: 1 });
    expect((await commit(again.body.data.id, { skipErrors: true })).body.data).toEqual({ created: 0, updated: 0, skipped: 4, invited: 0 });
  });
});

describe('a club list with the mistakes real lists have', () => {
  it('counts every row, names each mistake in German, and commits the good rows only when the board leaves out the others', async () => {
    const list = clubList(300);
    const uploaded = await uploadFile(server.url, boardCookie, excelCsv(list), 'Mitgliederliste 2026.csv');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data.counts).toEqual(clubListCounts(300));
    expect(uploaded.body.data.rows).toBe(list.length - 1);
    const reasons = uploaded.body.data.preview
      .filter((r: { status: string }) => r.status === 'ERROR')
      .flatMap((r: { errors: { message: string }[] }) => r.errors.map((e) => e.message));
    expect(reasons).toEqual(
      expect.arrayContaining([
        'Geburtsdatum: «31.02.1980» ist kein Datum (z. B. 31.12.1985).',
        'E-Mail: Bitte eine gültige E-Mail-Adresse angeben.',
        'Natel: «12» ist keine gültige Telefonnummer.',
        `Kategorie: «Ehrenmitglied» gibt es in der Saison ${season.name} nicht.`,
      ]),
    );
    // Member 248 again, without a number, under another address, typed in capitals (the heading is line 1).
    const again = list.findIndex((r, i) => i > 0 && r[0] === '') + 1;
    expect(list[again - 1]!.slice(1, 4)).toEqual(['SAMI', 'FRENE', 'privat248@example.ch']);
    expect(rowOf(uploaded.body, again)).toMatchObject({
      status: 'DUPLICATE',
      note: expect.stringMatching(/^Doppelt in der Datei: gleiche Person wie Zeile \d+ \(Name und Geburtsdatum\)\.$/),
    });
    const refused = await commit(uploaded.body.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^15 Zeilen haben Fehler\./);
    const done = await commit(uploaded.body.data.id, { skipErrors: true });
    expect(done.body.data).toMatchObject({ created: clubListCounts(300).new, updated: 0 });
    expect(await db().member.count({ where: { email: { startsWith: 'mitglied' } } })).toBe(clubListCounts(300).new);
  });
});

describe('duplicates against existing members', () => {
  it('finds a member by e-mail or by name and birth date, skips by default and updates when the board says so, per row or for all', async () => {
    const known = await createMember(db(), { firstName: 'Sämi', lastName: 'Brändli', dateOfBirth: '1970-06-01' });
    const other = await createMember(db(), { firstName: 'Lea', lastName: 'Keller' });
    const file = utf8BomCsv([
      ['Prénom', 'Nom', 'Courriel', 'Date de naissance', 'Mobile', 'NPA', 'Localité', 'Rue'],
      ['Sami', 'Brandli', 'neu.saemi@example.ch', '01.06.1970', '+41 76 111 22 33', '', '', ''],
      ['Lea', 'Keller', other.email.toUpperCase(), '', '', '3011', 'Bern', 'Marktgasse'],
    ]);
    const uploaded = await uploadFile(server.url, boardCookie, file, 'export.csv');
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.data.id as number;
    expect(rowOf(uploaded.body, 2)).toMatchObject({ status: 'DUPLICATE', memberId: known.id, action: 'SKIP' });
    expect(rowOf(uploaded.body, 2).note).toContain('Name und Geburtsdatum');
    expect(rowOf(uploaded.body, 3)).toMatchObject({ status: 'DUPLICATE', memberId: other.id });

    const mapping = uploaded.body.data.mapping;
    const perRow = await put(id, { mapping, seasonId: season.id, categoryId: null, invite: false, rowActions: { '3': 'UPDATE' } });
    expect(perRow.status).toBe(200);
    expect(rowOf(perRow.body, 3)).toMatchObject({ status: 'UPDATE', action: 'UPDATE', note: expect.stringContaining('Adresse') });
    expect(rowOf(perRow.body, 2).status).toBe('DUPLICATE');
    const all = await put(id, { mapping, seasonId: season.id, categoryId: null, invite: false, duplicates: 'UPDATE' });
    expect(all.body.data.counts).toMatchObject({ new: 0, update: 2 });

    const done = await commit(id);
    expect(done.body.data).toEqual({ created: 0, updated: 2, skipped: 0, invited: 0 });
    const saemi = await db().member.findUniqueOrThrow({ where: { id: known.id }, include: { phones: true } });
    expect(saemi.firstName).toBe('Sami');
    expect(saemi.email).toBe('neu.saemi@example.ch');
    expect(saemi.phones.find((p) => p.type === 'MOBILE')?.number).toBe('+41 76 111 22 33');
    const lea = await db().address.findFirstOrThrow({ where: { memberId: other.id, current: true } });
    expect(lea).toMatchObject({ street: 'Marktgasse', postalCode: '3011', city: 'Bern' });
    expect(await db().auditLog.count({ where: { action: 'member.import.updated', entityId: String(other.id) } })).toBe(1);
  });

  it('refuses a mapping that names a field twice or drops the names, and a category of another season, with 422', async () => {
    const uploaded = await uploadFile(
      server.url,
      boardCookie,
      excelCsv([
        ['Vorname', 'Nachname', 'E-Mail'],
        ['A', 'B', 'ab@example.ch'],
      ]),
      'x.csv',
    );
    const id = uploaded.body.data.id as number;
    const twice = await put(id, {
      mapping: { Vorname: 'firstName', Nachname: 'firstName', 'E-Mail': 'email' },
      seasonId: null,
      categoryId: null,
      invite: false,
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error.fields['mapping.Nachname']).toContain('Vorname');
    const none = await put(id, {
      mapping: { Vorname: null, Nachname: null, 'E-Mail': 'email' },
      seasonId: null,
      categoryId: null,
      invite: false,
    });
    expect(none.status).toBe(422);
    const otherSeason = await db().season.create({ data: { ...seasonDates(2301), membershipFeeRappen: 0 } });
    const cat = await db().membershipCategory.findFirstOrThrow({ where: { seasonId: otherSeason.id } });
    const wrong = await put(id, { mapping: uploaded.body.data.mapping, seasonId: season.id, categoryId: cat.id, invite: false });
    expect(wrong.status).toBe(422);
    expect((await put(id, { mapping: 'x' })).status).toBe(400);
  });
});

describe('an XLSX as Excel or LibreOffice writes it', () => {
  it('reads date cells, Excel day numbers, postal codes and phones kept as text, a phone from a number cell', async () => {
    const file = await xlsxOf([
      ['Nr', 'Vorname', 'Nachname', 'E-Mail', 'Geburtsdatum', 'Strasse', 'PLZ', 'Ort', 'Land', 'Mobile', 'Telefon', 'Mitglied seit'],
      [
        null,
        'Urs',
        'Datumzelle',
        'urs.datum@example.ch',
        new Date(Date.UTC(1985, 11, 31)),
        'Hauptstrasse 5',
        '01067',
        'Dresden',
        'Deutschland',
        '+49 170 1234567',
        '044 123 45 67',
        31412,
      ],
      [
        null,
        'Eva',
        'Nummernzelle',
        'eva.nummer@example.ch',
        '1990-02-28',
        'Seeweg 1',
        8640,
        'Rapperswil',
        'CH',
        791234567,
        null,
        new Date(Date.UTC(2010, 4, 1)),
      ],
    ]);
    const uploaded = await uploadFile(server.url, boardCookie, file, 'Mitglieder.xlsx');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data.mapping.Nr).toBe('houseNumber');
    const mapping = { ...uploaded.body.data.mapping, Nr: null };
    const fixed = await put(uploaded.body.data.id, { mapping, seasonId: season.id, categoryId: junior.id, invite: false });
    expect(fixed.body.data.counts).toEqual({ new: 2, update: 0, duplicate: 0, error: 0 });
    expect(rowOf(fixed.body, 2).values).toMatchObject({
      dateOfBirth: '1985-12-31',
      postalCode: '01067',
      country: 'DE',
      mobile: '+49 170 1234567',
      landLine: '+41 44 123 45 67',
      memberSince: '1985-12-31',
    });
    expect(rowOf(fixed.body, 3).values).toMatchObject({ postalCode: '8640', mobile: '+41 79 123 45 67', memberSince: '2010-05-01' });
    const done = await commit(uploaded.body.data.id);
    expect(done.body.data.created).toBe(2);
    const eva = await db().member.findFirstOrThrow({ where: { email: 'eva.nummer@example.ch' }, include: { memberships: true } });
    expect(eva.memberships[0]?.categoryId).toBe(junior.id);
  });
});

describe('invitations only when asked', () => {
  it('one invitation per new member through the outbox, at most the configured number a minute; the import counts the waiting ones', async () => {
    const rows = [
      ['Vorname', 'Nachname', 'E-Mail'],
      ...['a', 'b', 'c', 'd', 'e'].map((x) => ['Gast', `Einladung ${x}`, `einladung.${x}@example.ch`]),
    ];
    const uploaded = await uploadFile(server.url, boardCookie, excelCsv(rows), 'einladen.csv');
    const id = uploaded.body.data.id as number;
    await put(id, { mapping: uploaded.body.data.mapping, seasonId: season.id, categoryId: null, invite: true });
    const done = await commit(id);
    expect(done.body.data).toMatchObject({ created: 5, invited: 5 });
    const mails = await db().mailOutbox.findMany({ where: { memberImportId: id }, orderBy: { nextAttemptAt: 'asc' } });
    expect(mails).toHaveLength(5);
    const first = mails[0]!.nextAttemptAt.getTime();
    expect(mails.map((m) => Math.round((m.nextAttemptAt.getTime() - first) / 60_000))).toEqual([0, 0, 1, 1, 2]);
    expect(mails[0]!.text).toContain('/idp/invitation/');
    const view = await request(server.url).get(`/api/v1/admin/members/imports/${id}`).set('Cookie', boardCookie);
    expect(view.body.data).toMatchObject({ invitationsWaiting: 5, result: { created: 5, invited: 5 } });
  });
});

describe('export and round trip', () => {
  it('exports CSV (BOM, semicolons, the import columns, a phone behind an apostrophe) and XLSX; both import back with no change', async () => {
    const csv = await request(server.url)
      .get('/api/v1/admin/members/export.csv')
      .set('Cookie', boardCookie)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(csv.status).toBe(200);
    const bytes = csv.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      'Mitglied-Nr.;Vorname;Nachname;E-Mail;Geburtsdatum;Strasse;Nr.;Adresszusatz;PLZ;Ort;Land;Natel;Telefon;Mitglied seit;Kategorie;Bemerkungen',
    );
    const zoeLine = text.split('\r\n').find((l) => l.startsWith('501;'));
    expect(zoeLine).toContain(";'+41 79 123 45 67;");
    expect(zoeLine).toContain(';31.12.1985;');
    expect(zoeLine).toContain(';Junior;');

    const roundTrip = await uploadFile(server.url, boardCookie, bytes, 'Mitglieder.csv');
    expect(roundTrip.status).toBe(201);
    const total = await db().member.count({ where: { anonymisedAt: null } });
    expect(roundTrip.body.data.counts).toEqual({ new: 0, update: 0, duplicate: total, error: 0 });
    expect(rowOf(roundTrip.body, 2).note).toMatch(/^Unverändert/);

    const xlsx = await request(server.url)
      .get('/api/v1/admin/members/export.xlsx')
      .set('Cookie', boardCookie)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const zoeRow = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === 501)!;
    expect(zoeRow.getCell(12).value).toBe('+41 79 123 45 67');
    expect(zoeRow.getCell(5).value).toEqual(new Date(Date.UTC(1985, 11, 31)));
    const fromXlsx = await uploadFile(server.url, boardCookie, xlsx.body as Buffer, 'Mitglieder.xlsx');
    expect(fromXlsx.body.data.counts).toEqual({ new: 0, update: 0, duplicate: total, error: 0 });
    expect((await commit(fromXlsx.body.data.id)).body.data).toEqual({ created: 0, updated: 0, skipped: total, invited: 0 });
  });
});

describe('hostile files', () => {
  it('refuses too large, too long, unknown, binary, zip bombs and lists without a name column with a German 4xx, stores nothing, stays healthy', async () => {
    const before = await db().memberImport.count();
    const header = 'Vorname;Nachname;E-Mail\r\n';
    const cases: [string, Buffer, string, number][] = [
      ['über 10 MB', Buffer.concat([Buffer.from(header), Buffer.alloc(10 * 1024 * 1024 + 10, 'a')]), 'gross.csv', 413],
      ['über 20 000 Zeilen', Buffer.from(header + 'Anna;Muster;a@example.ch\r\n'.repeat(20_001)), 'lang.csv', 413],
      ['PDF', Buffer.from('%PDF-1.7\n\u0000\u0001\u0002binary'), 'liste.pdf', 415],
      ['binär als .csv', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 'liste.csv', 415],
      ['altes .xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]), 'liste.xls', 415],
      ['zip bomb', await zipBomb(200 * 1024 * 1024), 'bombe.xlsx', 413],
      ['kaputtes zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), 'kaputt.xlsx', 422],
      [
        'keine Namensspalte',
        excelCsv([
          ['Farbe', 'Zahl'],
          ['rot', '1'],
        ]),
        'farben.csv',
        422,
      ],
      ['nur Titelzeile', excelCsv([['Vorname', 'Nachname']]), 'leer.csv', 422],
      ['leer', Buffer.alloc(0), 'leer.csv', 422],
    ];
    for (const [what, content, name, status] of cases) {
      const res = await uploadFile(server.url, boardCookie, content, name);
      expect(res.status, what).toBe(status);
      expect(res.body.error.message, what).toMatch(/[äöüÄÖÜ]|Datei|Bitte/);
    }
    const noFile = await request(server.url).post('/api/v1/admin/members/imports').set('Cookie', boardCookie).field('x', '1');
    expect(noFile.status).toBe(422);
    expect(await db().memberImport.count()).toBe(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('the nightly job', () => {
  it('deletes imports not committed within a day; a day-old import answers 404', async () => {
    const uploaded = await uploadFile(
      server.url,
      boardCookie,
      excelCsv([
        ['Vorname', 'Nachname', 'E-Mail'],
        ['Alt', 'Import', 'alt@example.ch'],
      ]),
      'alt.csv',
    );
    const id = uploaded.body.data.id as number;
    const list = await request(server.url).get('/api/v1/admin/members/imports').set('Cookie', boardCookie);
    expect(list.body.data.find((i: { data: { id: number } }) => i.data.id === id).data).toMatchObject({ fileName: 'alt.csv', rows: 1 });
    const log = createLogger('silent');
    expect(await deleteStaleImports({ db: db(), log, actor: null, now: new Date() })).toBe(0);
    const deleted = await deleteStaleImports({ db: db(), log, actor: null, now: new Date(Date.now() + 25 * 3_600_000) });
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await db().memberImport.findUnique({ where: { id } })).toBeNull();
    expect((await request(server.url).get(`/api/v1/admin/members/imports/${id}`).set('Cookie', boardCookie)).status).toBe(404);
  });
});
