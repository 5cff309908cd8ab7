import { formatChf, INVOICE_STATUS_LABEL, rappenToFrancs, type ReportType } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';
import { itemTotalRappen } from '../../lib/payment-mode.ts';
import { displayPhone } from '../../lib/phone.ts';
import type { Cell, TableColumn } from './report-model.ts';
import { dateOnly, formatZurichDateTime, seasonInstants, timeOnly, zurichWallClock } from './report-dates.ts';
import {
  findCategories,
  findEvents,
  findGroupGames,
  findGroupsWithGames,
  readEventSubscriptions,
  readFeeInvoices,
  readGameReservations,
  readSeasonMembers,
  readPayments,
  readTicketFees,
  type CategoryReportRow,
  type FeeInvoiceRow,
  type FeeKind,
  type MemberReportRow,
  type NameKey,
  type PaymentKey,
  type PaymentReportRow,
  type ReservationReportRow,
  type SeasonRow,
  type SubscriptionReportRow,
  type TicketFeesRow,
} from './reports.repository.ts';

/**
 * The six season reports: their columns (for the spreadsheet, and a narrower set for the
 * A4 page where the spreadsheet's are too many) and where their rows come from.
 */

export const BATCH_SIZE = 500;

export interface Column<R> extends TableColumn {
  value: (row: R) => Cell;
}

export interface RawBlock<R> {
  heading?: string;
  rows: AsyncIterable<R[]>;
}
export interface RawSection<R> {
  name: string;
  heading?: string;
  subtotals: boolean;
  blocks: AsyncIterable<RawBlock<R>>;
}

export interface ReportDefinition<R> {
  title: string;
  /** German file name before the season: `Mitglieder` → `Mitglieder-2027-28.xlsx`. */
  fileBase: string;
  xlsx: Column<R>[];
  pdf: Column<R>[];
  sections(db: DbOrTx, season: SeasonRow, seasonLabel: string): AsyncIterable<RawSection<R>>;
}

/**
 * Rows in batches by keyset: each batch starts after the key of the last row before it. The key
 * is taken before a batch is handed on: the receiver may let the batch's rows go as it uses them.
 */
export async function* batches<R, K>(read: (key: K | null) => Promise<R[]>, keyOf: (row: R) => K, size = BATCH_SIZE): AsyncIterable<R[]> {
  let key: K | null = null;
  for (;;) {
    const rows = await read(key);
    const last = rows.at(-1);
    if (last === undefined) return;
    const more = rows.length >= size;
    key = keyOf(last);
    yield rows;
    if (!more) return;
  }
}

const nameKey = (r: { lastName: string; firstName: string; id: number }): NameKey => ({
  lastName: r.lastName,
  firstName: r.firstName,
  id: r.id,
});
const yes = (flag: boolean) => (flag ? 'Ja' : '');

function addressLines(a: {
  street: string | null;
  houseNumber: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}): string {
  if (!a.street) return '';
  const country = a.country && a.country !== 'CH' ? `${a.country}-` : '';
  return [`${a.street} ${a.houseNumber ?? ''}`.trim(), a.addressLine2 ?? '', `${country}${a.postalCode ?? ''} ${a.city ?? ''}`.trim()]
    .filter(Boolean)
    .join('\n');
}

async function* single<R>(section: RawSection<R>): AsyncIterable<RawSection<R>> {
  yield section;
}
async function* oneBlock<R>(rows: AsyncIterable<R[]>): AsyncIterable<RawBlock<R>> {
  yield { rows };
}

/**
 * A section with one block per membership category of the season that has rows (`count`), each
 * headed by the category's name and fee; with more than one, each block has its subtotals.
 */
async function* byCategory<R>(
  db: DbOrTx,
  season: SeasonRow,
  section: { name: string; heading: string },
  count: (category: CategoryReportRow) => number,
  read: (categoryId: number) => AsyncIterable<R[]>,
): AsyncIterable<RawSection<R & { categoryName: string }>> {
  const categories = (await findCategories(db, season.id)).filter((c) => count(c) > 0);
  yield {
    ...section,
    subtotals: categories.length > 1,
    blocks: (async function* () {
      for (const category of categories) {
        const fee = category.feeRappen > 0 ? formatChf(category.feeRappen) : 'kein Beitrag';
        yield {
          heading: `Kategorie ${category.name} (${fee})`,
          rows: (async function* () {
            for await (const batch of read(category.id)) yield batch.map((r) => ({ ...r, categoryName: category.name }));
          })(),
        };
      }
    })(),
  };
}

