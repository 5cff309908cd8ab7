import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, seasonDates, seasonYearOf, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { isQRReferenceValid } from 'swissqrbill/utils';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { expectWellFormedMail, needPythonEmail, readWithPythonEmail } from '../../test/python-email.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp.ts';
import { validApplication } from '../candidates/candidates.test-data.ts';
import { client, loggedIn, type Call } from '../tickets/tickets.test-support.ts';

let server: TestServer;
let smtp: SmtpPeer;
let visitor: Call;
let member: { id: number; call: Call };
let board: { id: number; username: string; call: Call };
const db = () => server.database.prisma;
const today = zurichToday(new Date());
const year = today.getUTCFullYear();
let yearOffset = 0;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  visitor = client(server.url);
  member = await loggedIn(server.url, server.database);
  board = await loggedIn(server.url, server.database, true);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A season of its own (far future years, one per test) with members holding a membership. */
async function seasonWithMembers(n: number, fees: { membership?: number; parking?: number } = {}) {
  yearOffset += 1;
  const season = await db().season.create({
    data: { ...seasonDates(2100 + yearOffset), membershipFeeRappen: fees.membership ?? 6000, parkingFeeRappen: fees.parking ?? 0 },
  });
  const members = [];
  for (let i = 0; i < n; i++) {
    const m = await createMember(db(), i === 0 ? { firstName: 'Ana', lastName: `Marjanović ${yearOffset}` } : {});
    await db().membership.create({
      data: { memberId: m.id, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo, parkingPermit: i === 0 },
    });
    members.push(m);
  }
  return { season, members };
}

describe('guards: visitor 401, member 403', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/admin/members/1/invoices/1.pdf'],
    ['DELETE', '/admin/members/1/invoices/1'],
    ['POST', '/admin/invoices/reminders', {}],
    ['GET', '/admin/invoices/reminders'],
  ];
  for (const [method, path, body] of routes) {
    it(`${method} ${path}`, async () => {
      expect((await visitor(method, path, body)).status).toBe(401);
      expect((await member.call(method, path, body)).status).toBe(403);
    });
  }
  it('GET /member/invoices/{id}.pdf needs a login', async () => {
    expect((await visitor('GET', '/member/invoices/1.pdf')).status).toBe(401);
  });
});

