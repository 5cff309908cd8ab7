// Ticket and event billing run on the local PostgreSQL: 10,000 members with a current address,
// each with 3 ticket reservations for games of one season whose sales have closed (one of them
// with a delivery fee), in a database of its own that is dropped again. Then the billing run as
// the route runs it (runTicketBilling: one transaction under the issuing lock, invoices with a
// line per game and fee, a link per reservation, a mail per invoice), and its repeat that bills
// nothing. Prints the times, and the CPU time of this process and of the database's server
// processes (read from /proc: PostgreSQL on this machine), which a shared machine's load does not
// inflate. Targets: first run < 10 s, repeat < 2 s.
//
//   pnpm exec tsx bench/ticket-billing/run.ts
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// MEMBERS (10000), RESERVATIONS (3 per member).
import { demoInvoiceSettings } from '../../apps/api/src/features/invoices/invoices.demo.ts';
import { runTicketBilling } from '../../apps/api/src/features/invoices/ticket-billing.service.ts';
import { seasonDates } from '../../apps/api/src/lib/dates.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Database } from '../../apps/api/src/db/client.ts';
import { msSince as ms, withScratchDatabase } from '../lib/scratch-database.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const RESERVATIONS = Number(process.env.RESERVATIONS ?? 3);

/** CPU milliseconds spent so far by the server processes of this database (null: not on this machine). */
async function databaseCpuMs(database: Database): Promise<number | null> {
  const rows = await database.raw.query<{ pid: number }>('SELECT "pid" FROM pg_stat_activity WHERE "datname" = current_database()');
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return ticks * 10;
}

/** `first` and `repeat`: wall time, and CPU time of this process and the database. */
async function measured<T>(database: Database, run: () => Promise<T>): Promise<{ result: T; text: string }> {
  const cpu = process.cpuUsage();
  const dbBefore = await databaseCpuMs(database);
  const t = process.hrtime.bigint();
  const result = await run();
  const wall = ms(t);
  const used = process.cpuUsage(cpu);
  const dbAfter = await databaseCpuMs(database);
  const dbCpu = dbBefore === null || dbAfter === null ? 'n/a' : `${dbAfter - dbBefore} ms`;
  return {
    result,
    text: `${wall.toFixed(0)} ms (CPU: this process ${Math.round((used.user + used.system) / 1000)} ms, database ${dbCpu})`,
  };
}

await withScratchDatabase('club_bench_billing', async (database) => {
  const db = database.prisma;
  // A season that has ended: every game's sales are closed.
  const season = await db.season.create({ data: { ...seasonDates(2024), membershipFeeRappen: 6000 } });
  const board = await db.member.create({
    data: { username: 'kassier', firstName: 'Kurt', lastName: 'Kassier', email: 'kassier@example.ch' },
  });
  await database.raw.query(`
    INSERT INTO "members" ("username", "firstName", "lastName", "email", "updatedAt")
    SELECT 'm' || g, 'Vorname' || g, 'Marjanović ' || g, 'm' || g || '@example.ch', now() FROM generate_series(1, ${MEMBERS}) g`);
  await database.raw.query(`
    INSERT INTO "addresses" ("memberId", "street", "houseNumber", "postalCode", "city", "validFrom", "current")
    SELECT "id", 'Limmatstrasse', ("id" % 200 + 1)::text, '8005', 'Zürich', '2020-01-01', true FROM "members" WHERE "username" LIKE 'm%'`);
  await database.raw.query(
    `INSERT INTO "delivery_options" ("name", "feeRappen") VALUES ('Abholung im Fanlokal', 0), ('Versand per Post', 200)`,
  );
  await database.raw.query(`
    INSERT INTO "game_groups" ("name", "defaultPricePerTicketRappen", "availableTicketsPerGame", "freeTicketAmount", "updatedAt")
    VALUES ('Heimspiele', 4500, 100000, 4, now())`);
  // One game per reservation slot, spread over the season.
  await database.raw.query(`
    INSERT INTO "games" ("gameGroupId", "start", "opponent", "homeGame", "venue", "updatedAt")
    SELECT (SELECT "id" FROM "game_groups"), TIMESTAMPTZ '2024-10-01 19:45+02' + (g * interval '14 days'), (ARRAY['SCB','HCD','EVZ'])[g], true,
           'Swiss Life Arena', now()
      FROM generate_series(1, ${RESERVATIONS}) g`);
  await database.raw.query(`
    INSERT INTO "ticket_reservations" ("gameId", "memberId", "deliveryOptionId", "amount", "pricePerTicketRappen", "street", "houseNumber", "postalCode", "city")
    SELECT g."id", m."id", (SELECT "id" FROM "delivery_options" WHERE "feeRappen" = CASE WHEN m."id" % 3 = 0 THEN 200 ELSE 0 END),
           1 + (m."id" + g."id") % 3, 4500, 'Limmatstrasse', '1', '8005', 'Zürich'
      FROM "members" m CROSS JOIN "games" g WHERE m."username" LIKE 'm%'`);
  await database.raw.query('ANALYZE');
  const reservations = await db.ticketReservation.count();
  console.log(`seeded ${MEMBERS} members with ${reservations} reservations in ${season.name}`);

  const ctx = () => ({
    db,
    log: createLogger('silent'),
    actor: { memberId: board.id, roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] as const },
    now: new Date(),
  });
  const input = { seasonId: season.id, memberIds: [], settings: demoInvoiceSettings };
  const first = await measured(database, () => runTicketBilling(ctx(), input));
  const [lines, links, mails] = await Promise.all([db.invoiceLine.count(), db.billedItem.count(), db.mailOutbox.count()]);
  const repeat = await measured(database, () => runTicketBilling(ctx(), input));
  console.log(`billing run, first:  ${JSON.stringify(first.result)} in ${first.text}; ${lines} lines, ${links} links, ${mails} mails`);
  console.log(`billing run, repeat: ${JSON.stringify(repeat.result)} in ${repeat.text}`);
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
});
