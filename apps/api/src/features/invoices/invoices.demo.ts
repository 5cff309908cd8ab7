import { inTransaction } from '../../db/tx.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import { addDays, toIsoDate } from '../../lib/dates.ts';
import { createLogger } from '../../lib/logger.ts';
import { findMemberIdByUsername, listMembershipFeeInvoices, listSeasonsOldestFirst, writeInvoiceStates } from './invoices.repository.ts';
import { nextInvoiceState } from './invoices.rules.ts';
import { issueFees, type InvoiceSettings } from './invoices.service.ts';

/** The demo club's creditor, when the caller has no configuration at hand (tests). */
export const demoInvoiceSettings: InvoiceSettings = {
  clubName: 'ZSC Fanclub Limmat',
  iban: 'CH4431999123000889012',
  address: { street: 'Postfach 1234', houseNumber: '', postalCode: '8050', city: 'Zürich', country: 'CH' },
  contactLine: 'localhost:3000',
};

/**
 * Fee invoices of both demo seasons, issued as the real runs do (without mails): the membership
 * fees ten days after each season began, this season's parking fees today. Most are paid (set
 * straight here; booking payments belongs to the bank import), a few of this season stay open and
 * overdue, the parking fees are open. `mitglied` has paid invoices and an open one.
 */
export async function loadInvoiceDemoData(db: DbOrTx, now: Date, settings: InvoiceSettings = demoInvoiceSettings): Promise<void> {
  const seasons = await listSeasonsOldestFirst(db);
  const log = createLogger('silent');
  const last = seasons.length - 1;
  for (const [k, season] of seasons.entries()) {
    const issuedAt = addDays(season.validFrom, 10);
    if (issuedAt.getTime() > now.getTime()) continue;
    await inTransaction(
      db,
      async (tx) => {
        const ctx = { db: tx, log, actor: null, now: issuedAt };
        await issueFees(ctx, { seasonId: season.id, kind: 'MEMBERSHIP_FEE', memberIds: null, settings, mail: false });
        if (k === last && season.parkingFeeRappen > 0) {
          await issueFees({ ...ctx, now }, { seasonId: season.id, kind: 'PARKING_FEE', memberIds: null, settings, mail: false });
        }
      },
      { timeout: 60_000 },
    );
  }
  const mitglied = await findMemberIdByUsername(db, 'mitglied');
  const fees = await listMembershipFeeInvoices(db);
  const currentSeasonId = seasons[last]?.id;
  const paid = fees
    // This season: every seventh member has not paid yet (overdue); last season: one did not.
    .filter((inv) => inv.memberId === mitglied?.id || (inv.seasonId === currentSeasonId ? inv.memberId % 7 !== 3 : inv.memberId % 17 !== 5))
    .map((inv) => {
      const open = { status: 'OPEN' as const, totalRappen: inv.totalRappen, paidRappen: 0, paidAt: null };
      const date = toIsoDate(addDays(inv.invoiceDate, 3 + (inv.memberId % 20)));
      return { id: inv.id, ...nextInvoiceState(open, { kind: 'payment', amountRappen: inv.totalRappen, date }) };
    });
  await writeInvoiceStates(db, paid, now);
}