describe('fee runs', () => {
  it('bills every member of the season once, with gapless numbers, frozen address, QR reference and a mail with the PDF', async (ctx) => {
    const { season, members } = await seasonWithMembers(3);
    const before = await db().invoiceNumberSequence.findUnique({ where: { year } });
    const res = await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, []);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ created: 3, existing: 0 });

    const invoices = await db().invoice.findMany({ where: { seasonId: season.id }, include: { lines: true }, orderBy: { number: 'asc' } });
    expect(invoices).toHaveLength(3);
    const first = (before?.lastNumber ?? 0) + 1;
    expect(invoices.map((i) => i.number)).toEqual([0, 1, 2].map((k) => `${year}-${String(first + k).padStart(5, '0')}`));
    for (const inv of invoices) {
      expect(inv).toMatchObject({
        kind: 'MEMBERSHIP_FEE',
        status: 'OPEN',
        totalRappen: 6000,
        street: 'Limmatstrasse',
        houseNumber: '12',
        postalCode: '8005',
        city: 'Zürich',
      });
      expect(toIsoDate(inv.invoiceDate)).toBe(toIsoDate(today));
      expect(toIsoDate(inv.dueDate)).toBe(toIsoDate(addDays(today, 30)));
      expect(isQRReferenceValid(inv.reference)).toBe(true);
      expect(inv.lines).toEqual([
        expect.objectContaining({ position: 1, amountRappen: 6000, text: `Mitgliederbeitrag Saison ${season.name}` }),
      ]);
    }
    const mails = await db().mailOutbox.findMany({ where: { to: { in: members.map((m) => m.email) } } });
    expect(mails).toHaveLength(3);
    expect(mails[0]!.attachments).toEqual([{ kind: 'invoice', invoiceId: expect.any(Number) }]);
    // The outbox worker sends it to the SMTP peer with the PDF made at sending time.
    const mail = await smtp.waitFor((m) => m.to.includes(members[0]!.email), 15_000);
    expect(mail.subject).toContain(`Mitgliederbeitrag ${season.name}`);
    expect(mail.raw).toMatch(/application\/pdf; name=Rechnung-\d{4}-\d{5}\.pdf/);

    // A later address change does not change the issued invoice.
    await db().address.updateMany({ where: { memberId: members[0]!.id }, data: { street: 'Neue Strasse' } });
    expect((await db().invoice.findFirstOrThrow({ where: { memberId: members[0]!.id, seasonId: season.id } })).street).toBe(
      'Limmatstrasse',
    );

    const again = await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, []);
    expect(again.body.data).toEqual({ created: 0, existing: 3 });
    expect(await db().invoice.count({ where: { seasonId: season.id } })).toBe(3);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'season.membershipfees.issued', entityId: String(season.id) } });
    expect(audit).toMatchObject({ actorId: board.id, data: expect.objectContaining({ created: 3 }) });

    // Python's email package reads the invoice mail and its QR-bill PDF.
    needPythonEmail(ctx);
    const py = expectWellFormedMail(mail);
    const number = invoices.find((i) => i.memberId === members[0]!.id)!.number;
    expect(py.headers.subject).toBe(mail.subject);
    expect(py.headers.subject).toContain(`Mitgliederbeitrag ${season.name}`);
    expect(py.to.map((a) => a.address)).toEqual([members[0]!.email]);
    expect(py.structure.contentType).toBe('multipart/mixed');
    expect(py.structure.parts!.at(-1)).toMatchObject({
      contentType: 'application/pdf',
      disposition: 'attachment',
      transferEncoding: 'base64',
    });
    expect(py.text).toContain(number);
    expect(py.attachments).toEqual([
      {
        filename: `Rechnung-${number}.pdf`,
        contentType: 'application/pdf',
        disposition: 'attachment',
        size: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        head: expect.stringMatching(/^%PDF-/),
      },
    ]);
    expect(py.attachments[0]!.size).toBeGreaterThan(10_000);
    // The attachment Python decoded is the invoice with its Swiss QR bill.
    const file = readWithPythonEmail(mail.raw, { content: true }).attachments[0]!.content!;
    expect(createHash('sha256').update(file).digest('hex')).toBe(py.attachments[0]!.sha256);
    const pdfFile = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-mail-')), 'x.pdf');
    writeFileSync(pdfFile, file);
    const pdfText = execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString();
    expect(pdfText).toContain('Zahlteil');
    expect(pdfText).toContain(number);
    expect(pdfText.replace(/\s+/g, '')).toContain(invoices.find((i) => i.memberId === members[0]!.id)!.reference);
  });

  it('when two board members run it at the same time, then nobody is billed twice and numbers have no gaps', async () => {
    const { season } = await seasonWithMembers(6);
    const [a, b] = await Promise.all([
      board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, []),
      board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, []),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.created + b.body.data.created).toBe(6);
    const all = await db().invoice.findMany({ where: { number: { startsWith: `${year}-` } }, select: { number: true } });
    const numbers = all.map((i) => Number(i.number.slice(5))).sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, k) => k + 1));
  });

  it('bills parking only to memberships with a parking permit; a chosen list bills only those', async () => {
    const { season, members } = await seasonWithMembers(3, { parking: 12_000 });
    const parking = await board.call('POST', `/admin/seasons/${season.id}/parkingfees/`, []);
    expect(parking.body.data).toEqual({ created: 1, existing: 0 });
    const inv = await db().invoice.findFirstOrThrow({ where: { seasonId: season.id, kind: 'PARKING_FEE' } });
    expect(inv).toMatchObject({ memberId: members[0]!.id, totalRappen: 12_000, title: `Parkkarte ${season.name}` });
    const chosen = await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, [members[1]!.id]);
    expect(chosen.body.data).toEqual({ created: 1, existing: 0 });
    const notPermitted = await board.call('POST', `/admin/seasons/${season.id}/parkingfees/`, [members[1]!.id]);
    expect(notPermitted.status).toBe(409);
  });

  it('refuses a season without a fee (409), an unknown season or member (404), a non-member (409) and a malformed body (400)', async () => {
    const { season } = await seasonWithMembers(1, { membership: 0 });
    const before = await db().invoice.count();
    const noFee = await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, []);
    expect(noFee.status).toBe(409);
    expect(noFee.body.error.message).toContain('Mitgliederbeitrag');
    expect((await board.call('POST', '/admin/seasons/999999/membershipfees/', [])).status).toBe(404);
    const { season: s2 } = await seasonWithMembers(1);
    expect((await board.call('POST', `/admin/seasons/${s2.id}/membershipfees/`, [99_999_999])).status).toBe(404);
    const outsider = await createMember(db());
    expect((await board.call('POST', `/admin/seasons/${s2.id}/membershipfees/`, [outsider.id])).status).toBe(409);
    expect((await board.call('POST', `/admin/seasons/${s2.id}/membershipfees/`, { all: true })).status).toBe(400);
    expect((await board.call('POST', `/admin/seasons/${s2.id}/membershipfees/`, [1.5])).status).toBeLessThan(500);
    expect(await db().invoice.count()).toBe(before);
  });
});

