// Ticket and event billing run on the local PostgreSQL: 10,000 members with a current address,
// each with 3 ticket reservations for games of one season whose sales have closed (one of them
// with a delivery fee), in a database of its own that is dropped again. Then the billing run as
// the route runs it (runTicketBilling: one transaction under the issuing lock, invoices with a
// line per game and fee, a link per reservation, a mail per invoice), and its repeat that bills
// nothing. Prints the times. Targets: first run < 10 s, repeat < 2 s.
//
//   pnpm exec tsx bench/ticket-billing/run.ts
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// MEMBERS (10000), RESERVATIONS (3 per member).
import { demoInvoiceSettings } from '../../apps/api/src/features/invoices/invoices.demo.ts';
import { runTicketBilling } from '../../apps/api/src/features/invoices/ticket-billing.service.ts';
import { seasonDates } from '../../apps/api/src/lib/dates.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { msSince as ms, withScratchDatabase } from '../lib/scratch-database.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const RESERVATIONS = Number(process.env.RESERVATIONS ?? 3);

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
  let t = process.hrtime.bigint();
  const first = await runTicketBilling(ctx(), { seasonId: season.id, memberIds: [], settings: demoInvoiceSettings });
  const firstMs = ms(t);
  const [lines, links, mails] = await Promise.all([db.invoiceLine.count(), db.billedItem.count(), db.mailOutbox.count()]);
  t = process.hrtime.bigint();
  const repeat = await runTicketBilling(ctx(), { seasonId: season.id, memberIds: [], settings: demoInvoiceSettings });
  const repeatMs = ms(t);
  console.log(`billing run, first:  ${JSON.stringify(first)} in ${firstMs.toFixed(0)} ms (${lines} lines, ${links} links, ${mails} mails)`);
  console.log(`billing run, repeat: ${JSON.stringify(repeat)} in ${repeatMs.toFixed(0)} ms`);
});