// --- members ------------------------------------------------------------------------------

type MemberLine = MemberReportRow & { categoryName: string };

const members: ReportDefinition<MemberLine> = {
  title: 'Mitgliederliste',
  fileBase: 'Mitglieder',
  xlsx: [
    { header: 'Nr.', kind: 'number', width: 7, total: 'count', value: (r) => r.memberNumber },
    { header: 'Name', kind: 'text', width: 18, value: (r) => r.lastName },
    { header: 'Vorname', kind: 'text', width: 14, value: (r) => r.firstName },
    { header: 'Strasse', kind: 'text', width: 22, value: (r) => r.street },
    { header: 'Nr. Haus', kind: 'text', width: 8, value: (r) => r.houseNumber },
    { header: 'Adresszusatz', kind: 'text', width: 14, value: (r) => r.addressLine2 },
    { header: 'PLZ', kind: 'text', width: 7, value: (r) => r.postalCode },
    { header: 'Ort', kind: 'text', width: 16, value: (r) => r.city },
    { header: 'Land', kind: 'text', width: 6, value: (r) => r.country },
    { header: 'E-Mail', kind: 'text', width: 28, value: (r) => r.email },
    { header: 'Festnetz', kind: 'text', width: 16, value: (r) => displayPhone(r.landLine) },
    { header: 'Mobile', kind: 'text', width: 16, value: (r) => displayPhone(r.mobile) },
    { header: 'Geburtsdatum', kind: 'date', width: 12, value: (r) => r.dateOfBirth },
    { header: 'Mitglied seit', kind: 'date', width: 12, value: (r) => r.memberSince },
    { header: 'Kategorie', kind: 'text', width: 14, value: (r) => r.categoryName },
    { header: 'Parkkarte', kind: 'text', width: 9, total: 'count', value: (r) => yes(r.parkingPermit) },
    { header: 'Vorstand', kind: 'text', width: 9, total: 'count', value: (r) => yes(r.board) },
  ],
  pdf: [
    { header: 'Nr.', kind: 'number', width: 5, total: 'count', value: (r) => r.memberNumber },
    { header: 'Name', kind: 'text', width: 13, value: (r) => r.lastName },
    { header: 'Vorname', kind: 'text', width: 11, value: (r) => r.firstName },
    { header: 'Adresse', kind: 'text', width: 20, value: addressLines },
    { header: 'E-Mail', kind: 'text', width: 20, value: (r) => r.email },
    {
      header: 'Telefon',
      kind: 'text',
      width: 13,
      value: (r) => [displayPhone(r.landLine), displayPhone(r.mobile)].filter(Boolean).join('\n'),
    },
    { header: 'Geburtsdatum', kind: 'date', width: 9, value: (r) => r.dateOfBirth },
    { header: 'Mitglied seit', kind: 'date', width: 9, value: (r) => r.memberSince },
    { header: 'Parkkarte', kind: 'text', width: 7, total: 'count', value: (r) => yes(r.parkingPermit) },
    { header: 'Vorstand', kind: 'text', width: 7, total: 'count', value: (r) => yes(r.board) },
  ],
  sections: (db, season, label) =>
    byCategory(
      db,
      season,
      { name: `Mitglieder ${label}`, heading: 'Mitglieder mit Mitgliedschaft in der Saison' },
      (c) => c.members,
      (categoryId) => batches((key: NameKey | null) => readSeasonMembers(db, season.id, categoryId, key, BATCH_SIZE), nameKey),
    ),
};

// --- fee invoices -------------------------------------------------------------------------

const openRappen = (r: FeeInvoiceRow) => (r.status === 'OPEN' ? Math.max(0, r.totalRappen - r.paidRappen) : 0);

