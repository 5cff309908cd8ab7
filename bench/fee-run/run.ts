// Fee run and invoice PDF on the local PostgreSQL: 10,000 members with a current address and a
// membership in one season (a database of its own, dropped again), then the membership fee run
// as the route runs it (runFeeInvoices: one transaction, invoices, lines and mails with their
// attachment described as data), its repeat that creates nothing, and 200 renders of one
// invoice's PDF (after 20 to warm up). Prints the times.
//
//   pnpm exec tsx bench/fee-run/run.ts
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// MEMBERS (10000), RENDERS (200).
import { demoInvoiceSettings } from '../../apps/api/src/features/invoices/invoices.demo.ts';
import { findInvoice } from '../../apps/api/src/features/invoices/invoices.repository.ts';
import { invoiceDocument, runFeeInvoices } from '../../apps/api/src/features/invoices/invoices.service.ts';
import { renderInvoicePdf } from '../../apps/api/src/features/invoices/invoice.pdf.ts';
import { seasonDates } from '../../apps/api/src/lib/dates.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { msSince as ms, withScratchDatabase } from '../lib/scratch-database.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const RENDERS = Number(process.env.RENDERS ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

await withScratchDatabase('club_bench_fees', async (database) => {
  const db = database.prisma;
  const season = await db.season.create({ data: { ...seasonDates(2030), membershipFeeRappen: 6000, parkingFeeRappen: 12000 } });
  const board = await db.member.create({
    data: { username: 'kassier', firstName: 'Kurt', lastName: 'Kassier', email: 'kassier@example.ch' },
  });
  await database.raw.query(`
    INSERT INTO "members" ("username", "firstName", "lastName", "email", "updatedAt")
    SELECT 'm' || g, 'Vorname' || g, 'Marjanović ' || g, 'm' || g || '@example.ch', now() FROM generate_series(1, ${MEMBERS}) g`);
  await database.raw.query(`
    INSERT INTO "addresses" ("memberId", "street", "houseNumber", "postalCode", "city", "validFrom", "current")
    SELECT "id", 'Limmatstrasse', ("id" % 200 + 1)::text, '8005', 'Zürich', '2020-01-01', true FROM "members" WHERE "username" LIKE 'm%'`);
  await database.raw.query(`
    INSERT INTO "memberships" ("memberId", "seasonId", "validFrom", "validTo", "parkingPermit")
    SELECT "id", ${season.id}, '2030-05-01', '2031-04-30', "id" % 4 = 0 FROM "members" WHERE "username" LIKE 'm%'`);
  await database.raw.query('ANALYZE');
  console.log(`seeded ${MEMBERS} members with a membership in ${season.name}`);

  const ctx = () => ({
    db,
    log: createLogger('silent'),
    actor: { memberId: board.id, roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] as const },
    now: new Date(),
  });
  let t = process.hrtime.bigint();
  const first = await runFeeInvoices(ctx(), { seasonId: season.id, kind: 'MEMBERSHIP_FEE', memberIds: [], settings: demoInvoiceSettings });
  const firstMs = ms(t);
  t = process.hrtime.bigint();
  const repeat = await runFeeInvoices(ctx(), { seasonId: season.id, kind: 'MEMBERSHIP_FEE', memberIds: [], settings: demoInvoiceSettings });
  const repeatMs = ms(t);
  const mails = await db.mailOutbox.count();
  console.log(`fee run, first:  ${JSON.stringify(first)} in ${firstMs.toFixed(0)} ms (${mails} mails in the outbox)`);
  console.log(`fee run, repeat: ${JSON.stringify(repeat)} in ${repeatMs.toFixed(0)} ms`);

  const one = await db.invoice.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const row = await findInvoice(db, one.id);
  const times: number[] = [];
  for (let i = 0; i < RENDERS + 20; i++) {
    t = process.hrtime.bigint();
    const doc = invoiceDocument(row!, demoInvoiceSettings);
    await renderInvoicePdf(doc);
    if (i >= 20) times.push(ms(t));
  }
  times.sort((a, b) => a - b);
  console.log(
    `invoice PDF (${RENDERS} renders): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
  );
});
