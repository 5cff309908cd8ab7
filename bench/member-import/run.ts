// Member import of a realistic club list over HTTP (the whole site in this process, `createApp`
// as in production, real login of a board member): a Windows-1252 CSV with `;` as Excel in
// Switzerland saves it, ROWS rows (default 5,000) with umlauts, two- and four-digit years, phones
// in every usual form, entry dates, a category on every tenth row; about 2 % of the rows have an
// error (a phone or a date that is none) and 1 % repeat an earlier row. Prints the time of upload
// + preview, of the commit, of the same file again, and the server's memory over idle (RSS, sampled
// every 50 ms; client and server share the process). The machine may be shared: CPU time is
// printed beside the wall time.
//
//   pnpm bench:member-import            (PGlite, in memory)
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm bench:member-import
//
// Environment: ROWS (5000).
import { excelCsv } from '../../apps/api/src/features/members/member-import.test-support.ts';
import { seasonDates, seasonYearOf, zurichToday } from '../../apps/api/src/lib/dates.ts';
import { createMember } from '../../apps/api/src/test/factories.ts';
import { startTestServer } from '../../apps/api/src/test/harness.ts';
import { loginAs } from '../../apps/api/src/test/login.ts';

const ROWS = Number(process.env.ROWS ?? 5000);
const FIRST = ['Anna', 'Reto', 'Zoë', 'Jürg', 'Käthi', 'René', 'Lea', 'Noah', 'Sämi', 'Bea', 'Urs', 'Chantal', 'Marco', 'Ursula', 'Luca'];
const LAST = ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Brändli', 'Frêne', 'Bühler', 'Gerber', 'Rossi'];
const STREETS = ['Bahnhofstrasse', 'Hardturmstrasse', 'Seestrasse', 'Dorfstrasse', 'Rue du Lac', 'Langstrasse'];
const PLACES: [string, string][] = [
  ['8001', 'Zürich'],
  ['8004', 'Zürich'],
  ['8400', 'Winterthur'],
  ['8600', 'Dübendorf'],
  ['8953', 'Dietikon'],
  ['1003', 'Lausanne'],
];

function phone(i: number): string {
  const n = String(1000000 + ((i * 7919) % 8999999)).padStart(7, '0');
  const forms = [`079 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`, `+41 78${n}`, `0041 76 ${n}`, `076${n}`];
  return forms[i % forms.length]!;
}

function row(i: number): string[] {
  const first = FIRST[i % FIRST.length]!;
  const last = `${LAST[(i * 7) % LAST.length]!}${i % 3 === 0 ? '-' + LAST[(i * 11) % LAST.length]! : ''}`;
  const [plz, city] = PLACES[i % PLACES.length]!;
  const year = 1940 + (i % 65);
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (i % 12)).padStart(2, '0');
  const birth = i % 4 === 0 ? `${day}.${month}.${String(year).slice(2)}` : `${day}.${month}.${year}`;
  const bad = i % 50 === 7;
  return [
    String(1000 + i),
    first,
    last,
    `mitglied${i}@example.ch`,
    bad && i % 100 === 7 ? '31.02.1980' : birth,
    STREETS[i % STREETS.length]!,
    String(1 + (i % 120)),
    plz,
    city,
    bad && i % 100 === 57 ? '12' : phone(i),
    i % 5 === 0 ? `044 ${String(200 + (i % 700))} ${String(10 + (i % 89))} ${String(10 + (i % 89))}` : '',
    `01.0${1 + (i % 9)}.${1990 + (i % 35)}`,
    i % 10 === 0 ? 'Junior' : '',
    i % 40 === 0 ? 'Gründungsmitglied' : '',
  ];
}

function listFile(rows: number): Buffer {
  const head = [
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
    'Telefon',
    'Eintritt',
    'Kategorie',
    'Bemerkungen',
  ];
  const lines = [head];
  for (let i = 1; i <= rows; i++) {
    lines.push(row(i));
    if (i % 100 === 0) lines.push(row(i - 1)); // the same person again
  }
  return excelCsv(lines);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`);
  return result;
}

async function main(): Promise<void> {
  const server = await startTestServer();
  const db = server.database.prisma;
  try {
    const board = await createMember(db, { firstName: 'Vera', lastName: 'Vorstand', roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const { cookie } = await loginAs(server.url, board.username, board.password);
    const season = await db.season.create({ data: { ...seasonDates(seasonYearOf(zurichToday(new Date()))), membershipFeeRappen: 5000 } });
    await db.membershipCategory.create({ data: { seasonId: season.id, name: 'Junior', feeRappen: 2000 } });
    const file = listFile(ROWS);
    console.log(
      `file: ${ROWS} rows (+${Math.floor(ROWS / 100)} repeated), ${(file.length / 1024).toFixed(0)} KB, Windows-1252, «;»; database: ${server.database.kind}`,
    );

    globalThis.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([file]), 'Mitglieder.csv');
      const res = await fetch(`${server.url}/api/v1/admin/members/imports`, { method: 'POST', headers: { cookie }, body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return (
        (await res.json()) as {
          data: {
            id: number;
            counts: Record<string, number>;
            preview: { status: string; errors: { message: string }[]; note: string | null }[];
          };
        }
      ).data;
    };
    const preview = await timed('upload + preview', upload);
    console.log('preview counts:', preview.counts);
    const examples = preview.preview.filter((r) => r.status === 'ERROR').slice(0, 2);
    for (const e of examples) console.log('  an error row says:', e.errors.map((x) => x.message).join(' / '));
    console.log('  a duplicate row says:', preview.preview.find((r) => r.status === 'DUPLICATE')?.note);
    const commit = await timed('commit', async () => {
      const res = await fetch(`${server.url}/api/v1/admin/members/imports/${preview.id}/commit`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ skipErrors: true }),
      });
      if (res.status !== 200) throw new Error(`commit: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: unknown }).data;
    });
    console.log('commit result:', commit);
    const again = await timed('same file again (upload + preview)', upload);
    console.log('again counts:', again.counts);
    clearInterval(sampler);
    console.log(`server memory: idle ${mb(idle)}, peak ${mb(peak)}, +${mb(peak - idle)} over idle (RSS of this process)`);
    console.log(`members now: ${await db.member.count()}`);
  } finally {
    await server.close();
  }
}

await main();
