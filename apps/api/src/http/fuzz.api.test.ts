import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { createMember } from '../test/factories.ts';
import { startTestServer, testDatabaseUrl, type TestServer } from '../test/harness.ts';
import { loginAs } from '../test/login.ts';
import { buildCamt } from '../features/payments/camt.writer.ts';

/**
 * Walks every registered route (the app's route table, so a new route is covered without
 * anyone listing it) as visitor, member and board with hostile path parameters, query
 * strings, headers and bodies. Fails on any 5xx, a stack trace in an answer, or a change
 * to the database by a refused request. Replay a failure with FUZZ_SEED=<seed>; FUZZ_SCALE=10
 * sends ten times as many requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const PER_ROUTE_AND_ROLE = 6 * SCALE;

/** The login, provider and static endpoints beside the API (their paths are fixed by docs/domain-rules.md and the OIDC library). */
const OTHER_ROUTES = [
  { method: 'GET', path: '/oauth/login' },
  { method: 'GET', path: '/oauth/callback' },
  { method: 'GET', path: '/idp/auth' },
  { method: 'POST', path: '/idp/token' },
  { method: 'GET', path: '/idp/me' },
  { method: 'POST', path: '/idp/token/revocation' },
  { method: 'GET', path: '/idp/session/end' },
  { method: 'GET', path: '/idp/interaction/:uid' },
  { method: 'POST', path: '/idp/interaction/:uid/login' },
  { method: 'POST', path: '/idp/interaction/:uid/code' },
  { method: 'POST', path: '/idp/interaction/:uid/enrol' },
  { method: 'POST', path: '/idp/interaction/:uid/continue' },
  { method: 'GET', path: '/idp/invitation/:token' },
  { method: 'POST', path: '/idp/invitation/:token' },
  { method: 'GET', path: '/idp/password/forgot' },
  { method: 'POST', path: '/idp/password/forgot' },
  { method: 'GET', path: '/idp/password/reset/:token' },
  { method: 'POST', path: '/idp/password/reset/:token' },
  { method: 'GET', path: '/assets/:file' },
  { method: 'GET', path: '/:page' },
];

/** Tables a refused request may touch by design: sessions (rolling expiry), failed logins, the provider's state. */
const VOLATILE = new Set(['sessions', 'login_failures', 'oidc_payloads', '_prisma_migrations', 'app_secrets']);

// --- hostile values -----------------------------------------------------------------------

const hostileSegment = fc.constantFrom(
  '1',
  '2',
  '0',
  '-1',
  '0x1',
  '%201',
  '+1',
  '1.0',
  '01',
  '1e3',
  '99999999999',
  '2147483648',
  '9'.repeat(40),
  '%FF',
  '%',
  '%C0%AF',
  '%00',
  '%ED%A0%80',
  'abc',
  '..%2f..%2fpackage.json',
  '%2e%2e',
  '%E2%80%AE',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%0d%0aSet-Cookie:%20x=1',
  "1'%20OR%20'1'='1",
  '%3Cscript%3E',
);
const hostileText = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfff',
    '\u0007',
    '\u001b[31m',
    '\u202e',
    '<script>alert(1)</script>',
    "'; DROP TABLE members; --",
    'Ä'.repeat(5000),
    'x'.repeat(100_000),
    '',
    ' ',
    '\n',
    '1',
    '-1',
    'true',
    'null',
    '2026-02-30',
    '2026-13-01T25:61:00Z',
    'CHF',
    '__proto__',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 1.5, -0.01, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE, 1e-7, 0.1 + 0.2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const FIELDS = [
  'id',
  'name',
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'dob',
  'street',
  'houseNumber',
  'addressLine2',
  'postalCode',
  'city',
  'country',
  'address',
  'mobile',
  'landLine',
  'phones',
  'remarks',
  'website',
  'token',
  'amount',
  'currency',
  'price',
  'deliveryOptionId',
  'gameId',
  'gameGroupId',
  'opponent',
  'venue',
  'homeGame',
  'startsAt',
  'salesOpenAt',
  'salesCloseAt',
  'availableTicketsPerGame',
  'freeTicketAmount',
  'roles',
  'seasonId',
  'parkingPermit',
  'applicationDate',
  'validFrom',
  'validTo',
  'membershipFee',
  'subject',
  'text',
  'message',
  'title',
  'description',
  'deliveryOptionIds',
  'ids',
  '__proto__',
  'constructor',
  'prototype',
];
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant({ currency: 'CHF', amount: -5 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 5 }),
  ),
})).value;
/** A body that looks like a form: known field names with hostile values. */
const hostileObject = fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 10 });
const rawBody = fc.constantFrom(
  '{"firstName": ',
  '[',
  '['.repeat(10_000),
  '{"a":'.repeat(2000),
  '{"__proto__":{"isAdmin":true},"name":"x"}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"just a string"',
  'null',
  '123',
  '{"name":"\\u0000"}',
  '{"name":"\\ud800"}',
  '{"id":1e999}',
  '\u0000',
  '\ufeff{}',
  'a=1&b=2',
  '<?xml version="1.0"?><a/>',
);

