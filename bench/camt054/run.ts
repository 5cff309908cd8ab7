// camt.054 import of a bank file with 5,000 entries over HTTP (the whole site in this process,
// `createApp` as in production, real login of a board member) against the local PostgreSQL, in
// a database of its own that is dropped again. 1,000 members with 5,000 open invoices (every
// tenth already paid); the file pays each invoice with one entry (2 % with references that
// match nothing, and a partial payment every 50th). Prints the time of the first import (books
// everything) and of the same file again (books nothing), and the counts of the answer.
//
//   pnpm bench:camt054
//
// The server runs in this process: its CPU time is printed beside the wall time (the machine
// may be shared). Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// ENTRIES (5000), KEEP_DB=1 keeps the database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { buildCamt, chf, type CamtEntrySpec } from '../../apps/api/src/features/payments/camt.writer.ts';
import { qrReference as makeQrReference } from '../../apps/api/src/features/payments/payments.test-support.ts';
import { createMember } from '../../apps/api/src/test/factories.ts';
import { startTestServer } from '../../apps/api/src/test/harness.ts';
import { loginAs } from '../../apps/api/src/test/login.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ENTRIES = Number(process.env.ENTRIES ?? 5000);
const MEMBERS = 1000;

async function main(): Promise<void> {
  const dbName = `club_bench_camt_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  try {
    await migrate(database.raw);
    const year = 2031;
    const memberIds = (
      await database.raw.query<{ id: number }>(
        `INSERT INTO members (username, "firstName", "lastName", email, "updatedAt")
         SELECT 'bench' || g, 'Vorname' || g, 'Nachname' || g, 'bench' || g || '@example.ch', now() FROM generate_series(1, ${MEMBERS}) g RETURNING id`,
      )
    ).map((r) => r.id);
    const numbers: string[] = [];
    const refs: string[] = [];
    const owners: number[] = [];
    const paid: boolean[] = [];
    for (let i = 1; i <= ENTRIES; i++) {
      const member = memberIds[i % memberIds.length]!;
      numbers.push(`${year}-${String(i).padStart(5, '0')}`);
      refs.push(makeQrReference(`${year}${String(i).padStart(5, '0')}${String(member).padStart(6, '0')}`));
      owners.push(member);
      paid.push(i % 10 === 0);
    }
    await database.raw.query(
      `INSERT INTO invoices (number, "memberId", kind, title, "invoiceDate", "dueDate", "totalRappen", status, reference, "debtorName", street, "postalCode", city, "paidRappen", "paidAt", "updatedAt")
       SELECT n, m, 'OTHER', 'Mitgliederbeitrag', DATE '2031-05-01', DATE '2031-05-31', 5000, CASE WHEN p THEN 'PAID'::"InvoiceStatus" ELSE 'OPEN'::"InvoiceStatus" END, r, 'Bench Mitglied', 'Limmatstrasse', '8005', 'Zürich', CASE WHEN p THEN 5000 ELSE 0 END, CASE WHEN p THEN DATE '2031-05-20' END, now()
       FROM unnest($1::text[], $2::int[], $3::text[], $4::bool[]) AS v(n, m, r, p)`,
      [numbers, owners, refs, paid],
    );
    const board = await createMember(database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });

    const entries: CamtEntrySpec[] = refs.map((reference, i) => {
      const unknown = i % 50 === 7;
      const partial = i % 50 === 13;
      return {
        amount: chf(partial ? 2000 : 5000),
        bookingDate: '2031-06-03',
        reference: unknown ? makeQrReference(`9${String(i).padStart(10, '0')}`) : reference,
        debtorName: `Nachname${i} Vorname${i}`,
        debtorIban: 'CH9300762011623852957',
      };
    });
    const xml = buildCamt({ version: '08', msgId: `B-${Date.now().toString(36)}`, entries });

    const server = await startTestServer({
      database: { ...database, close: async () => {} },
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    });
    try {
      const { cookie } = await loginAs(server.url, board.username, board.password);
      const post = async () => {
        const cpu = process.cpuUsage();
        const started = performance.now();
        const response = await fetch(`${server.url}/api/v1/admin/payments/camt054?fileName=bench.xml`, {
          method: 'POST',
          headers: { 'content-type': 'application/xml', accept: 'application/json', cookie },
          body: xml,
        });
        const body = (await response.json()) as { data: Record<string, unknown> };
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        const cpuMs = (used.user + used.system) / 1000;
        if (response.status !== 200) throw new Error(`import answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
        const { lines, ...counts } = body.data;
        return { ms, cpuMs, counts, lines: (lines as unknown[]).length };
      };
      const first = await post();
      const again = await post();
      const paidNow = await database.raw.query<{ n: string }>(`SELECT count(*) AS n FROM invoices WHERE status = 'PAID'`);
      process.stdout.write(
        [
          `camt.054 with ${ENTRIES} entries (${(Buffer.byteLength(xml) / 1024 / 1024).toFixed(1)} MB), PostgreSQL, over HTTP:`,
          `  first import:    ${Math.round(first.ms)} ms (CPU of this process ${Math.round(first.cpuMs)} ms)  ${JSON.stringify(first.counts)}`,
          `  same file again: ${Math.round(again.ms)} ms (CPU of this process ${Math.round(again.cpuMs)} ms)  ${JSON.stringify(again.counts)}`,
          `  load average: ${(await import('node:os'))
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')} on ${(await import('node:os')).availableParallelism()} cores`,
          `  invoices paid afterwards: ${paidNow[0]?.n} of ${ENTRIES}`,
          '',
        ].join('\n'),
      );
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
    if (!process.env.KEEP_DB) await admin.query(`DROP DATABASE "${dbName}" WITH (FORCE)`);
    else process.stdout.write(`database kept: ${dbName}\n`);
    await admin.end();
  }
}

await main();
