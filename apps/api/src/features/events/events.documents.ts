import type * as ExcelJS from 'exceljs';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { fitWidth, printSetup, shownLength } from '../../lib/xlsx-layout.ts';

const exceljs = onFirstUse<typeof ExcelJS>('exceljs');
import type { EventRow, SubscriberRow } from './events.repository.ts';
import { zurichWallClock } from '../../lib/dates.ts';

/** The board's list of subscribers (the event's iCalendar entry is the calendar feature's). Pure: loaded data in, bytes out. */

const STATUS = { CONFIRMED: 'Bestätigt', WAITING: 'Warteliste' } as const;

/**
 * `GET /api/v1/admin/events/{id}/subscribers.xlsx`: a bold, frozen header row with an
 * autofilter, real dates (shown in Zurich time), numbers as numbers, columns as wide as their
 * content, printed on A4 landscape one page wide with the header on every page.
 */
export async function subscribersWorkbook(event: EventRow, rows: readonly SubscriberRow[]): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet('Angemeldete', { views: [{ state: 'frozen', ySplit: 1 }], pageSetup: printSetup });
  const longest = (text: (r: SubscriberRow) => string) => rows.reduce((max, r) => Math.max(max, shownLength(text(r))), 0);
  const column = (header: string, key: string, length: number) => ({ header, key, width: fitWidth(header, length) });
  sheet.columns = [
    column(
      'Nachname',
      'lastName',
      longest((r) => r.member.lastName),
    ),
    column(
      'Vorname',
      'firstName',
      longest((r) => r.member.firstName),
    ),
    column(
      'Mitglied-Nr.',
      'memberNumber',
      longest((r) => String(r.member.memberNumber)),
    ),
    column(
      'E-Mail',
      'email',
      longest((r) => r.member.email),
    ),
    column(
      'Plätze',
      'amount',
      longest((r) => String(r.amount)),
    ),
    column(
      'Status',
      'status',
      longest((r) => STATUS[r.status]),
    ),
    { ...column('Angemeldet am', 'subscribed', 16), style: { numFmt: 'dd.mm.yyyy hh:mm' } },
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
