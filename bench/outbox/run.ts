// Mails per second the outbox delivers to a local SMTP peer. Run by hand:
//   pnpm exec tsx bench/outbox/run.ts        (MAILS=2000, WORKERS=1, BENCH_DATABASE_URL)
// A fresh database on the local PostgreSQL; the mails are written first, then the worker(s)
// send them through nodemailer to an smtp-server peer on loopback.
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { enqueueMail, startOutboxWorker } from '../../apps/api/src/lib/outbox.ts';
import { startSmtpPeer } from '../../apps/api/src/test/smtp.ts';

const admin = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MAILS = Number(process.env.MAILS ?? 2000);
const WORKERS = Number(process.env.WORKERS ?? 1);
const name = `club_bench_outbox_${Date.now()}`;

const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE "${name}"`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
const peer = await startSmtpPeer();
try {
  await migrate(database.raw);
  for (let i = 0; i < MAILS; i += 500) {
    await database.prisma.$transaction(async (tx) => {
      for (let j = i; j < Math.min(i + 500, MAILS); j++) {
        await enqueueMail(tx, {
          to: `mitglied${j}@example.ch`,
          subject: `Willkommen im Fanclub (${j})`,
          text: 'Grüezi!\n\nSchön, dass Sie dabei sind.\n',
        });
      }
    });
  }
  const log = createLogger('silent');
  const t0 = performance.now();
  const workers = Array.from({ length: WORKERS }, () =>
    startOutboxWorker({ db: database.prisma, log, smtpUrl: peer.url, from: 'noreply@example.ch', intervalMs: 3_600_000, batchSize: 50 }),
  );
  let sent = 0;
  while (sent < MAILS) {
    const counts = await Promise.all(workers.map((w) => w.runOnce()));
    const n = counts.reduce((a, b) => a + b, 0);
    if (n === 0) break;
    sent += n;
  }
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(workers.map((w) => w.stop()));
  const unique = new Set(peer.messages.map((m) => m.to[0])).size;
  console.log(
    `${MAILS} Mails, ${WORKERS} Worker: ${sent} gesendet in ${seconds.toFixed(2)} s → ${(sent / seconds).toFixed(0)} Mails/s; beim SMTP-Peer angekommen: ${peer.messages.length} (${unique} verschiedene Empfänger, doppelt: ${peer.messages.length - unique})`,
  );
} finally {
  await peer.close();
  await database.close();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}
