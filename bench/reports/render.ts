// One season report rendered in this process, without HTTP, into a stream that throws the
// bytes away (or into a file): time, and the process's memory sampled every 10 ms. For
// profiling the renderers (node --cpu-prof, --heap-prof) on a database that
// bench/reports/run.ts kept (KEEP_DB=1).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/club_bench_reports_… \
//     pnpm exec tsx bench/reports/render.ts [type] [format]      # members pdf
//
// Environment: RUNS (3), OUT=file writes the last run's file, SEASON (the newest season),
// NOW (an ISO instant: the time the report says it was made, for comparing two files).
import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { prepareReport } from '../../apps/api/src/features/reports/reports.service.ts';

const [type = 'members', format = 'pdf'] = process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 3);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL fehlt');

const round = (n: number) => Math.round(n * 10) / 10;
const mb = (bytes: number) => round(bytes / 2 ** 20);

const database = await openDatabase({ databaseUrl: url });
const db = database.prisma;
const seasonId = Number(process.env.SEASON ?? (await db.season.findFirst({ orderBy: { validFrom: 'desc' }, select: { id: true } }))?.id);
const ctx = { db, log: createLogger('warn'), actor: null, now: process.env.NOW ? new Date(process.env.NOW) : new Date() };

for (let run = 1; run <= RUNS; run++) {
  const last = run === RUNS;
  let bytes = 0;
  const out =
    last && process.env.OUT
      ? createWriteStream(process.env.OUT)
      : new Writable({
          write(chunk: Buffer, _encoding, callback) {
            bytes += chunk.length;
            callback();
          },
        });
  // With --expose-gc: what the runs before left behind, without their garbage.
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const started = performance.now();
  const report = await prepareReport(ctx, { seasonId, type, format, clubName: 'EHC Bench' });
  await report.write(out);
  const ms = performance.now() - started;
  clearInterval(timer);
  console.log(
    `${report.fileName}: ${round(ms)} ms, ${round(bytes / 1024)} KB; RSS ${mb(before.rss)} → Spitze ${mb(peakRss)} MB (+${mb(peakRss - before.rss)}), ` +
      `Heap ${mb(before.heapUsed)} → Spitze ${mb(peakHeap)} MB (+${mb(peakHeap - before.heapUsed)})`,
  );
}
await database.close();
