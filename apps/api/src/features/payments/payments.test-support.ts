import type { InvoiceStatus } from '@club/contract';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { createMember } from '../../test/factories.ts';
import { loginAs } from '../../test/login.ts';
import { client, type Call } from '../tickets/tickets.test-support.ts';
import { fromIsoDate, seasonDates } from '../../lib/dates.ts';
import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum } from 'swissqrbill/utils';
import { buildCamt, type CamtFileSpec } from './camt.writer.ts';

export { chf, type CamtEntrySpec } from './camt.writer.ts';

/** A 27-digit QR reference from up to 26 digits of payload. */
export function qrReference(payload: string): string {
  const body = payload.padStart(26, '0');
  return body + calculateQRReferenceChecksum(body);
}

/** An ISO 11649 creditor reference `RF…` from letters and digits. */
export function creditorReference(payload: string): string {
  return `RF${calculateSCORReferenceChecksum(payload)}${payload}`;
}

/** A bank file for a test: camt.054 .08 unless asked. */
export function camt054(spec: CamtFileSpec): string {
  return buildCamt({ msgId: `TEST-${++fileCounter}-${Math.random().toString(36).slice(2, 8)}`, ...spec });
}
let fileCounter = 0;

let invoiceCounter = 0;

export interface TestInvoice {
  id: number;
  number: string;
  reference: string;
  totalRappen: number;
}

/**
 * An issued invoice written straight into the database (issuing has its own feature and tests):
 * a unique number of year 2099 and a QR reference (or an RF creditor reference) made from it.
 */
export async function createInvoice(
  db: PrismaClient,
  memberId: number,
  options: Partial<{
    totalRappen: number;
    status: InvoiceStatus;
    paidRappen: number;
    kind: 'MEMBERSHIP_FEE' | 'PARKING_FEE' | 'OTHER';
    seasonId: number | null;
    invoiceDate: string;
    dueDate: string;
    title: string;
    debtorName: string;
    scor: boolean;
    year: number;
    reference: string;
  }> = {},
): Promise<TestInvoice> {
  invoiceCounter += 1;
  const year = options.year ?? 2099;
  const serial = invoiceCounter;
  const number = `${year}-${String(serial).padStart(5, '0')}`;
  const payload = `${year}${String(serial).padStart(5, '0')}${String(memberId).padStart(6, '0')}`;
  const reference = options.reference ?? (options.scor ? creditorReference(payload) : qrReference(payload));
  const total = options.totalRappen ?? 5000;
  const status = options.status ?? 'OPEN';
  const invoice = await db.invoice.create({
    data: {
      number,
      memberId,
      seasonId: options.seasonId ?? null,
      kind: options.kind ?? 'OTHER',
      title: options.title ?? `Testrechnung ${number}`,
      invoiceDate: fromIsoDate(options.invoiceDate ?? '2027-05-01'),
      dueDate: fromIsoDate(options.dueDate ?? '2027-05-31'),
      totalRappen: total,
      status,
      reference,
      debtorName: options.debtorName ?? 'Test Mitglied',
      street: 'Limmatstrasse',
      houseNumber: '12',
      postalCode: '8005',
      city: 'Zürich',
      paidRappen: options.paidRappen ?? (status === 'PAID' ? total : 0),
      paidAt: status === 'PAID' ? fromIsoDate('2027-05-20') : null,
      cancelledAt: status === 'CANCELLED' ? new Date() : null,
      lines: { create: [{ position: 1, text: options.title ?? 'Beitrag', amountRappen: total }] },
    },
  });
  return { id: invoice.id, number, reference, totalRappen: total };
}

/** Rows the payment routes write (to prove a refused call wrote nothing). */
export async function paymentRowCounts(db: PrismaClient) {
  const [payments, bankFiles, paid, audit] = await Promise.all([
    db.payment.count(),
    db.bankFile.count(),
    db.invoice.aggregate({ _sum: { paidRappen: true } }),
    db.auditLog.count(),
  ]);
  return { payments, bankFiles, paidRappen: paid._sum.paidRappen ?? 0, audit };
}

let seasonYear = 2200;
/** A season of its own (a far year), so a test's list filter sees only its own invoices. */
export async function createSeason(db: PrismaClient): Promise<{ id: number; name: string }> {
  seasonYear += 1;
  const s = seasonDates(seasonYear);
  const season = await db.season.create({ data: { ...s, membershipFeeRappen: 5000, parkingFeeRappen: 12000 } });
  return { id: season.id, name: season.name };
}

/** POSTs a camt.054 file as the screen does (the file itself, application/xml). */
export async function postCamt(baseUrl: string, cookie: string | undefined, xml: string, headers: Record<string, string> = {}, query = '') {
  const response = await fetch(`${baseUrl}/api/v1/admin/payments/camt054${query}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/xml', ...(cookie ? { cookie } : {}), ...headers },
    body: xml,
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are inspected field by field
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** A member (or board member) logged in through the real login, with the session cookie. */
export async function loggedIn(baseUrl: string, db: PrismaClient, board = false, names: { firstName?: string; lastName?: string } = {}) {
  const member = await createMember(db, { roles: board ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'], ...names });
  const { cookie } = await loginAs(baseUrl, member.username, member.password);
  const call: Call = client(baseUrl, cookie);
  return { id: member.id, cookie, call };
}

export { client, type Call, type Json } from '../tickets/tickets.test-support.ts';
