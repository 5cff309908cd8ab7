// The treasurer's review list with 1,000 open bank lines: 1,000 members with 3,000 open invoices,
// and a bank file of 1,000 credits without a usable reference imported over HTTP (the whole site in
// this process, `createApp` as in production, real login of a board member) against the local
// PostgreSQL, in a database of its own that is dropped again. Then
// `GET /api/v1/admin/payments/unmatched` (the first page with suggestions from every open invoice,
// a later page, and 200 at once), each several times. Prints the slowest answer of each; the
// budget is 1 s.
//
//   pnpm bench:review
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres), LINES (1000).
import { buildCamt, chf, type CamtEntrySpec } from '../../apps/api/src/features/payments/camt.writer.ts';
import { qrReference } from '../../apps/api/src/features/payments/payments.test-support.ts';
import { createMember } from '../../apps/api/src/test/factories.ts';
import { startTestServer } from '../../apps/api/src/test/harness.ts';
import { loginAs } from '../../apps/api/src/test/login.ts';
import { msSince, withScratchDatabase } from '../lib/scratch-database.ts';

const LINES = Number(process.env.LINES ?? 1000);
const MEMBERS = 1000;
const INVOICES = 3000;
const BUDGET_MS = 1000;
const RUNS = 5;
/** A member's id as letters (`123` → `bcd`), in SQL of a column and in TypeScript. */
const lettersSql = (column: string) => `translate(${column}::text, '0123456789', 'abcdefghij')`;
const letters = (id: number) => String(id).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);

await withScratchDatabase('club_bench_review', async (database) => {
  const memberIds = (
    await database.raw.query<{ id: number }>(
      `INSERT INTO members (username, "firstName", "lastName", email, "updatedAt")
       SELECT 'bench' || g, 'Vorname', 'Nachname', 'bench' || g || '@example.ch', now() FROM generate_series(1, ${MEMBERS}) g RETURNING id`,
    )
  ).map((r) => r.id);
  // Names are words of letters (the comparison drops digits, as names have none): member 123 is «Vornamebcd Nachnamebcd».
  await database.raw.query(
    `UPDATE members SET "firstName" = 'Vorname' || ${lettersSql('id')}, "lastName" = 'Nachname' || ${lettersSql('id')} WHERE id = ANY($1::int[])`,
    [memberIds],
  );
  const numbers: string[] = [];
  const refs: string[] = [];
  const owners: number[] = [];
  for (let i = 1; i <= INVOICES; i++) {
    const member = memberIds[i % memberIds.length]!;
    numbers.push(`2031-${String(i).padStart(5, '0')}`);
    refs.push(qrReference(`2031${String(i).padStart(5, '0')}${String(member).padStart(6, '0')}`));
    owners.push(member);
  }
  await database.raw.query(
    `INSERT INTO invoices (number, "memberId", kind, title, "invoiceDate", "dueDate", "totalRappen", status, reference, "debtorName", street, "postalCode", city, "paidRappen", "updatedAt")
     SELECT n, m, 'OTHER', 'Mitgliederbeitrag', DATE '2031-05-01', DATE '2031-05-31', 5000, 'OPEN', r, 'Vorname' || ${lettersSql('m')} || ' Nachname' || ${lettersSql('m')}, 'Limmatstrasse', '8005', 'Zürich', 0, now()
     FROM unnest($1::text[], $2::int[], $3::text[]) AS v(n, m, r)`,
    [numbers, owners, refs],
  );
  const board = await createMember(database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  // credits without reference: names and amounts that suggest invoices, as members pay by e-banking
  const entries: CamtEntrySpec[] = Array.from({ length: LINES }, (_, i) => ({
    amount: chf(i % 3 === 0 ? 5000 : 1000 + i),
    bookingDate: `2031-06-${String(1 + (i % 28)).padStart(2, '0')}`,
    reference: '',
    debtorName: `Nachname${letters(memberIds[i % memberIds.length]!)} Vorname${letters(memberIds[i % memberIds.length]!)}`,
    message: i % 7 === 0 ? `Rechnung 2031-${String(i + 1).padStart(5, '0')}` : 'Beitrag',
  }));
  const xml = buildCamt({ version: '08', msgId: `REVIEW-${Date.now().toString(36)}`, entries });

  const server = await startTestServer({
    database: { ...database, close: async () => {} },
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  try {
    const { cookie } = await loginAs(server.url, board.username, board.password);
    const imported = await fetch(`${server.url}/api/v1/admin/payments/camt054?fileName=review.xml`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', accept: 'application/json', cookie },
      body: xml,
    });
    if (imported.status !== 200) throw new Error(`import answered ${imported.status}`);
    const slowest = async (query: string) => {
      let worst = 0;
      let total = 0;
      for (let run = 0; run < RUNS; run++) {
        const started = process.hrtime.bigint();
        const response = await fetch(`${server.url}/api/v1/admin/payments/unmatched${query}`, {
          headers: { accept: 'application/json', cookie },
        });
        const body = (await response.json()) as { data: unknown[]; total: number };
        worst = Math.max(worst, msSince(started));
        if (response.status !== 200) throw new Error(`review list answered ${response.status}`);
        total = body.total;
      }
      return { worst, total };
    };
    const figures = [
      ['first page (25, with suggestions)', await slowest('')],
      ['page 20 (25)', await slowest('?page=20')],
      ['200 at once', await slowest('?pageSize=200')],
    ] as const;
    const os = await import('node:os');
    process.stdout.write(
      [
        `review list with ${figures[0][1].total} open bank lines and ${INVOICES} open invoices, PostgreSQL, over HTTP (slowest of ${RUNS}):`,
        ...figures.map(([what, f]) => `  ${what.padEnd(36)} ${Math.round(f.worst)} ms`),
        `  load average: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${os.availableParallelism()} cores`,
        '',
      ].join('\n'),
    );
    if (figures[0][1].total < LINES) throw new Error(`only ${figures[0][1].total} lines listed, ${LINES} expected`);
    const over = figures.filter(([, f]) => f.worst >= BUDGET_MS);
    if (over.length) {
      process.stdout.write(`over the budget of ${BUDGET_MS} ms: ${over.map(([w]) => w).join(', ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    await server.close();
  }
});