describe('invoices of a member', () => {
  async function billed() {
    const m = await createMember(db(), { firstName: 'Ana', lastName: 'Marjanović' });
    const { season } = await seasonWithMembers(0);
    await db().membership.create({ data: { memberId: m.id, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo } });
    await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, [m.id]);
    const inv = await db().invoice.findFirstOrThrow({ where: { memberId: m.id } });
    const { cookie } = await loginAs(server.url, m.username, m.password);
    return { m, inv, season, call: client(server.url, cookie) };
  }

  it("lists them in the member's data and the board's view, in the wire shape", async () => {
    const { m, inv, season, call } = await billed();
    const own = await call('GET', '/member/?expands=*');
    const expected = {
      id: inv.id,
      number: inv.number,
      memberId: m.id,
      title: `Mitgliederbeitrag ${season.name}`,
      kind: 'MEMBERSHIP_FEE',
      invoiceDate: toIsoDate(today),
      dueDate: toIsoDate(addDays(today, 30)),
      lines: [{ text: `Mitgliederbeitrag Saison ${season.name}`, amount: { currency: 'CHF', amount: 60 } }],
      total: { currency: 'CHF', amount: 60 },
      status: 'OPEN',
      reference: inv.reference,
      paidAt: null,
      paidAmount: { currency: 'CHF', amount: 0 },
      reminderLevel: 0,
      currentDueDate: toIsoDate(addDays(today, 30)),
    };
    expect(own.body.data.invoices).toEqual([expected]);
    expect(own.body.expands.find((e: { name: string }) => e.name === 'invoices').data).toEqual([expected]);
    const admin = await board.call('GET', `/admin/members/${m.id}?expands=invoices`);
    expect(admin.body.expands[0]).toEqual({ name: 'invoices', data: [expected] });
  });

  it('gives the member their own PDF and another member a 404; the board gets it under the member', async () => {
    const { m, inv, call } = await billed();
    const res = await fetch(`${server.url}/api/v1/member/invoices/${inv.id}.pdf`, {
      headers: { cookie: (await loginAs(server.url, m.username, m.password)).cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=Rechnung-${inv.number}.pdf`);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await member.call('GET', `/member/invoices/${inv.id}.pdf`)).status).toBe(404);
    expect((await call('GET', '/member/invoices/99999999.pdf')).status).toBe(404);
    expect((await call('GET', '/member/invoices/abc.pdf')).status).toBeGreaterThanOrEqual(400);
    const boardCookie = (await loginAs(server.url, board.username, board.username)).cookie;
    const admin = await fetch(`${server.url}/api/v1/admin/members/${m.id}/invoices/${inv.id}.pdf`, { headers: { cookie: boardCookie } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-disposition')).toContain(`Rechnung-${inv.number}.pdf`);
    expect((await board.call('GET', `/admin/members/${member.id}/invoices/${inv.id}.pdf`)).status).toBe(404);
  });

  it('cancels an open invoice (kept for the books, gone from the list, audited); a paid one is 409', async () => {
    const { m, inv, call } = await billed();
    expect((await board.call('DELETE', `/admin/members/${member.id}/invoices/${inv.id}`)).status).toBe(404);
    const res = await board.call('DELETE', `/admin/members/${m.id}/invoices/${inv.id}`);
    expect(res.status).toBe(204);
    expect(await db().invoice.findUniqueOrThrow({ where: { id: inv.id } })).toMatchObject({ status: 'CANCELLED', number: inv.number });
    expect((await call('GET', '/member/')).body.data.invoices).toEqual([]);
    expect((await call('GET', `/member/invoices/${inv.id}.pdf`)).status).toBe(404);
    expect(
      await db().auditLog.findFirst({ where: { action: 'invoice.cancelled', entityId: String(inv.id), actorId: board.id } }),
    ).not.toBeNull();
    expect((await board.call('DELETE', `/admin/members/${m.id}/invoices/${inv.id}`)).status).toBe(404);

    const paid = await billed();
    await db().invoice.update({ where: { id: paid.inv.id }, data: { status: 'PAID', paidRappen: 6000, paidAt: today } });
    const refused = await board.call('DELETE', `/admin/members/${paid.m.id}/invoices/${paid.inv.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INVOICE_PAID');
    expect((await db().invoice.findUniqueOrThrow({ where: { id: paid.inv.id } })).status).toBe('PAID');
  });
});

describe('reminder run', () => {
  it('sends overdue open invoices their next level, at most one per 14 days, with the open amount and a new due date', async () => {
    const m = await createMember(db());
    const { season } = await seasonWithMembers(0);
    await db().membership.create({ data: { memberId: m.id, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo } });
    await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, [m.id]);
    const inv = await db().invoice.findFirstOrThrow({ where: { memberId: m.id } });
    // Not yet due: nothing.
    const none = await board.call('POST', '/admin/invoices/reminders', {});
    expect(none.status).toBe(200);
    const reminderCount = () => db().invoiceReminder.count({ where: { invoiceId: inv.id } });
    expect(await reminderCount()).toBe(0);
    await db().invoice.update({ where: { id: inv.id }, data: { dueDate: addDays(today, -1), paidRappen: 1000 } });

    const first = await board.call('POST', '/admin/invoices/reminders', {});
    expect(first.body.data.reminded).toBeGreaterThanOrEqual(1);
    const r1 = await db().invoiceReminder.findFirstOrThrow({ where: { invoiceId: inv.id } });
    expect(r1).toMatchObject({ level: 1, openRappen: 5000 });
    expect(toIsoDate(r1.dueDate)).toBe(toIsoDate(addDays(today, 14)));
    const mail = await db().mailOutbox.findFirstOrThrow({ where: { to: m.email, subject: { startsWith: 'Zahlungserinnerung' } } });
    expect(mail.attachments).toEqual([{ kind: 'invoice', invoiceId: inv.id, reminderLevel: 1 }]);
    expect(mail.text).toContain('CHF\u00a050.00');

    await board.call('POST', '/admin/invoices/reminders', {});
    expect(await reminderCount()).toBe(1);

    // 15 days later and the reminder's due date passed: level 2.
    await db().invoiceReminder.update({ where: { id: r1.id }, data: { reminderDate: addDays(today, -15), dueDate: addDays(today, -1) } });
    await board.call('POST', '/admin/invoices/reminders', {});
    expect(await reminderCount()).toBe(2);
    const own = await client(server.url, (await loginAs(server.url, m.username, m.password)).cookie)('GET', '/member/');
    expect(own.body.data.invoices[0].reminderLevel).toBe(2);
    // The member's list shows the deadline of the last reminder; the invoice's own stays as issued.
    const r2 = await db().invoiceReminder.findFirstOrThrow({ where: { invoiceId: inv.id, level: 2 } });
    expect(toIsoDate(r2.dueDate)).toBe(toIsoDate(addDays(today, 14)));
    expect(own.body.data.invoices[0]).toMatchObject({ dueDate: toIsoDate(addDays(today, -1)), currentDueDate: toIsoDate(r2.dueDate) });
    const pdf = await fetch(`${server.url}/api/v1/member/invoices/${inv.id}.pdf`, {
      headers: { cookie: (await loginAs(server.url, m.username, m.password)).cookie },
    });
    expect(pdf.headers.get('content-disposition')).toContain(`Mahnung-2-${inv.number}.pdf`);

    // A payment after the reminder: the reminder's PDF asks for what is still open, the settled invoice for nothing.
    const pdfText = async () => {
      const res = await fetch(`${server.url}/api/v1/member/invoices/${inv.id}.pdf`, {
        headers: { cookie: (await loginAs(server.url, m.username, m.password)).cookie },
      });
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'reminder-')), 'x.pdf');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      return { text: execFileSync('pdftotext', ['-layout', file, '-']).toString(), disposition: res.headers.get('content-disposition') };
    };
    const paidSoFar = (await db().invoice.findUniqueOrThrow({ where: { id: inv.id } })).paidRappen;
    const partial = await board.call('POST', `/admin/invoices/${inv.id}/payments`, {
      amount: { currency: 'CHF', amount: 10 },
      paidAt: toIsoDate(today),
    });
    expect(partial.status).toBe(201);
    const open = (inv.totalRappen - paidSoFar - 1000) / 100;
    const reminder = await pdfText();
    expect(reminder.text).toMatch(new RegExp(`Noch offen\\s+${open.toFixed(2)}`));
    expect(reminder.text).toContain('Zahlteil');
    const rest = await board.call('POST', `/admin/invoices/${inv.id}/payments`, {
      amount: { currency: 'CHF', amount: open },
      paidAt: toIsoDate(today),
    });
    expect(rest.body.data.status).toBe('PAID');
    const settled = await pdfText();
    expect(settled.disposition).toContain(`Rechnung-${inv.number}.pdf`);
    expect(settled.text).toContain('bezahlt');
    expect(settled.text).not.toContain('Zahlteil');
  });
});

