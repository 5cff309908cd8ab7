import type { ClubEvent, Money, SubscriptionStatus } from '@club/contract';
import { formatCount, formatDate, formatDateTime, formatMoney, formatTime, formatWeekday } from '@/lib/format';

/** Texts of the event screens: places, status, dates and price in de-CH. */

/** `1 Platz`, `3 Plätze`. */
export function placesText(n: number): string {
  return formatCount(n, 'Platz', 'Plätze');
}

/** `mit 1 Platz`, `mit 3 Plätzen` (dative). */
export function withPlaces(n: number): string {
  return `mit ${n} ${n === 1 ? 'Platz' : 'Plätzen'}`;
}

/** Places left at a glance; `tone` picks the badge colour. */
export function placesLeftLabel(e: Pick<ClubEvent, 'placesLeft' | 'waitingCount'>): {
  text: string;
  tone: 'success' | 'warning' | 'danger' | 'secondary';
} {
  if (e.placesLeft === null) return { text: 'Freie Plätze', tone: 'success' };
  if (e.placesLeft <= 0) return { text: e.waitingCount > 0 ? 'Ausgebucht – Warteliste' : 'Ausgebucht', tone: 'danger' };
  return { text: `Noch ${placesText(e.placesLeft)} frei`, tone: e.placesLeft <= 5 ? 'warning' : 'success' };
}

export function statusText(status: SubscriptionStatus): string {
  return status === 'CONFIRMED' ? 'Angemeldet' : 'Warteliste';
}

/** `Samstag, 05.12.2026, 18:30–23:30 Uhr`, or both ends in full when it spans days. */
export function eventWhen(e: Pick<ClubEvent, 'start' | 'end'>): string {
  if (formatDate(e.start) === formatDate(e.end))
    return `${formatWeekday(e.start)}, ${formatDate(e.start)}, ${formatTime(e.start)}–${formatTime(e.end)} Uhr`;
  return `${formatWeekday(e.start)}, ${formatDateTime(e.start)} Uhr bis ${formatDateTime(e.end)} Uhr`;
}

/** `Gratis` or `CHF 35.00 pro Platz`. */
export function priceText(price: Money): string {
  return price.amount === 0 ? 'Gratis' : `${formatMoney(price)} pro Platz`;
}
