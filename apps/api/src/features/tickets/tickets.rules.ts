import type { Money, SalesState } from '@club/contract';

/** Pure rules of ticket sales: money, sales window, what a member may still reserve. */

export function toMoney(rappen: number): Money {
  return { currency: 'CHF', amount: rappen / 100 };
}

export function toRappen(money: Money): number {
  return Math.round(money.amount * 100);
}

export interface SalesWindow {
  start: Date;
  salesOpenAt: Date | null;
  salesCloseAt: Date | null;
}

/** Sales close at salesCloseAt, at the latest when the game starts. */
export function salesEnd(game: SalesWindow): Date {
  return game.salesCloseAt && game.salesCloseAt < game.start ? game.salesCloseAt : game.start;
}

export function salesState(game: SalesWindow, now: Date): SalesState {
  if (now >= salesEnd(game)) return 'CLOSED';
  if (game.salesOpenAt && now < game.salesOpenAt) return 'NOT_YET_OPEN';
  return 'OPEN';
}

export function ticketsLeft(quota: number, reserved: number): number {
  return Math.max(0, quota - reserved);
}

/** How many a member may reserve now: within the quota and their own limit, 0 outside the sales window. */
export function mayReserve(args: { state: SalesState; quota: number; reserved: number; perMember: number; held: number }): number {
  if (args.state !== 'OPEN') return 0;
  return Math.max(0, Math.min(ticketsLeft(args.quota, args.reserved), args.perMember - args.held));
}

const dateTime = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `12.01.2027 um 19:45` in Zurich time, for messages. */
export function formatZurich(d: Date): string {
  const parts = Object.fromEntries(dateTime.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} um ${parts.hour}:${parts.minute}`;
}

/** "1 Ticket" / "3 Tickets". */
export function tickets(n: number): string {
  return `${n} ${n === 1 ? 'Ticket' : 'Tickets'}`;
}

/**
 * Why `amount` cannot be reserved, as a German sentence that says how many are left;
 * null when it can.
 */
export function quotaRefusal(args: { amount: number; quota: number; reserved: number; perMember: number; held: number }): string | null {
  const left = ticketsLeft(args.quota, args.reserved);
  const ownLeft = Math.max(0, args.perMember - args.held);
  if (args.amount <= Math.min(left, ownLeft)) return null;
  if (left === 0) return 'Dieses Spiel ist ausverkauft: Es sind noch 0 Tickets verfügbar.';
  if (ownLeft === 0) {
    return `Sie haben für dieses Spiel bereits ${tickets(args.held)} reserviert, das ist das Maximum pro Mitglied. Sie können noch 0 Tickets reservieren.`;
  }
  if (ownLeft < left) {
    return `Pro Mitglied sind höchstens ${tickets(args.perMember)} möglich${args.held ? ` und Sie haben bereits ${tickets(args.held)}` : ''}: Sie können noch ${tickets(ownLeft)} reservieren.`;
  }
  return `Für dieses Spiel ${left === 1 ? 'ist' : 'sind'} nur noch ${tickets(left)} verfügbar.`;
}