describe('reminder preview and reminder fee', () => {
  it('shows whom the run reminds and the sum before it sends; the season fee is an invoice line from the second reminder on', async () => {
    const { season, members } = await seasonWithMembers(1, { membership: 6000 });
    const fee = await board.call('PUT', `/admin/seasons/${season.id}`, {
      membershipFee: { currency: 'CHF', amount: 60 },
      parkingFee: { currency: 'CHF', amount: 0 },
      reminderFee: { currency: 'CHF', amount: 20 },
    });
    expect(fee.status).toBe(200);
    expect(fee.body.data.reminderFee).toEqual({ currency: 'CHF', amount: 20 });
    const m = members[0]!;
    await board.call('POST', `/admin/seasons/${season.id}/membershipfees/`, [m.id]);
    const inv = await db().invoice.findFirstOrThrow({ where: { memberId: m.id, seasonId: season.id } });
    await db().invoice.update({ where: { id: inv.id }, data: { dueDate: addDays(today, -3) } });
    const mine = async () => {
      const preview = await board.call('GET', '/admin/invoices/reminders');
      expect(preview.status).toBe(200);
      const entry = preview.body.data.recipients.find((r: { invoiceId: number }) => r.invoiceId === inv.id);
      const count = await db().invoiceReminder.count({ where: { invoiceId: inv.id } });
      return { preview: preview.body.data, entry, count };
    };

    // The preview writes nothing and names the invoice, its member, the level and what it asks for.
    const first = await mine();
    expect(first.count).toBe(0);
    expect(first.entry).toEqual({
      invoiceId: inv.id,
      number: inv.number,
      memberId: m.id,
      memberName: inv.debtorName,
      title: inv.title,
      level: 1,
      levelTitle: 'Zahlungserinnerung',
      fee: { currency: 'CHF', amount: 0 },
      amount: { currency: 'CHF', amount: 60 },
    });
    const sum = first.preview.recipients.reduce((s: number, r: { amount: { amount: number } }) => s + Math.round(r.amount.amount * 100), 0);
    expect(Math.round(first.preview.total.amount * 100)).toBe(sum);
    expect(first.preview.count).toBe(first.preview.recipients.length);
    expect((await board.call('POST', '/admin/invoices/reminders', {})).body.data.reminded).toBe(first.preview.count);
    expect((await db().invoiceLine.findMany({ where: { invoiceId: inv.id } })).length).toBe(1);

    // The reminded invoice stays overdue in the board's list, its reminder deadline beside the due date.
    const listed = (await board.call('GET', `/admin/invoices?seasonId=${season.id}&overdue=true`)).body.data.map(
      (d: { data: { id: number } }) => d.data,
    );
    expect(listed.find((i: { id: number }) => i.id === inv.id)).toMatchObject({
      overdue: true,
      reminderLevel: 1,
      dueDate: toIsoDate(addDays(today, -3)),
      currentDueDate: toIsoDate(addDays(today, 14)),
    });
    expect((await mine()).entry).toBeUndefined();

    // The first reminder's deadline passed: the second adds the season's fee as a line.
    await db().invoiceReminder.updateMany({
      where: { invoiceId: inv.id },
      data: { reminderDate: addDays(today, -15), dueDate: addDays(today, -1) },
    });
    const second = await mine();
    expect(second.entry).toMatchObject({ level: 2, fee: { currency: 'CHF', amount: 20 }, amount: { currency: 'CHF', amount: 80 } });
    expect(second.preview.fees.amount).toBeGreaterThanOrEqual(20);
    await board.call('POST', '/admin/invoices/reminders', {});
    const after = await db().invoice.findUniqueOrThrow({ where: { id: inv.id }, include: { lines: { orderBy: { position: 'asc' } } } });
    expect(after.lines.map((l) => l.amountRappen)).toEqual([6000, 2000]);
    expect(after.lines[1]!.text).toBe('Mahngebühr (2. Mahnung)');
    expect(after.totalRappen).toBe(8000);
    const r2 = await db().invoiceReminder.findFirstOrThrow({ where: { invoiceId: inv.id, level: 2 } });
    expect(r2.openRappen).toBe(8000);
    const mail = await db().mailOutbox.findFirstOrThrow({ where: { to: m.email, subject: { startsWith: '2. Mahnung' } } });
    expect(mail.text).toContain('CHF\u00a080.00');
    // The member's invoice shows the same sum.
    const own = await client(server.url, (await loginAs(server.url, m.username, m.password)).cookie)('GET', '/member/');
    expect(own.body.data.invoices.find((i: { id: number }) => i.id === inv.id).total).toEqual({ currency: 'CHF', amount: 80 });
  });
});

