import type * as ExcelJS from 'exceljs';
import { onFirstUse } from '../../lib/on-first-use.ts';

const exceljs = onFirstUse<typeof ExcelJS>('exceljs');
import type { EventRow, SubscriberRow } from './events.repository.ts';
import { zurichWallClock } from '../../lib/dates.ts';

/** The board's list of subscribers (the event's iCalendar entry is the calendar feature's). Pure: loaded data in, bytes out. */

const STATUS = { CONFIRMED: 'Bestätigt', WAITING: 'Warteliste' } as const;

/**
 * `GET /api/v1/admin/events/{id}/subscribers.xlsx`: a bold, frozen header row with an
 * autofilter, real dates (shown in Zurich time), numbers as numbers and fitting widths.
 */
export async function subscribersWorkbook(event: EventRow, rows: readonly SubscriberRow[]): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet('Angemeldete', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Nachname', key: 'lastName', width: 20 },
    { header: 'Vorname', key: 'firstName', width: 16 },
    { header: 'Mitglied-Nr.', key: 'memberNumber', width: 12 },
    { header: 'E-Mail', key: 'email', width: 32 },
    { header: 'Plätze', key: 'amount', width: 8 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Angemeldet am', key: 'subscribed', width: 18, style: { numFmt: 'dd.mm.yyyy hh:mm' } },
  ];
  for (const r of rows) {
    sheet.addRow({
      lastName: r.member.lastName,
      firstName: r.member.firstName,
      memberNumber: r.member.memberNumber,
      email: r.member.email,
      amount: r.amount,
      status: STATUS[r.status],
      subscribed: zurichWallClock(r.subscriptionTimestamp),
    });
  }
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  workbook.title = event.title;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A file name without characters that trouble browsers or file systems. */
export function fileNameOf(title: string, fallback: string): string {
  const cleaned = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return cleaned.slice(0, 60) || fallback;
}