// --- hostile bank files: a readable camt.054 or camt.053 with one hostile change ----------------

const hostileAmount = fc.constantFrom(
  '1e5',
  '-0',
  '-5.00',
  '0.000001',
  '99999999999999999999',
  '21474836.00',
  '9007199254740993',
  'NaN',
  'Infinity',
  '1,5',
  ' 5 ',
  '٣',
  '0x10',
  '5.',
  '.5',
  '00000000000000000050.00',
  '5.0000000',
  '',
  '&#53;',
  '<![CDATA[5.00]]>',
  '5<!-- x -->.00',
);
const hostileXmlChange = fc.oneof(
  // depth
  fc.integer({ min: 30, max: 5000 }).map((n) => (xml: string) => xml.replace('<GrpHdr>', `<GrpHdr>${'<X>'.repeat(n)}${'</X>'.repeat(n)}`)),
  fc
    .integer({ min: 30, max: 3000 })
    .map((n) => (xml: string) => xml.replace('<Ntry>', `<Ntry>${'<NtryDtls>'.repeat(n)}${'</NtryDtls>'.repeat(n)}`)),
  // size
  fc.constantFrom(1_000, 100_000, 9_000_000).map((n) => (xml: string) => xml.replace(/<MsgId>[^<]*/, `<MsgId>${'A'.repeat(n)}`)),
  fc.constantFrom(200, 5_000).map((n) => (xml: string) => xml.replace(/<Nm>[^<]*/, `<Nm>${'ä'.repeat(n)}`)),
  fc
    .constantFrom(20_001, 30_000)
    .map(
      (n) => (xml: string) =>
        xml.replace('<Ntry>', `${'<Ntry><Amt Ccy="CHF">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts></Ntry>'.repeat(n)}<Ntry>`),
    ),
  // entities and declarations
  fc
    .constantFrom(
      '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>',
      '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE Document SYSTEM "http://127.0.0.1:9/evil.dtd">',
    )
    .map((decl) => (xml: string) => xml.replace('<Document', `${decl}<Document`).replace(/<Nm>[^<]*/, '<Nm>&c;&x;')),
  fc
    .constantFrom('&#0;', '&#x110000;', '&#xD800;', '&unknown;', '&', '&amp;&lt;&gt;', ']]>')
    .map((e) => (xml: string) => xml.replace(/<Nm>[^<]*/, `<Nm>A${e}B`)),
  // namespaces
  fc
    .integer({ min: 0, max: 99 })
    .map((v) => (xml: string) => xml.replace(/camt\.05([34])\.001\.\d\d/, `camt.05$1.001.${String(v).padStart(2, '0')}`)),
  fc
    .constantFrom('urn:evil', '', 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09', 'urn:iso:std:iso:20022:tech:xsd:camt.052.001.08')
    .map((ns) => (xml: string) => xml.replace(/xmlns="[^"]*"/, `xmlns="${ns}"`)),
  fc.constantFrom(
    (xml: string) => xml.replace('<Ntry>', '<evil:Ntry xmlns:evil="urn:evil">').replace('</Ntry>', '</evil:Ntry>'),
    (xml: string) => xml.replace('<Ntry>', '<e:Ntry>').replace('</Ntry>', '</e:Ntry>'),
    (xml: string) => xml.replace('<Ntry>', '<Ntry xmlns="urn:evil">'),
    (xml: string) => xml.replace('<Document ', '<Document xmlns="urn:evil" '),
    (xml: string) => xml.replace(/<(\/?)([A-Z])/g, '<$1c:$2').replace('xmlns=', 'xmlns:c='),
  ),
  // numbers
  hostileAmount.map((a) => (xml: string) => xml.replace(/<Amt Ccy="CHF">[^<]*<\/Amt>/, `<Amt Ccy="CHF">${a}</Amt>`)),
  hostileAmount.map((a) => (xml: string) => xml.replace(/(<TxDtls>[\s\S]*?)<Amt Ccy="CHF">[^<]*<\/Amt>/, `$1<Amt Ccy="CHF">${a}</Amt>`)),
  fc.constantFrom('', 'chf', 'CHFF', '€', 'X"Y').map((c) => (xml: string) => xml.replace('Ccy="CHF"', `Ccy="${c}"`)),
  fc
    .constantFrom('2027-02-30', '0000-00-00', '99999-01-01', 'gestern', '2027-06-03T25:00:00')
    .map((d) => (xml: string) => xml.replace(/<Dt>[^<]*<\/Dt>/g, `<Dt>${d}</Dt>`)),
  // structure
  fc.constantFrom(
    (xml: string) => xml.slice(0, Math.floor(xml.length / 2)),
    (xml: string) => xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="UTF-16"?>'),
    (xml: string) => `\ufeff${xml}`,
    (xml: string) => xml.replace('<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>BOTH</CdtDbtInd>'),
    (xml: string) => xml.replace(/<Sts>[\s\S]*?<\/Sts>/, '<Sts><Cd><Cd>BOOK</Cd></Cd></Sts>'),
    (xml: string) => xml.replace('<UETR>', '<UETR>not-a-uuid').replace(/<UETR>not-a-uuid[^<]*/, '<UETR>not-a-uuid'),
    (xml: string) => xml.replace('</Document>', '</Document><Document/>'),
    (xml: string) => xml.replace('<Ntry>', '<Ntry><?php evil() ?>'),
    (xml: string) => xml.replace('<Ntry>', '<Ntry attr="<>">'),
  ),
);
const hostileBankFile = fc
  .record({
    message: fc.constantFrom('053' as const, '054' as const),
    version: fc.constantFrom('04' as const, '08' as const),
    changes: fc.array(hostileXmlChange, { minLength: 1, maxLength: 2 }),
    amount: fc.integer({ min: 1, max: 100_000 }),
  })
  .map(({ message, version, changes, amount }) => {
    const xml = buildCamt({
      message,
      version,
      msgId: `FUZZ-${amount}`,
      entries: [
        {
          amount: (amount / 100).toFixed(2),
          reference: 'RF18539007547034',
          debtorName: 'Fuzz',
          uetr: '8a562c67-ca16-48ba-b074-65581be6f011',
        },
        { amount: '5.00', creditDebit: 'DBIT', transactions: [] },
      ],
    });
    return changes.reduce((text, change) => change(text), xml);
  });

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  { weight: 4, arbitrary: hostileObject.map<Body>((value) => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: hostileValue.map<Body>((value) => ({ kind: 'json', value })) },
  { weight: 2, arbitrary: rawBody.map<Body>((text) => ({ kind: 'raw', text })) },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=x-klingon',
  'application/json; charset=latin1',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  undefined,
);
const contentEncoding = fc.constantFrom(
  undefined,
  undefined,
  undefined,
  'gzip',
  'deflate',
  'br',
  'x-nonsense',
  'gzip, gzip',
  'identity',
  'gzip-real',
);
const queryKey = fc.constantFrom(
  'q',
  'page',
  'pageSize',
  'expands',
  'returnTo',
  'token',
  'seasonId',
  'status',
  'client_id',
  'redirect_uri',
  'state',
  'code',
  'x',
  '__proto__',
);
const queryValue = fc.oneof(
  hostileSegment,
  hostileText.map((s) => {
    try {
      return encodeURIComponent(s).slice(0, 3000);
    } catch {
      return '%ED%A0%80';
    }
  }),
);
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
const extraHeaders = fc.record({
  accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', undefined),
  secFetchSite: fc.constantFrom(undefined, undefined, 'same-origin', 'cross-site', 'none'),
  idempotencyKey: fc.constantFrom(undefined, 'abc', 'ok-key-12345678', 'x'.repeat(200), 'a\tb'),
});
const hostileRequest = fc.record({
  segments: fc.array(hostileSegment, { minLength: 4, maxLength: 4 }),
  query,
  body,
  contentType,
  contentEncoding,
  headers: extraHeaders,
});
type HostileRequest = typeof hostileRequest extends fc.Arbitrary<infer T> ? T : never;

// --- the walk -------------------------------------------------------------------------------

let server: TestServer;
const errorLines: string[] = [];
const cookies: Record<'visitor' | 'member' | 'board', string> = { visitor: '', member: '', board: '' };
let fingerprintSql = '';

async function fingerprint(): Promise<Record<string, unknown>> {
  const [row] = await server.database.raw.query<Record<string, unknown>>(fingerprintSql);
  return row ?? {};
}

beforeAll(async () => {
  const log = createLogger('error', {
    write(line: string) {
      errorLines.push(line);
    },
  });
  server = await startTestServer({ log });
  // Objects 1..3 are bystanders: hostile ids hit them, not the fuzzing members.
  for (let i = 0; i < 3; i++) await createMember(server.database.prisma);
  const member = await createMember(server.database.prisma);
  const board = await createMember(server.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  cookies.member = (await loginAs(server.url, member.username, member.password)).cookie;
  cookies.board = (await loginAs(server.url, board.username, board.password)).cookie;
  const tables = await server.database.raw.query<{ table_name: string; has_updated: boolean }>(
    `SELECT t.table_name, EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'updatedAt') AS has_updated
       FROM information_schema.tables t WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY 1`,
  );
  fingerprintSql = `SELECT ${tables
    .filter((t) => !VOLATILE.has(t.table_name))
    .map(
      (t) =>
        `(SELECT count(*)::text${t.has_updated ? ` || '/' || coalesce(max("updatedAt")::text, '')` : ''} FROM "${t.table_name}") AS "${t.table_name}"`,
    )
    .join(', ')}`;
  // the server, the logins and the bystanders: more than a minute on a shared machine under load
}, 180_000);
afterAll(async () => {
  await server?.close();
});

function urlOf(path: string, r: HostileRequest): string {
  let i = 0;
  const filled = path.replace(/:[A-Za-z]+/g, () => r.segments[i++ % r.segments.length]!);
  return `${filled}${r.query ? `?${r.query}` : ''}`;
}

function bodyBytes(r: HostileRequest): Buffer | undefined {
  if (r.body.kind === 'none') return undefined;
  let text: string;
  if (r.body.kind === 'raw') text = r.body.text;
  else {
    // JSON.stringify keeps a lone surrogate as an escape (\ud800): the server sees it as sent.
    text = JSON.stringify(r.body.value) ?? 'null';
  }
  const bytes = Buffer.from(text, 'utf8');
  return r.contentEncoding === 'gzip-real' ? gzipSync(bytes) : bytes;
}

const STACK = /\n\s+at\s|\bat .+\.(ts|js|mjs|cjs):\d+:\d+|node_modules|PrismaClient|Invalid `prisma|SQLSTATE|ECONNREFUSED/;

describe('fuzzing every route', () => {
  it(`answers hostile requests as visitor, member and board without a 5xx, a stack trace or a change by a refused request (seed ${SEED}, scale ${SCALE})`, async () => {
    console.log(`fuzz: seed ${SEED} (replay: FUZZ_SEED=${SEED}), scale ${SCALE}, database ${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'}`);
    const routes = [...server.apiRoutes.map((r) => ({ method: r.method, path: `/api/v1${r.path}` })), ...OTHER_ROUTES];
    const failures: string[] = [];
    let sent = 0;
    let before = await fingerprint();
    const started = Date.now();
    for (const [routeIndex, route] of routes.entries()) {
      for (const role of ['visitor', 'member', 'board'] as const) {
        const samples = fc.sample(hostileRequest, { seed: SEED + routeIndex * 7 + role.length, numRuns: PER_ROUTE_AND_ROLE });
        for (const r of samples) {
          const url = urlOf(route.path, r);
          const payload = route.method === 'GET' || route.method === 'HEAD' ? undefined : bodyBytes(r);
          const headers: Record<string, string> = {};
          if (cookies[role]) headers.cookie = cookies[role];
          if (payload && r.contentType) headers['content-type'] = r.contentType;
          if (payload && r.contentEncoding) headers['content-encoding'] = r.contentEncoding === 'gzip-real' ? 'gzip' : r.contentEncoding;
          if (r.headers.accept) headers.accept = r.headers.accept;
          if (r.headers.secFetchSite) headers['sec-fetch-site'] = r.headers.secFetchSite;
          if (r.headers.idempotencyKey) headers['idempotency-key'] = r.headers.idempotencyKey;
          const what = `${route.method} ${url.slice(0, 200)} as ${role} (${headers['content-type'] ?? '-'}, ${headers['content-encoding'] ?? '-'}, body ${payload ? payload.toString('utf8').slice(0, 120) : '-'})`;
          let status: number;
          let text: string;
          try {
            const res = await fetch(`${server.url}${url}`, {
              method: route.method,
              headers,
              ...(payload ? { body: payload } : {}),
              redirect: 'manual',
            });
            status = res.status;
            text = await res.text();
          } catch (error) {
            failures.push(`no answer: ${what}: ${String(error)}`);
            continue;
          } finally {
            sent += 1;
          }
          // Without a built web app the SPA's pages say so with 503: the checkout, not the request.
          const notBuilt = status === 503 && text.includes('Die Oberfläche ist nicht gebaut');
          if (status >= 500 && !notBuilt) failures.push(`${status}: ${what}: ${text.slice(0, 200)}`);
          if (STACK.test(text)) failures.push(`stack trace or internals in the answer: ${what}: ${text.slice(0, 300)}`);
          // Reads write nothing (the provider's state is volatile): the fingerprint after every other request.
          if (route.method !== 'GET' || route.path.startsWith('/idp')) {
            const after = await fingerprint();
            if (status >= 400) {
              const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
              if (changed.length) failures.push(`refused with ${status} but changed ${changed.join(', ')}: ${what}`);
            }
            before = after;
          }
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const errorsPer1000 = (errorLines.length / sent) * 1000;
    console.log(
      `fuzz: ${routes.length} routes (${server.apiRoutes.length} API), ${sent} requests in ${seconds.toFixed(1)} s, ${failures.length} failures, ${errorLines.length} error-level log lines (${errorsPer1000.toFixed(2)} per 1,000)`,
    );
    for (const line of errorLines.slice(0, 5)) console.log(`fuzz: error logged: ${line.slice(0, 400)}`);
    expect(failures.slice(0, 30), `seed ${SEED}`).toEqual([]);
    expect(errorLines.length, `seed ${SEED}: error-level log lines`).toBe(0);
  }, 600_000);

  it(`the bank import answers hostile bank files without a 5xx, a stack trace or a partial write (seed ${SEED}, scale ${SCALE})`, async () => {
    const samples = fc.sample(hostileBankFile, { seed: SEED, numRuns: 60 * SCALE });
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let before = await fingerprint();
    for (const xml of samples) {
      const res = await fetch(`${server.url}/api/v1/admin/payments/camt054`, {
        method: 'POST',
        headers: { cookie: cookies.board, 'content-type': 'application/xml' },
        body: xml,
      });
      const text = await res.text();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const what = `${res.status} for ${xml.length} bytes: ${xml.slice(0, 200)}`;
      if (res.status >= 500) failures.push(`${what}: ${text.slice(0, 200)}`);
      if (STACK.test(text)) failures.push(`stack trace or internals: ${what}: ${text.slice(0, 300)}`);
      if (res.status !== 200 && res.status !== 413 && res.status !== 422) failures.push(`unexpected status ${what}`);
      const after = await fingerprint();
      if (res.status >= 400) {
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length) failures.push(`refused with ${res.status} but changed ${changed.join(', ')}: ${what}`);
      }
      before = after;
    }
    console.log(`fuzz: ${samples.length} hostile bank files, answers ${JSON.stringify(statuses)}`);
    expect(failures.slice(0, 20), `seed ${SEED}`).toEqual([]);
    expect(statuses[422] ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
