import type { PrismaClient } from '../../generated/prisma/client.ts';
import { addDays, zurichToday } from '../../lib/dates.ts';
import { makeQrReference } from '../../lib/payment-reference.ts';

/**
 * A few demo invoices for the treasurer's screen when the demo has none yet (the fee runs'
 * demo invoices, where loaded first, make this a no-op): fan articles for 'mitglied' (one open,
 * one paid) and some other members (open, overdue, paid by hand), so the overview, a payment
 * by hand and `pnpm demo-camt054` can be tried. Numbers come from invoice_number_sequences as
 * any issued invoice's do.
 */
export async function loadPaymentDemoData(db: PrismaClient, now: Date): Promise<void> {
  if ((await db.invoice.count()) > 0) return;
  const today = zurichToday(now);
  const year = today.getUTCFullYear();
  const members = await db.member.findMany({
    where: { loginAccount: { isNot: null } },
    orderBy: { id: 'asc' },
    take: 8,
    include: { addresses: { where: { current: true }, take: 1 } },
  });
  const plan: { daysAgo: number; text: string; rappen: number; paid: boolean }[] = [
    { daysAgo: 10, text: 'Fanclub-Schal 2026', rappen: 2500, paid: false },
    { daysAgo: 60, text: 'Carfahrt Auswärtsspiel Davos', rappen: 4500, paid: true },
    { daysAgo: 45, text: 'Fanclub-Schal 2026', rappen: 2500, paid: false },
    { daysAgo: 12, text: 'Carfahrt Auswärtsspiel Bern', rappen: 3800, paid: false },
    { daysAgo: 70, text: 'Saisonabschlussessen', rappen: 6500, paid: true },
    { daysAgo: 50, text: 'Fanclub-Mütze', rappen: 1800, paid: false },
  ];
  await db.$transaction(async (tx) => {
    for (const [i, item] of plan.entries()) {
      // 'mitglied' (the first demo member) gets the first two; the others one each
      const member = members[i < 2 ? 0 : i] ?? members[0];
      const address = member?.addresses[0];
      if (!member || !address) continue;
      const sequence = await tx.invoiceNumberSequence.upsert({ where: { year }, create: { year, lastNumber: 1 }, update: { lastNumber: { increment: 1 } } });
      const serial = String(sequence.lastNumber).padStart(5, '0');
      const invoiceDate = addDays(today, -item.daysAgo);
      const paidAt = item.paid ? addDays(invoiceDate, 12) : null;
      const invoice = await tx.invoice.create({
        data: {
          number: `${year}-${serial}`,
          memberId: member.id,
          kind: 'OTHER',
          title: item.text,
          invoiceDate,
          dueDate: addDays(invoiceDate, 30),
          totalRappen: item.rappen,
          status: item.paid ? 'PAID' : 'OPEN',
          reference: makeQrReference(`${year}${serial}${String(member.id).padStart(6, '0')}`),
          debtorName: `${member.firstName} ${member.lastName}`,
          street: address.street,
          houseNumber: address.houseNumber,
          addressLine2: address.addressLine2,
          postalCode: address.postalCode,
          city: address.city,
          country: address.country,
          paidAt,
          paidRappen: item.paid ? item.rappen : 0,
          lines: { create: [{ position: 1, text: item.text, amountRappen: item.rappen }] },
        },
      });
      if (paidAt) {
        await tx.payment.create({
          data: { source: 'MANUAL', invoiceId: invoice.id, outcome: 'MATCHED', reference: invoice.reference, amountRappen: item.rappen, bookingDate: paidAt },
        });
      }
    }
  });
}