const feeColumns: Column<FeeInvoiceRow>[] = [
  { header: 'Nr.', kind: 'number', width: 7, value: (r) => r.memberNumber },
  { header: 'Name', kind: 'text', width: 18, value: (r) => r.lastName },
  { header: 'Vorname', kind: 'text', width: 14, value: (r) => r.firstName },
  { header: 'Rechnung', kind: 'text', width: 12, total: 'count', value: (r) => r.number },
  { header: 'Datum', kind: 'date', width: 11, value: (r) => r.invoiceDate },
  { header: 'Fällig', kind: 'date', width: 11, value: (r) => r.dueDate },
  { header: 'Betrag', kind: 'money', width: 13, total: 'sum', value: (r) => rappenToFrancs(r.totalRappen) },
  { header: 'Status', kind: 'text', width: 9, value: (r) => INVOICE_STATUS_LABEL[r.status] },
  { header: 'Bezahlt am', kind: 'date', width: 11, value: (r) => r.paidAt },
  { header: 'Bezahlt', kind: 'money', width: 13, total: 'sum', value: (r) => rappenToFrancs(r.paidRappen) },
  { header: 'Offen', kind: 'money', width: 13, total: 'sum', value: (r) => rappenToFrancs(openRappen(r)) },
];

function fees(kind: FeeKind, title: string, fileBase: string): ReportDefinition<FeeInvoiceRow> {
  return {
    title,
    fileBase,
    xlsx: feeColumns,
    pdf: feeColumns,
    sections: (db, season, label) =>
      single({
        name: `${fileBase} ${label}`,
        heading: `Rechnungen ${title} (ohne stornierte)`,
        subtotals: false,
        blocks: oneBlock(batches((key: NameKey | null) => readFeeInvoices(db, season.id, kind, null, key, BATCH_SIZE), nameKey)),
      }),
  };
}

type MembershipFeeLine = FeeInvoiceRow & { categoryName: string };

/** The membership fees: one block per category with its subtotals, the category in a column. */
const membershipFees: ReportDefinition<MembershipFeeLine> = {
  title: 'Mitgliederbeiträge',
  fileBase: 'Mitgliederbeiträge',
  xlsx: [...feeColumns.slice(0, 3), { header: 'Kategorie', kind: 'text', width: 14, value: (r) => r.categoryName }, ...feeColumns.slice(3)],
  pdf: feeColumns,
  sections: (db, season, label) =>
    byCategory(
      db,
      season,
      { name: `Mitgliederbeiträge ${label}`, heading: 'Rechnungen Mitgliederbeiträge (ohne stornierte)' },
      (c) => c.feeInvoices,
      (categoryId) =>
        batches((key: NameKey | null) => readFeeInvoices(db, season.id, 'MEMBERSHIP_FEE', categoryId, key, BATCH_SIZE), nameKey),
    ),
};

// --- ticket reservations -------------------------------------------------------------------

interface ReservationLine extends ReservationReportRow {
  game: { start: Date; opponent: string; homeGame: boolean; venue: string };
}

const homeAway = (home: boolean) => (home ? 'Heim' : 'Auswärts');

const reservationTail: Column<ReservationLine>[] = [
  { header: 'Nr.', kind: 'number', width: 7, value: (r) => r.memberNumber },
  { header: 'Name', kind: 'text', width: 18, value: (r) => r.lastName },
  { header: 'Vorname', kind: 'text', width: 14, value: (r) => r.firstName },
  { header: 'Plätze', kind: 'integer', width: 8, total: 'sum', value: (r) => r.amount },
  { header: 'Zustellung', kind: 'text', width: 18, value: (r) => r.deliveryOption },
];
/** Price per ticket, the delivery fee, and the total the member pays (tickets + fee, as on the invoice). */
const reservationMoney: Column<ReservationLine>[] = [
  { header: 'Preis', kind: 'money', width: 12, value: (r) => rappenToFrancs(r.pricePerTicketRappen) },
  { header: 'Gebühr', kind: 'money', width: 10, value: (r) => rappenToFrancs(r.feeRappen) },
  {
    header: 'Betrag',
    kind: 'money',
    width: 13,
    total: 'sum',
    value: (r) => rappenToFrancs(itemTotalRappen(r.amount, r.pricePerTicketRappen, r.feeRappen)),
  },
];

