import type { HandoverItem, HandoverResult, MemberCard, MemberCardCheck } from '@club/contract';
import { AppError, conflict, notFound, notLoggedIn } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays, toIsoDate, zurichStartOfDay, zurichToday } from '../../lib/dates.ts';
import { toMoney } from '@club/contract';
import { itemTotalRappen } from '../../lib/payment-mode.ts';
import {
  deleteHandover,
  eventExists,
  findMemberByNumber,
  findMemberWithSeason,
  hasMembershipOn,
  findTarget,
  gameExists,
  insertHandover,
  listReservationsForHandover,
  listSubscriptionsForHandover,
  type HandoverRow,
  type HandoverTarget,
} from './handover.repository.ts';
import { signCard, verifyCard, type CardKey } from './member-card.ts';

/** The member card and the hand-over of tickets (per game) and places (per event) by the board. */

function toItem(r: HandoverRow): HandoverItem {
  return {
    id: r.id,
    member: { id: r.memberId, memberNumber: r.memberNumber, firstName: r.firstName, lastName: r.lastName },
    amount: r.amount,
    deliveryOption: r.optionId !== null && r.optionName !== null ? { id: r.optionId, name: r.optionName, fee: toMoney(r.feeRappen) } : null,
    price: toMoney(r.priceRappen),
    total: toMoney(itemTotalRappen(r.amount, r.priceRappen, r.feeRappen)),
    paymentMode: r.paymentMode,
    invoiceId: r.invoiceId,
    invoiceStatus: r.invoiceStatus,
    handedOverAt: r.handedOverAt?.toISOString() ?? null,
  };
}

/** `GET /api/v1/admin/games/{id}/ticketreservations`: the game's reservations with paid state and hand-over. */
export async function listGameHandover(ctx: Ctx, gameId: number): Promise<HandoverItem[]> {
  if (!(await gameExists(ctx.db, gameId))) throw notFound('Dieses Spiel gibt es nicht.');
  return (await listReservationsForHandover(ctx.db, gameId)).map(toItem);
}

/** `GET /api/v1/admin/events/{id}/eventsubscriptions`: the event's confirmed places with paid state and hand-over. */
export async function listEventHandover(ctx: Ctx, eventId: number): Promise<HandoverItem[]> {
  if (!(await eventExists(ctx.db, eventId))) throw notFound('Diese Veranstaltung gibt es nicht.');
  return (await listSubscriptionsForHandover(ctx.db, eventId)).map(toItem);
}

const NOT_FOUND = { reservation: 'Diese Reservation gibt es nicht.', subscription: 'Diese Anmeldung gibt es nicht.' } as const;

function describe(target: HandoverTarget) {
  return 'reservationId' in target
    ? { kind: 'reservation' as const, id: target.reservationId, entity: 'ticket_reservation' }
    : { kind: 'subscription' as const, id: target.subscriptionId, entity: 'event_subscription' };
}

/**
 * Marks tickets or places handed over. Idempotent: a repeated call (a retry, a double tap) keeps
 * the first time and writes nothing more.
 */
export async function handOver(ctx: Ctx, target: HandoverTarget): Promise<HandoverResult> {
  const what = describe(target);
  return withTx(ctx, async (tx) => {
    const found = await findTarget(tx.db, target);
    if (!found) throw notFound(NOT_FOUND[what.kind]);
    if (!found.confirmed) {
      throw conflict(
        what.kind === 'reservation'
          ? 'Diese Reservation ist nicht bestätigt (Anfrage einer Auslosung oder Warteliste); es gibt nichts auszugeben.'
          : 'Diese Anmeldung steht auf der Warteliste; es gibt nichts auszugeben.',
      );
    }
    const result = await insertHandover(tx.db, target, tx.now, tx.actor?.memberId ?? null);
    if (result.created) {
      await writeAudit(tx, { action: `${what.kind}.handedover`, entity: what.entity, entityId: what.id, data: {} });
    }
    return { id: what.id, handedOverAt: result.handedOverAt.toISOString() };
  });
}

/** Undoes a hand-over; idempotent as well (nothing to undo: nothing happens). */
export async function undoHandover(ctx: Ctx, target: HandoverTarget): Promise<void> {
  const what = describe(target);
  await withTx(ctx, async (tx) => {
    if (!(await findTarget(tx.db, target))) throw notFound(NOT_FOUND[what.kind]);
    if (await deleteHandover(tx.db, target)) {
      await writeAudit(tx, { action: `${what.kind}.handover.undone`, entity: what.entity, entityId: what.id, data: {} });
    }
  });
}

/** The member card of the season covering today (404 without a membership in it). */
export async function getMemberCard(ctx: Ctx, key: CardKey): Promise<MemberCard> {
  if (!ctx.actor) throw notLoggedIn();
  const today = zurichToday(ctx.now);
  const member = await findMemberWithSeason(ctx.db, ctx.actor.memberId, today);
  const season = member?.memberships[0]?.season;
  if (!member || !season) throw notFound('Für die laufende Saison haben Sie keine Mitgliedschaft und deshalb keinen Mitgliederausweis.');
  const expiresAt = zurichStartOfDay(addDays(season.validTo, 1));
  return {
    memberNumber: member.memberNumber,
    firstName: member.firstName,
    lastName: member.lastName,
    season: season.name,
    validTo: toIsoDate(season.validTo),
    token: await signCard(key, { memberNumber: member.memberNumber, season: season.name, expiresAt }),
  };
}

/**
 * Checks a scanned member card: its member and season, or 422 for a forged, altered or expired
 * one, and for a card whose membership has ended meanwhile (the signed end is the season's).
 */
export async function verifyMemberCard(ctx: Ctx, key: CardKey, token: string): Promise<MemberCardCheck> {
  const check = await verifyCard(key, token, ctx.now);
  if (!check.ok) {
    throw check.reason === 'EXPIRED'
      ? new AppError('CARD_EXPIRED', 'Dieser Mitgliederausweis ist abgelaufen.')
      : new AppError('CARD_INVALID', 'Dieser Mitgliederausweis ist ungültig.');
  }
  const member = await findMemberByNumber(ctx.db, check.memberNumber);
  if (!member) throw new AppError('CARD_INVALID', 'Dieser Mitgliederausweis gehört zu keinem Mitglied.');
  if (!(await hasMembershipOn(ctx.db, member.id, zurichToday(ctx.now)))) {
    throw new AppError('CARD_EXPIRED', 'Die Mitgliedschaft zu diesem Ausweis ist beendet: Der Ausweis gilt nicht mehr.');
  }
  // The card is valid through the season's last day (it expires at the start of the next).
  const validTo = toIsoDate(addDays(zurichToday(check.expiresAt), -1));
  return { member, season: check.season, validTo };
}