describe('accepting an application', () => {
  it('creates the membership-fee invoice of the current season in the same transaction and attaches it to the welcome mail', async (ctx) => {
    const current = seasonYearOf(today);
    const season = await db().season.upsert({
      where: { validFrom: seasonDates(current).validFrom },
      create: { ...seasonDates(current), membershipFeeRappen: 5500 },
      update: { membershipFeeRappen: 5500 },
    });
    const app = validApplication({ firstName: 'Ivana', lastName: 'Marjanović' });
    const created = await board.call('POST', '/admin/members/candidates', app);
    expect(created.status).toBe(201);
    const accepted = await board.call('POST', `/admin/members/candidates/${created.body.data.id}/accept`, { id: created.body.data.id });
    expect(accepted.status).toBe(200);
    const newMember = await db().member.findFirstOrThrow({ where: { email: app.email } });
    const inv = await db().invoice.findFirstOrThrow({ where: { memberId: newMember.id } });
    expect(inv).toMatchObject({
      seasonId: season.id,
      kind: 'MEMBERSHIP_FEE',
      totalRappen: 5500,
      debtorName: 'Ivana Marjanović',
      street: 'Hardturmstrasse',
    });
    const welcome = await db().mailOutbox.findFirstOrThrow({ where: { to: app.email, subject: { startsWith: 'Willkommen' } } });
    expect(welcome.attachments).toEqual([{ kind: 'invoice', invoiceId: inv.id }]);
    expect(welcome.text).toContain(inv.number);
    const sent = await smtp.waitFor((mm) => mm.to.includes(app.email), 15_000);
    expect(sent.raw).toContain(`Rechnung-${inv.number}.pdf`);

    needPythonEmail(ctx);
    const py = expectWellFormedMail(sent);
    expect(py.headers.subject).toMatch(/^Willkommen/);
    expect(py.text).toContain(inv.number);
    expect(py.attachments).toEqual([
      expect.objectContaining({
        filename: `Rechnung-${inv.number}.pdf`,
        contentType: 'application/pdf',
        head: expect.stringMatching(/^%PDF-/),
      }),
    ]);
  });
});