const ticketReservations: ReportDefinition<ReservationLine> = {
  title: 'Ticketreservationen',
  fileBase: 'Ticketreservationen',
  xlsx: [
    { header: 'Datum', kind: 'date', width: 11, value: (r) => dateOnly(zurichWallClock(r.game.start)) },
    { header: 'Zeit', kind: 'time', width: 7, value: (r) => timeOnly(zurichWallClock(r.game.start)) },
    { header: 'Gegner', kind: 'text', width: 9, value: (r) => r.game.opponent },
    { header: 'Heim/Auswärts', kind: 'text', width: 10, value: (r) => homeAway(r.game.homeGame) },
    { header: 'Spielort', kind: 'text', width: 20, value: (r) => r.game.venue },
    ...reservationTail,
    { header: 'Zustelladresse', kind: 'text', width: 36, value: (r) => addressLines(r).replaceAll('\n', ', ') },
    ...reservationMoney,
  ],
  pdf: [...reservationTail, { header: 'Zustelladresse', kind: 'text', width: 30, value: addressLines }, ...reservationMoney],
  async *sections(db, season, label) {
    const { from, until } = seasonInstants(season);
    const groups = await findGroupsWithGames(db, from, until);
    if (groups.length === 0) {
      yield {
        name: `Ticketreservationen ${label}`,
        heading: 'Keine Spiele in dieser Saison',
        subtotals: true,
        blocks: (async function* () {})(),
      };
      return;
    }
    for (const group of groups) {
      yield {
        name: group.name,
        heading: `Spielegruppe ${group.name}`,
        subtotals: true,
        blocks: (async function* () {
          for (const game of await findGroupGames(db, group.id, from, until)) {
            const when = formatZurichDateTime(game.start);
            yield {
              heading: `${when} ${game.opponent} (${homeAway(game.homeGame)}, ${game.venue})`,
              rows: (async function* () {
                for await (const batch of batches((key: NameKey | null) => readGameReservations(db, game.id, key, BATCH_SIZE), nameKey)) {
                  yield batch.map((r) => ({ ...r, game }));
                }
              })(),
            };
          }
        })(),
      };
    }
  },
};

// --- event subscriptions ------------------------------------------------------------------

interface SubscriptionLine extends SubscriptionReportRow {
  event: { title: string; start: Date; priceRappen: number };
}

const confirmed = (r: SubscriptionLine) => r.status === 'CONFIRMED';
const subscriptionTail: Column<SubscriptionLine>[] = [
  { header: 'Nr.', kind: 'number', width: 7, value: (r) => r.memberNumber },
  { header: 'Name', kind: 'text', width: 18, value: (r) => r.lastName },
  { header: 'Vorname', kind: 'text', width: 14, value: (r) => r.firstName },
  { header: 'Plätze', kind: 'integer', width: 8, total: 'sum', value: (r) => (confirmed(r) ? r.amount : null) },
  { header: 'Warteliste', kind: 'integer', width: 10, total: 'sum', value: (r) => (confirmed(r) ? null : r.amount) },
  { header: 'Status', kind: 'text', width: 11, value: (r) => (confirmed(r) ? 'Bestätigt' : 'Warteliste') },
  { header: 'Angemeldet am', kind: 'datetime', width: 16, value: (r) => zurichWallClock(r.subscriptionTimestamp) },
  { header: 'Preis', kind: 'money', width: 12, value: (r) => rappenToFrancs(r.event.priceRappen) },
  {
    header: 'Betrag',
    kind: 'money',
    width: 13,
    total: 'sum',
    value: (r) => rappenToFrancs(confirmed(r) ? r.amount * r.event.priceRappen : 0),
  },
];

const eventSubscriptions: ReportDefinition<SubscriptionLine> = {
  title: 'Anmeldungen zu Veranstaltungen',
  fileBase: 'Anmeldungen',
  xlsx: [
    { header: 'Veranstaltung', kind: 'text', width: 28, value: (r) => r.event.title },
    { header: 'Datum', kind: 'datetime', width: 16, value: (r) => zurichWallClock(r.event.start) },
    ...subscriptionTail,
  ],
  pdf: subscriptionTail,
  sections: (db, season, label) => {
    const { from, until } = seasonInstants(season);
    return single({
      name: `Anmeldungen ${label}`,
      heading: 'Veranstaltungen der Saison',
      subtotals: true,
      blocks: (async function* () {
        for (const event of await findEvents(db, from, until)) {
          const when = formatZurichDateTime(event.start);
          yield {
            heading: `${event.title} – ${when}`,
            rows: (async function* () {
              const read = (key: { waiting: number; subscriptionTimestamp: Date; id: number } | null) =>
                readEventSubscriptions(db, event.id, key, BATCH_SIZE);
              const keyOf = (r: SubscriptionReportRow) => ({
                waiting: r.status === 'WAITING' ? 1 : 0,
                subscriptionTimestamp: r.subscriptionTimestamp,
                id: r.id,
              });
              for await (const batch of batches(read, keyOf)) yield batch.map((r) => ({ ...r, event }));
            })(),
          };
        }
      })(),
    });
  },
};

