import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildCamt, type CamtEntrySpec } from './camt.writer.ts';
import { chf, createInvoice, loggedIn, postCamt } from './payments.test-support.ts';

/**
 * For random payments on a few invoices, delivered as a Swiss bank does during the migration
 * (each booking in camt.054 .001.04 and/or .001.08, intraday and again at the end of the day,
 * several bookings per file), imported in any order and some files twice: every invoice has
 * booked exactly what was paid on it, and every bank transaction is stored once.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const RUNS = 12 * Number(process.env.FUZZ_SCALE ?? 1);

const bookingArb = (invoices: number) =>
  fc.record({
    payments: fc.array(fc.record({ invoice: fc.nat(invoices - 1), rappen: fc.integer({ min: 1, max: 4000 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    date: fc.constantFrom('2026-06-01', '2026-06-02'),
  });

/** A file: some bookings, a version, intraday or end of day. */
const deliveryArb = (bookings: number) =>
  fc.record({
    bookings: fc.subarray([...Array(bookings).keys()], { minLength: 1 }),
    version: fc.constantFrom('04' as const, '08' as const),
    kind: fc.constantFrom('intraday', 'end-of-day'),
  });

const scenarioArb = fc.integer({ min: 1, max: 3 }).chain((invoices) =>
  fc.array(bookingArb(invoices), { minLength: 1, maxLength: 5 }).chain((bookings) =>
    fc.record({
      invoices: fc.constant(invoices),
      bookings: fc.constant(bookings),
      deliveries: fc.array(deliveryArb(bookings.length), { minLength: 1, maxLength: 4 }),
      versions: fc.array(fc.constantFrom('04' as const, '08' as const), { minLength: bookings.length, maxLength: bookings.length }),
      repeats: fc.array(fc.nat(20), { maxLength: 3 }),
      order: fc.infiniteStream(fc.nat()),
    }),
  ),
);

describe('bank files, property: what was paid is booked, once', () => {
  let server: TestServer;
  let cookie: string;
  let debtor: number;
  let run = 0;

  beforeAll(async () => {
    server = await startTestServer();
    cookie = (await loggedIn(server.url, server.database.prisma, true)).cookie;
    debtor = (await createMember(server.database.prisma, {})).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`random payments in .04 and .08, split, intraday and end of day, any order, repeated (seed ${SEED})`, async () => {
    console.info(`bank file property seed ${SEED} (FUZZ_SEED replays, FUZZ_SCALE runs more)`);
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        run += 1;
        const db = server.database.prisma;
        // Totals large enough that nothing overpays: every payment counts.
        const invoices = await Promise.all(
          [...Array(scenario.invoices).keys()].map(() => createInvoice(db, debtor, { totalRappen: 1_000_000 })),
        );
        const tag = `P${run}-${Math.random().toString(36).slice(2, 8)}`;
        const uetrs = scenario.bookings.map((b) => b.payments.map(() => crypto.randomUUID()));
        const entryOf = (i: number): CamtEntrySpec => {
          const booking = scenario.bookings[i]!;
          return {
            amount: chf(booking.payments.reduce((sum, p) => sum + p.rappen, 0)),
            bookingDate: booking.date,
            acctSvcrRef: `${tag}-E${i}`,
            transactions: booking.payments.map((p, j) => ({
              amount: chf(p.rappen),
              reference: invoices[p.invoice]!.reference,
              acctSvcrRef: `${tag}-E${i}-T${j}`,
              uetr: uetrs[i]![j]!,
              debtorName: 'Zahlerin',
            })),
          };
        };
        // Every booking reaches the club at least once (in the version the bank chose for it).
        const files = [
          ...scenario.deliveries.map((d, k) => ({ msgId: `${tag}-${d.kind}-${k}`, version: d.version, bookings: d.bookings })),
          ...scenario.bookings.map((_, i) => ({ msgId: `${tag}-eod-${i}`, version: scenario.versions[i]!, bookings: [i] })),
        ];
        const queue = [...files, ...scenario.repeats.map((r) => files[r % files.length]!)];
        const order = scenario.order.take(queue.length);
        const shuffled = queue.map((f, i) => ({ f, key: order.next().value as number, i })).sort((a, b) => a.key - b.key || a.i - b.i);
        for (const { f } of shuffled) {
          const xml = buildCamt({ version: f.version, msgId: f.msgId, entries: f.bookings.map(entryOf) });
          const answer = await postCamt(server.url, cookie, xml);
          if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
        for (const [k, invoice] of invoices.entries()) {
          const paid = scenario.bookings
            .flatMap((b) => b.payments)
            .filter((p) => p.invoice === k)
            .reduce((sum, p) => sum + p.rappen, 0);
          const row = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
          expect(row.paidRappen, `invoice ${k}`).toBe(paid);
          const lines = await db.payment.findMany({ where: { invoiceId: invoice.id } });
          expect(lines.reduce((sum, l) => sum + l.amountRappen, 0)).toBe(paid);
        }
        const stored = await db.payment.count({ where: { rawXml: { contains: tag } } });
        expect(stored).toBe(scenario.bookings.reduce((n, b) => n + b.payments.length, 0));
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // about 25 s on an idle machine; a shared one needs more than the default minute
  }, 600_000);
});
