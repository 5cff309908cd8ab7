import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { expectWellFormedMail, needPythonEmail } from '../../test/python-email.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp.ts';
import { zurichToday, toIsoDate } from '../../lib/dates.ts';
import { APPLICATIONS_PER_HOUR } from './candidates.router.ts';
import { jsonInit, validApplication } from './candidates.test-data.ts';

let server: TestServer;
let peer: SmtpPeer;
let boardCookie: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  // TRUST_PROXY=1: each test sends its own X-Forwarded-For, so the per-IP limit is per test.
  server = await startTestServer({ env: { SMTP_URL: peer.url, TRUST_PROXY: '1' } });
  const board = await createMember(server.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  ({ cookie: boardCookie } = await loginAs(server.url, board.username, board.password));
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

let ipCounter = 0;
/** A client address of its own (the rate limit counts per IP). */
function newIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

function apply(body: unknown, ip = newIp(), headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/v1/candidates`, jsonInit('POST', body, { 'x-forwarded-for': ip, ...headers }));
}

const db = () => server.database.prisma;
const candidatesWithEmail = (email: string) => db().candidate.findMany({ where: { email: { equals: email, mode: 'insensitive' } } });
const outboxTo = (email: string) => db().mailOutbox.findMany({ where: { to: email } });

describe('POST /api/v1/candidates (public form)', () => {
  it('when a visitor applies, then the application is stored as PENDING and a confirmation mail arrives', async (ctx) => {
    const body = validApplication();
    const res = await apply(body);
    expect(res.status).toBe(201);
    const today = toIsoDate(zurichToday(new Date()));
    expect(await res.json()).toEqual({ data: { firstName: 'Lara', email: body.email, applicationDate: today } });

    const [row, ...more] = await candidatesWithEmail(body.email);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      status: 'PENDING',
      source: 'ONLINE',
      firstName: 'Lara',
      lastName: 'Meier',
      street: 'Hardturmstrasse',
      houseNumber: '12a',
      postalCode: '8005',
      city: 'Zürich',
      country: 'CH',
      mobile: '+41 79 123 45 67',
      landLine: '044 123 45 67',
      decidedAt: null,
      memberId: null,
    });
    expect(toIsoDate(row!.applicationDate)).toBe(today);
    expect(toIsoDate(row!.dateOfBirth)).toBe(body.dateOfBirth);

    const mail = await peer.waitFor((m) => m.to.includes(body.email));
    expect(mail.subject).toBe('Ihr Mitgliedschaftsantrag beim ZSC Fanclub Limmat');
    expect(mail.text).toContain('Grüezi Lara');
    expect(mail.text).toContain(`am ${today.split('-').reverse().join('.')} erhalten`);
    expect(mail.raw).not.toMatch(/content-type: text\/html/i);

    needPythonEmail(ctx);
    const py = expectWellFormedMail(mail);
    expect(py.headers.subject).toBe('Ihr Mitgliedschaftsantrag beim ZSC Fanclub Limmat');
    expect(py.to.map((a) => a.address)).toEqual([body.email]);
    expect(py.html).toBeNull();
    expect(py.text).toContain('Grüezi Lara');
    expect(py.text).toContain(`am ${today.split('-').reverse().join('.')} erhalten`);
  });

  it('takes defaults: country CH, empty phones and remarks, and trims text', async () => {
    const body = validApplication();
    const res = await apply({
      firstName: '  Nico ',
      lastName: 'Brunner',
      email: `  ${body.email.toUpperCase()} `,
      dateOfBirth: '2001-01-31',
      address: { street: 'Langstrasse', postalCode: '8004', city: 'Zürich' },
      statutesRead: true,
    });
    expect(res.status).toBe(201);
    const [row] = await candidatesWithEmail(body.email);
    expect(row).toMatchObject({
      firstName: 'Nico',
      email: body.email.toUpperCase(),
      country: 'CH',
      houseNumber: '',
      mobile: '',
      landLine: '',
      remarks: '',
    });
  });

  it('when the form is sent twice (double click), then it is stored and confirmed once', async () => {
    const body = validApplication();
    const ip = newIp();
    const [a, b] = await Promise.all([apply(body, ip), apply(body, ip)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await a.json()).toEqual(await b.json());
    expect(await candidatesWithEmail(body.email)).toHaveLength(1);
    expect(await outboxTo(body.email)).toHaveLength(1);
  });

  it('when the honeypot is filled, then the answer is the same but nothing is stored or sent', async () => {
    const body = validApplication();
    const res = await apply({ ...body, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      data: { firstName: 'Lara', email: body.email, applicationDate: toIsoDate(zurichToday(new Date())) },
    });
    expect(await candidatesWithEmail(body.email)).toHaveLength(0);
    expect(await outboxTo(body.email)).toHaveLength(0);
    // An empty honeypot is what people send.
    expect((await apply({ ...validApplication(), website: '' })).status).toBe(201);
  });

  it(`when one address sends more than ${APPLICATIONS_PER_HOUR} applications within an hour, then it gets a German 429; refused forms do not count`, async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await apply({ ...validApplication(), email: 'kaputt' }, ip)).status).toBe(422);
    for (let i = 0; i < APPLICATIONS_PER_HOUR; i++) expect((await apply(validApplication(), ip)).status).toBe(201);
    const refused = validApplication();
    const res = await apply(refused, ip);
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/später noch einmal/);
    expect(await candidatesWithEmail(refused.email)).toHaveLength(0);
    // Another address is not affected.
    expect((await apply(validApplication(), newIp())).status).toBe(201);
  });

  it('stores SQL and HTML in every text field as plain text, and the mail stays plain text', async () => {
    const sql = "'; DROP TABLE candidates; --";
    const html = '<script>alert(1)</script><b>fett</b>';
    // Names and the address follow the member form's rules (an accepted application becomes member data
    // the board edits later): HTML is refused there (tests below). The remarks take any text.
    const firstName = "D'Artagnan";
    const lastName = "O'Neil -- Drop";
    const street = "Rue de l'Ancien-Port";
    const body = validApplication({
      firstName,
      lastName,
      address: { street, houseNumber: '12/b', addressLine2: 'c/o O’Neil, 3. Stock', postalCode: '8005', city: 'Zürich', country: 'CH' },
      remarks: `${html}\n${sql}`,
    });
    const res = await apply(body);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: { firstName: string } }).data.firstName).toBe(firstName);
    const [row] = await candidatesWithEmail(body.email);
    expect(row).toMatchObject({
      firstName,
      lastName,
      street,
      houseNumber: '12/b',
      addressLine2: 'c/o O’Neil, 3. Stock',
      remarks: `${html}\n${sql}`,
    });

    // The board reads it back as the same text (JSON), and the table is still there.
    const list = await fetch(`${server.url}/api/v1/admin/members/candidates/${row!.id}`, { headers: { cookie: boardCookie } });
    expect(list.status).toBe(200);
    const detail = (await list.json()) as { data: { firstName: string; lastName: string; remarks: string } };
    expect(detail.data).toMatchObject({ firstName, lastName, remarks: `${html}\n${sql}` });
    expect(await db().candidate.count()).toBeGreaterThan(0);

    const mail = await peer.waitFor((m) => m.to.includes(body.email));
    expect(mail.text).toContain(`Grüezi ${firstName}`);
    expect(mail.raw).not.toMatch(/content-type: text\/html/i);
  });
});

describe('POST /api/v1/candidates with bad input', () => {
  const valid = () => validApplication();
  const long = (n: number) => 'x'.repeat(n);

  type Case = [name: string, body: (v: ReturnType<typeof valid>) => unknown, status: 400 | 422, field?: string, message?: RegExp];
  const cases: Case[] = [
    ['an empty body', () => ({}), 400, 'firstName', /Vorname/],
    ['an array', () => [], 400],
    ['a string', () => '"Lara"', 400],
    ['null', () => 'null', 400],
    ['an empty first name', (v) => ({ ...v, firstName: '' }), 422, 'firstName', /^Vorname: Bitte ausfüllen\.$/],
    ['a first name of blanks', (v) => ({ ...v, firstName: '   ' }), 422, 'firstName', /Vorname: Bitte ausfüllen/],
    ['an empty last name', (v) => ({ ...v, lastName: '' }), 422, 'lastName', /Nachname: Bitte ausfüllen/],
    ['a missing last name', (v) => ({ ...v, lastName: undefined }), 400, 'lastName', /Nachname/],
    ['an empty e-mail', (v) => ({ ...v, email: '' }), 422, 'email', /E-Mail: Bitte ausfüllen/],
    ['an invalid e-mail', (v) => ({ ...v, email: 'lara.meier@' }), 422, 'email', /gültige E-Mail-Adresse/],
    ['an e-mail with spaces', (v) => ({ ...v, email: 'lara meier@example.ch' }), 422, 'email', /gültige E-Mail-Adresse/],
    ['an empty birth date', (v) => ({ ...v, dateOfBirth: '' }), 422, 'dateOfBirth', /Geburtsdatum: Bitte ausfüllen/],
    ['a birth date in the future', (v) => ({ ...v, dateOfBirth: '2999-01-01' }), 422, 'dateOfBirth', /in der Zukunft/],
    ['a birth date before 1900', (v) => ({ ...v, dateOfBirth: '1899-12-31' }), 422, 'dateOfBirth', /ab 1900/],
    ['a birth date that does not exist', (v) => ({ ...v, dateOfBirth: '1990-02-30' }), 422, 'dateOfBirth', /gültiges Datum/],
    ['a birth date in Swiss notation', (v) => ({ ...v, dateOfBirth: '12.07.1994' }), 422, 'dateOfBirth', /gültiges Datum/],
    ['an empty street', (v) => ({ ...v, address: { ...v.address, street: '' } }), 422, 'address.street', /Strasse: Bitte ausfüllen/],
    ['an empty city', (v) => ({ ...v, address: { ...v.address, city: '' } }), 422, 'address.city', /Ort: Bitte ausfüllen/],
    [
      'an empty postal code',
      (v) => ({ ...v, address: { ...v.address, postalCode: '' } }),
      422,
      'address.postalCode',
      /PLZ: Bitte ausfüllen/,
    ],
    [
      'a Swiss postal code of three digits',
      (v) => ({ ...v, address: { ...v.address, postalCode: '800' } }),
      422,
      'address.postalCode',
      /vier Ziffern/,
    ],
    ['a country that is no code', (v) => ({ ...v, address: { ...v.address, country: 'Schweiz' } }), 422, 'address.country', /Ländercode/],
    ['an invalid mobile number', (v) => ({ ...v, mobile: 'ruf mich an' }), 422, 'mobile', /Mobile: Bitte eine gültige Telefonnummer/],
    [
      'an invalid landline number',
      (v) => ({ ...v, landLine: "'; DROP TABLE x" }),
      422,
      'landLine',
      /Festnetz: Bitte eine gültige Telefonnummer/,
    ],
    ['a first name that is too long', (v) => ({ ...v, firstName: long(61) }), 422, 'firstName', /Höchstens 60 Zeichen/],
    ['a last name that is too long', (v) => ({ ...v, lastName: long(61) }), 422, 'lastName', /Höchstens 60 Zeichen/],
    ['an e-mail that is too long', (v) => ({ ...v, email: `${long(250)}@example.ch` }), 422, 'email', /Höchstens 254 Zeichen/],
    [
      'a street that is too long',
      (v) => ({ ...v, address: { ...v.address, street: long(101) } }),
      422,
      'address.street',
      /Höchstens 100 Zeichen/,
    ],
    [
      'a house number that is too long',
      (v) => ({ ...v, address: { ...v.address, houseNumber: long(17) } }),
      422,
      'address.houseNumber',
      /Höchstens 16 Zeichen/,
    ],
    [
      'an address line 2 that is too long',
      (v) => ({ ...v, address: { ...v.address, addressLine2: long(101) } }),
      422,
      'address.addressLine2',
      /Höchstens 100 Zeichen/,
    ],
    ['a city that is too long', (v) => ({ ...v, address: { ...v.address, city: long(81) } }), 422, 'address.city', /Höchstens 80 Zeichen/],
    ['a mobile number that is too long', (v) => ({ ...v, mobile: '0'.repeat(31) }), 422, 'mobile', /Höchstens 30 Zeichen/],
    ['remarks that are too long', (v) => ({ ...v, remarks: long(2001) }), 422, 'remarks', /Höchstens 2000 Zeichen/],
    ['a control character in a name', (v) => ({ ...v, lastName: 'Mei\u0000er' }), 422, 'lastName', /ungültige Zeichen/],
    [
      'HTML in a name (the rules of the member form)',
      (v) => ({ ...v, firstName: '<b>Lea</b>' }),
      422,
      'firstName',
      /Vorname: Bitte nur Buchstaben/,
    ],
    ['a line break in a name', (v) => ({ ...v, lastName: 'Meier\nMüller' }), 422, 'lastName', /Nachname: Bitte nur Buchstaben/],
    [
      'HTML in the street (the rules of the member form)',
      (v) => ({ ...v, address: { ...v.address, street: '<b>Gasse</b>' } }),
      422,
      'address.street',
      /Strasse: Bitte nur Buchstaben/,
    ],
    [
      'SQL in the city (the rules of the member form)',
      (v) => ({ ...v, address: { ...v.address, city: "'; DROP TABLE x; --" } }),
      422,
      'address.city',
      /Ort: Bitte nur Buchstaben/,
    ],
    ['a number as first name', (v) => ({ ...v, firstName: 42 }), 400, 'firstName', /Vorname: Bitte einen Text angeben/],
    ['an object as e-mail', (v) => ({ ...v, email: { address: 'x' } }), 400, 'email', /E-Mail/],
    ['a number as birth date', (v) => ({ ...v, dateOfBirth: 19940712 }), 400, 'dateOfBirth', /Geburtsdatum/],
    ['a string as address', (v) => ({ ...v, address: 'Hardturmstrasse 12' }), 400, 'address', /Adresse/],
    ['a list as remarks', (v) => ({ ...v, remarks: ['a'] }), 400, 'remarks', /Bemerkungen/],
    ['a boolean as mobile', (v) => ({ ...v, mobile: true }), 400, 'mobile', /Mobile/],
  ];

  it.each(cases)('when the form has %s, then it is answered %#', async (_name, make, status, field, message) => {
    const v = valid();
    const before = await db().candidate.count();
    const outbox = await db().mailOutbox.count();
    const raw = make(v);
    const res = await apply(raw);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
    // A top-level JSON string or null is refused by the JSON parser already (MALFORMED_JSON).
    expect(status === 400 ? ['BAD_REQUEST', 'MALFORMED_JSON'] : ['VALIDATION_FAILED']).toContain(body.error.code);
    expect(body.error.message).toMatch(/Bitte|Anfrage/);
    if (field) expect(body.error.fields?.[field]).toMatch(message ?? /./);
    expect(await db().candidate.count()).toBe(before);
    expect(await db().mailOutbox.count()).toBe(outbox);
  });

  it('names every wrong field at once, in German', async () => {
    const res = await apply({
      firstName: '',
      lastName: '',
      email: 'x',
      dateOfBirth: '2999-12-31',
      address: { street: '', postalCode: '', city: '' },
    });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual([
      'address.city',
      'address.postalCode',
      'address.street',
      'dateOfBirth',
      'email',
      'firstName',
      'lastName',
      'statutesRead',
    ]);
  });

  it('refuses a body that is not JSON', async () => {
    const form = await fetch(`${server.url}/api/v1/candidates`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newIp() },
      body: 'firstName=Lara',
    });
    expect(form.status).toBe(415);
    const broken = await apply('{"firstName": ');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('MALFORMED_JSON');
  });

  it('refuses a form posted from another site', async () => {
    const email = `${unique('x')}@example.ch`;
    const res = await apply(validApplication({ email }), newIp(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await candidatesWithEmail(email)).toHaveLength(0);
  });
});