// --- ticket and event billing ------------------------------------------------------------

const ticketFeeColumns: Column<TicketFeesRow>[] = [
  { header: 'Nr.', kind: 'number', width: 7, total: 'count', value: (r) => r.memberNumber },
  { header: 'Name', kind: 'text', width: 18, value: (r) => r.lastName },
  { header: 'Vorname', kind: 'text', width: 14, value: (r) => r.firstName },
  { header: 'Rechnungen', kind: 'text', width: 22, value: (r) => r.numbers },
  { header: 'Verrechnet', kind: 'money', width: 13, total: 'sum', value: (r) => rappenToFrancs(r.billedRappen) },
  { header: 'Bezahlt', kind: 'money', width: 13, total: 'sum', value: (r) => rappenToFrancs(r.paidRappen) },
  { header: 'Offen', kind: 'money', width: 13, total: 'sum', value: (r) => rappenToFrancs(r.openRappen) },
];

const ticketFees: ReportDefinition<TicketFeesRow> = {
  title: 'Tickets und Veranstaltungen: Rechnungen',
  fileBase: 'Ticketrechnungen',
  xlsx: ticketFeeColumns,
  pdf: ticketFeeColumns,
  sections: (db, season, label) =>
    single({
      name: `Ticketrechnungen ${label}`,
      heading: 'Verrechnete Tickets und Veranstaltungen pro Mitglied (ohne stornierte Rechnungen)',
      subtotals: false,
      blocks: oneBlock(batches((key: NameKey | null) => readTicketFees(db, season.id, key, BATCH_SIZE), nameKey)),
    }),
};

// --- payments ------------------------------------------------------------------------------

const METHOD_LABEL = { BANK: 'Bank', CASH: 'Bar', TWINT: 'TWINT', CARD: 'Karte' } as const;

/** How a payment came: read from a bank file, or by hand with its method. */
const paymentWay = (r: PaymentReportRow) => (r.source === 'BANK_FILE' ? 'Bankdatei' : `Von Hand: ${METHOD_LABEL[r.method ?? 'BANK']}`);

const paymentColumns: Column<PaymentReportRow>[] = [
  { header: 'Datum', kind: 'date', width: 11, value: (r) => r.bookingDate },
  { header: 'Rechnung', kind: 'text', width: 12, total: 'count', value: (r) => r.number },
  { header: 'Nr.', kind: 'number', width: 7, value: (r) => r.memberNumber },
  { header: 'Name', kind: 'text', width: 18, value: (r) => r.lastName },
  { header: 'Vorname', kind: 'text', width: 14, value: (r) => r.firstName },
  { header: 'Zahlungsart', kind: 'text', width: 16, value: paymentWay },
  { header: 'Betrag', kind: 'money', width: 13, total: 'sum', value: (r) => rappenToFrancs(r.amountRappen) },
  { header: 'Bemerkung', kind: 'text', width: 30, value: (r) => r.note },
];

const payments: ReportDefinition<PaymentReportRow> = {
  title: 'Zahlungen',
  fileBase: 'Zahlungen',
  xlsx: paymentColumns,
  pdf: paymentColumns,
  sections: (db, season, label) =>
    single({
      name: `Zahlungen ${label}`,
      heading: 'Zahlungen auf Rechnungen der Saison, nach Datum (aus Bankdateien und von Hand erfasst)',
      subtotals: false,
      blocks: oneBlock(
        batches(
          (key: PaymentKey | null) => readPayments(db, season.id, key, BATCH_SIZE),
          (r): PaymentKey => ({ bookingDate: r.bookingDate, id: r.id }),
        ),
      ),
    }),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition has its own row type; the service only projects them
export const reportDefinitions: Record<ReportType, ReportDefinition<any>> = {
  members,
  membershipfees: membershipFees,
  parkingfees: fees('PARKING_FEE', 'Parkkarten', 'Parkkarten'),
  ticketreservations: ticketReservations,
  eventsubscriptions: eventSubscriptions,
  ticketfees: ticketFees,
  payments,
};
