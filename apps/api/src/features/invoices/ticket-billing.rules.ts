import { formatZurichDate } from '../../lib/dates.ts';
import { formatChf } from '@club/contract';

/**
 * Pure rules of the ticket and event billing: what one member's TICKETS invoice says. One line
 * per game (and price), one per event (and price), one per delivery option whose fee is charged;
 * each reservation and place is linked to the line that bills it.
 */

/** A confirmed ticket reservation not billed yet, of a game whose sales have closed. */
export interface ReservationItem {
  reservationId: number;
  memberId: number;
  gameId: number;
  start: Date;
  opponent: string;
  homeGame: boolean;
  quantity: number;
  priceRappen: number;
  optionId: number;
  optionName: string;
  feeRappen: number;
}

/** A confirmed event place (a subscription) not billed yet, of an event whose registration deadline has passed. */
export interface PlaceItem {
  subscriptionId: number;
  memberId: number;
  eventId: number;
  start: Date;
  title: string;
  quantity: number;
  priceRappen: number;
}

/** A reservation or place as billed on a line. */
export interface BilledSource {
  reservationId: number | null;
  subscriptionId: number | null;
  quantity: number;
  priceRappen: number;
  feeRappen: number;
}

export interface PlannedLine {
  text: string;
  amountRappen: number;
  /** what the line bills (fee lines bill nothing of their own: their fee is on the reservation's link) */
  sources: BilledSource[];
}

export interface PlannedInvoice {
  memberId: number;
  lines: PlannedLine[];
  totalRappen: number;
}

/** `3 × CHF 45.00` */
function times(quantity: number, rappen: number): string {
  return `${quantity} × ${formatChf(rappen)}`;
}

/** `Heimspiel gegen SCB, 12.01.2027: 3 × CHF 45.00` */
export function gameLineText(game: { homeGame: boolean; opponent: string; start: Date }, quantity: number, priceRappen: number): string {
  return `${game.homeGame ? 'Heimspiel gegen' : 'Auswärtsspiel bei'} ${game.opponent}, ${formatZurichDate(game.start)}: ${times(quantity, priceRappen)}`;
}

/** `Saisonabschluss-Grillfest, 14.06.2027: 2 × CHF 25.00` */
export function eventLineText(event: { title: string; start: Date }, quantity: number, priceRappen: number): string {
  return `${event.title}, ${formatZurichDate(event.start)}: ${times(quantity, priceRappen)}`;
}

/** `Versand per Post: CHF 2.00`, or `Versand per Post: 2 × CHF 2.00` for two reservations. */
export function feeLineText(optionName: string, count: number, feeRappen: number): string {
  return count === 1 ? `${optionName}: ${formatChf(feeRappen)}` : `${optionName}: ${times(count, feeRappen)}`;
}

/** The title of a TICKETS invoice (also its QR message). */
export function ticketInvoiceTitle(seasonName: string): string {
  return `Tickets und Veranstaltungen ${seasonName}`;
}

/** Groups items by a key, keeping the order in which keys first appear. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/**
 * One invoice per member with items: games by start, then events by start, then the delivery
 * fees. Input rows may come in any order; members come out in the order of `memberOrder`.
 */
export function planTicketInvoices(
  reservations: readonly ReservationItem[],
  places: readonly PlaceItem[],
  memberOrder: readonly number[],
): PlannedInvoice[] {
  const byStart = <T extends { start: Date }>(a: T, b: T) => a.start.getTime() - b.start.getTime();
  const resOf = new Map(groupBy(reservations, (r) => String(r.memberId)).map((g) => [g[0]!.memberId, g]));
  const placesOf = new Map(groupBy(places, (p) => String(p.memberId)).map((g) => [g[0]!.memberId, g]));

  const invoices: PlannedInvoice[] = [];
  for (const memberId of memberOrder) {
    const memberReservations = [...(resOf.get(memberId) ?? [])].sort((a, b) => byStart(a, b) || a.gameId - b.gameId);
    const memberPlaces = [...(placesOf.get(memberId) ?? [])].sort((a, b) => byStart(a, b) || a.eventId - b.eventId);
    if (memberReservations.length === 0 && memberPlaces.length === 0) continue;
    const lines: PlannedLine[] = [];
    for (const group of groupBy(memberReservations, (r) => `${r.gameId}:${r.priceRappen}`)) {
      const first = group[0]!;
      const quantity = group.reduce((sum, r) => sum + r.quantity, 0);
      lines.push({
        text: gameLineText(first, quantity, first.priceRappen),
        amountRappen: quantity * first.priceRappen,
        sources: group.map((r) => ({
          reservationId: r.reservationId,
          subscriptionId: null,
          quantity: r.quantity,
          priceRappen: r.priceRappen,
          feeRappen: r.feeRappen,
        })),
      });
    }
    for (const group of groupBy(memberPlaces, (p) => `${p.eventId}:${p.priceRappen}`)) {
      const first = group[0]!;
      const quantity = group.reduce((sum, p) => sum + p.quantity, 0);
      lines.push({
        text: eventLineText(first, quantity, first.priceRappen),
        amountRappen: quantity * first.priceRappen,
        sources: group.map((p) => ({
          reservationId: null,
          subscriptionId: p.subscriptionId,
          quantity: p.quantity,
          priceRappen: p.priceRappen,
          feeRappen: 0,
        })),
      });
    }
    const withFee = memberReservations
      .filter((r) => r.feeRappen > 0)
      .sort((a, b) => a.optionName.localeCompare(b.optionName, 'de') || a.optionId - b.optionId);
    for (const group of groupBy(withFee, (r) => `${r.optionId}:${r.feeRappen}`)) {
      const first = group[0]!;
      lines.push({
        text: feeLineText(first.optionName, group.length, first.feeRappen),
        amountRappen: group.length * first.feeRappen,
        sources: [],
      });
    }
    invoices.push({ memberId, lines, totalRappen: lines.reduce((sum, l) => sum + l.amountRappen, 0) });
  }
  return invoices;
}
