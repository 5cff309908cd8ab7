// Member import of a realistic club list over HTTP (the whole site in this process, `createApp`
// as in production, real login of a board member): a Windows-1252 CSV with `;` as Excel in
// Switzerland saves it, made by the generator the import's API tests use (`clubList`): MEMBERS
// members with umlauts, two- and four-digit years, phones in every usual form, entry dates,
// categories, 5 % rows with a mistake and some repeated rows. Prints, per phase (upload +
// preview, commit, the same file again), the wall time, the CPU time of this process (the machine
// may be shared) and the peak memory over idle (RSS, V8 heap and buffers, sampled every 20 ms);
// client and server share the process, so the client's copy of the answer counts too. With PGlite
// the database lives in this process as well: the PostgreSQL run is the server's own figure.
//
//   pnpm bench:member-import            (PGlite, in memory)
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm bench:member-import
//
// Environment: MEMBERS (5000); FORMAT=xlsx uploads the list as a workbook (birth dates as date cells).
import { availableParallelism, loadavg } from 'node:os';
import { clubList, clubListWorkbook, excelCsv } from '../../apps/api/src/features/members/member-import.test-support.ts';
import { seasonDates, seasonYearOf, zurichToday } from '../../apps/api/src/lib/dates.ts';
import { createMember } from '../../apps/api/src/test/factories.ts';
import { startTestServer } from '../../apps/api/src/test/harness.ts';
import { loginAs } from '../../apps/api/src/test/login.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 5000);
const XLSX = process.env.FORMAT === 'xlsx';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface Peak {
  rss: number;
  heap: number;
  buffers: number;
}

function usage(): Peak {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, buffers: m.external + m.arrayBuffers };
}

/** Runs one phase: wall time, CPU time, peak memory over the idle figures. */
async function phase<T>(label: string, idle: Peak, fn: () => Promise<T>): Promise<T> {
  const peak = usage();
  const sampler = setInterval(() => {
    const now = usage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heap);
    peak.buffers = Math.max(peak.buffers, now.buffers);
  }, 20);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  console.log(
    `${label}: ${((performance.now() - start) / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU; ` +
      `peak +${mb(peak.rss - idle.rss)} RSS over idle (heap +${mb(peak.heap - idle.heap)}, buffers +${mb(peak.buffers - idle.buffers)})`,
  );
  return result;
}

interface Preview {
  id: number;
  counts: Record<string, number>;
  preview: { row: number; status: string; errors: { message: string }[]; note: string | null }[];
}

async function main(): Promise<void> {
  const server = await startTestServer();
  const db = server.database.prisma;
  try {
    const board = await createMember(db, { firstName: 'Vera', lastName: 'Vorstand', roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const { cookie } = await loginAs(server.url, board.username, board.password);
    const season = await db.season.create({ data: { ...seasonDates(seasonYearOf(zurichToday(new Date()))), membershipFeeRappen: 5000 } });
    await db.membershipCategory.create({ data: { seasonId: season.id, name: 'Junior', feeRappen: 2000 } });
    const list = clubList(MEMBERS);
    const file = XLSX ? await clubListWorkbook(list) : excelCsv(list);
    console.log(
      `file: ${MEMBERS} members in ${list.length - 1} rows, ${(file.length / 1024).toFixed(0)} KB, ${XLSX ? 'XLSX' : 'Windows-1252, «;»'}; database: ${server.database.kind}; ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${availableParallelism()} cores`,
    );

    const upload = async (): Promise<Preview> => {
      const form = new FormData();
      form.append('file', new Blob([file]), XLSX ? 'Mitglieder.xlsx' : 'Mitglieder.csv');
      const res = await fetch(`${server.url}/api/v1/admin/members/imports`, { method: 'POST', headers: { cookie }, body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: Preview }).data;
    };
    // One small import first: the code paths are loaded and compiled before «idle» is taken.
    await (async () => {
      const form = new FormData();
      form.append('file', new Blob([excelCsv(clubList(3))]), 'warm.csv');
      await fetch(`${server.url}/api/v1/admin/members/imports`, { method: 'POST', headers: { cookie }, body: form });
    })();
    globalThis.gc?.();
    const idle = usage();
    console.log(`idle: RSS ${mb(idle.rss)}, heap ${mb(idle.heap)}`);

    const started = performance.now();
    const preview = await phase('upload + preview', idle, upload);
    console.log('preview counts:', preview.counts);
    for (const e of preview.preview.filter((r) => r.status === 'ERROR').slice(0, 5)) {
      console.log(`  row ${e.row} (error): ${e.errors.map((x) => x.message).join(' / ')}`);
    }
    for (const d of preview.preview.filter((r) => r.status === 'DUPLICATE').slice(0, 2))
      console.log(`  row ${d.row} (duplicate): ${d.note}`);
    const commit = await phase('commit', idle, async () => {
      const res = await fetch(`${server.url}/api/v1/admin/members/imports/${preview.id}/commit`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ skipErrors: true }),
      });
      if (res.status !== 200) throw new Error(`commit: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: unknown }).data;
    });
    console.log('commit result:', commit);
    console.log(`upload to committed: ${((performance.now() - started) / 1000).toFixed(2)} s`);
    const again = await phase('same file again (upload + preview)', idle, upload);
    console.log('again counts:', again.counts);
    console.log(
      `members now: ${await db.member.count()}; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await server.close();
  }
}

await main();
