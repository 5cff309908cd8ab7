import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  adminDeliveryOptionSchema,
  adminGameReservationsQuerySchema,
  adminGameSchema,
  adminTicketReservationSchema,
  deliveryAddressSchema,
  deliveryOptionInputSchema,
  deliveryOptionSchema,
  expandsQuery,
  gameGroupDeliveryOptionsInputSchema,
  gameGroupInputSchema,
  gameGroupSchema,
  gameInputSchema,
  gameSchema,
  idempotencyKeySchema,
  idParam,
  idParams,
  IDEMPOTENCY_HEADER,
  ticketReservationChangeSchema,
  ticketReservationInputSchema,
  ticketReservationSchema,
  wantsExpand,
  type GameGroup,
  adminTicketAddSchema,
  gameDrawSchema,
  listChangeSchema,
} from '@club/contract';
import { sendItem, sendList, sendPaged } from '../../http/envelope.ts';
import { requireBoard, requireMember } from '../../http/require-role.ts';
import { handle } from '../../http/validate.ts';
import { AppError } from '../../lib/app-error.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import {
  clearGameGroupDeliveryOptions,
  createDeliveryOption,
  createGame,
  createGameGroup,
  deleteDeliveryOption,
  deleteGame,
  deleteGameGroup,
  getGameGroup,
  listDeliveryOptions,
  listGameGroups,
  listGameReservations,
  setGameGroupDeliveryOptions,
  updateDeliveryOption,
  updateGame,
  updateGameGroup,
} from './tickets-admin.service.ts';
import {
  cancelReservation,
  changeReservationAmount,
  createGameTurns,
  getDeliveryAddress,
  getGame,
  listGameDeliveryOptions,
  listUpcomingGames,
  reserveTickets,
  type GameTurns,
} from './tickets.service.ts';
import { addToGame, drawGame, getDraw, promoteReservation, removeReservation, type TicketSite } from './fair-sale.service.ts';

const expands = z.object({ expands: expandsQuery });
const reservationParams = z.object({ id: idParam, optionId: idParam });

/** A game group with the expands docs/domain-rules.md «Data and expands» names (gamegroupdeliveryoption, games) when asked for. */
function groupExpands(group: GameGroup, requested: string[]) {
  const list = [
    { name: 'gamegroupdeliveryoption', data: group.deliveryOptions },
    { name: 'games', data: group.games },
  ].filter((e) => wantsExpand(requested, e.name));
  return list.length ? list : undefined;
}

/** Ticket sales: public game list, member reservations, the board's groups, games and options. */
export function ticketsRouter(deps: Deps): Router {
  const router = Router();
  const site: TicketSite = { clubName: deps.config.clubName, publicUrl: deps.config.publicUrl };
  const turns = createGameTurns();
  everyonesRoutes(router, deps);
  membersRoutes(router, deps, site, turns);
  // The board (app.ts guards /admin as well).
  const admin = Router();
  admin.use(requireBoard);
  deliveryOptionRoutes(admin, deps);
  gameGroupRoutes(admin, deps);
  gameRoutes(admin, deps, site);
  router.use('/admin', admin);
  return router;
}

/** The request's Idempotency-Key header, checked; undefined when it has none. */
function idempotencyKeyOf(req: Request): string | undefined {
  const rawKey = req.get(IDEMPOTENCY_HEADER);
  if (rawKey === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(rawKey);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Ungültiger Idempotency-Key.';
    throw new AppError('BAD_REQUEST', message, { [IDEMPOTENCY_HEADER]: message });
  }
  return parsed.data;
}

/** The games on sale and their delivery options, for everyone. */
function everyonesRoutes(router: Router, deps: Deps): void {
  router.get(
    '/games/',
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listUpcomingGames(ctxOf(deps, req))).map((g) => gameSchema.parse(g)),
      );
    }),
  );
  router.get(
    '/games/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, gameSchema.parse(await getGame(ctxOf(deps, req), params.id)));
    }),
  );
  router.get(
    '/games/:id/draw',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, gameDrawSchema.parse(await getDraw(ctxOf(deps, req), params.id)));
    }),
  );
  router.get(
    '/games/:id/deliveryoptions/',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendList(
        res,
        (await listGameDeliveryOptions(ctxOf(deps, req), params.id)).map((o) => deliveryOptionSchema.parse(o)),
      );
    }),
  );
}

/** A member's delivery address, reservations and their changes. */
function membersRoutes(router: Router, deps: Deps, site: TicketSite, turns: GameTurns): void {
  router.get(
    '/games/:id/deliveryaddress/',
    requireMember,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const address = await getDeliveryAddress(ctxOf(deps, req), params.id);
      sendItem(res, address ? deliveryAddressSchema.parse(address) : null);
    }),
  );
  router.post(
    '/games/:id/deliveryoptions/:optionId/ticketreservations/',
    requireMember,
    handle({ params: reservationParams, body: ticketReservationInputSchema }, async ({ params, body }, req, res) => {
      const idempotencyKey = idempotencyKeyOf(req);
      const result = await reserveTickets(
        ctxOf(deps, req),
        {
          gameId: params.id,
          deliveryOptionId: params.optionId,
          amount: body.amount,
          deliveryAddress: body.deliveryAddress,
          idempotencyKey,
          waitlist: body.waitlist,
        },
        site,
        turns,
      );
      if (result.replayed) res.set('Idempotency-Replayed', 'true');
      sendItem(res, ticketReservationSchema.parse(result.reservation), undefined, 201);
    }),
  );
  router.put(
    '/member/ticketreservations/:id',
    requireMember,
    handle({ params: idParams, body: ticketReservationChangeSchema }, async ({ params, body }, req, res) => {
      sendItem(res, ticketReservationSchema.parse(await changeReservationAmount(ctxOf(deps, req), site, turns, params.id, body.amount)));
    }),
  );
  router.delete(
    '/member/ticketreservations/:id',
    requireMember,
    handle({ params: idParams }, async ({ params }, req, res) => {
      await cancelReservation(ctxOf(deps, req), site, turns, params.id);
      res.status(204).end();
    }),
  );
}

/** The board's delivery options. */
function deliveryOptionRoutes(admin: Router, deps: Deps): void {
  admin.get(
    '/deliveryoptions/',
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listDeliveryOptions(ctxOf(deps, req))).map((o) => adminDeliveryOptionSchema.parse(o)),
      );
    }),
  );
  admin.post(
    '/deliveryoptions/',
    handle({ body: deliveryOptionInputSchema }, async ({ body }, req, res) => {
      sendItem(res, adminDeliveryOptionSchema.parse(await createDeliveryOption(ctxOf(deps, req), body)), undefined, 201);
    }),
  );
  admin.put(
    '/deliveryoptions/:id',
    handle({ params: idParams, body: deliveryOptionInputSchema }, async ({ params, body }, req, res) => {
      sendItem(res, adminDeliveryOptionSchema.parse(await updateDeliveryOption(ctxOf(deps, req), params.id, body)));
    }),
  );
  admin.delete(
    '/deliveryoptions/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      await deleteDeliveryOption(ctxOf(deps, req), params.id);
      res.status(204).end();
    }),
  );
}

/** The board's game groups and the options they offer. */
function gameGroupRoutes(admin: Router, deps: Deps): void {
  admin.get(
    '/gamegroups/',
    handle({ query: expands }, async (_input, req, res) => {
      sendList(
        res,
        (await listGameGroups(ctxOf(deps, req))).map((g) => gameGroupSchema.parse(g)),
      );
    }),
  );
  admin.post(
    '/gamegroups/',
    handle({ body: gameGroupInputSchema }, async ({ body }, req, res) => {
      sendItem(res, gameGroupSchema.parse(await createGameGroup(ctxOf(deps, req), body)), undefined, 201);
    }),
  );
  admin.get(
    '/gamegroups/:id',
    handle({ params: idParams, query: expands }, async ({ params, query }, req, res) => {
      const group = gameGroupSchema.parse(await getGameGroup(ctxOf(deps, req), params.id));
      sendItem(res, group, groupExpands(group, query.expands));
    }),
  );
  admin.put(
    '/gamegroups/:id',
    handle({ params: idParams, body: gameGroupInputSchema }, async ({ params, body }, req, res) => {
      sendItem(res, gameGroupSchema.parse(await updateGameGroup(ctxOf(deps, req), params.id, body)));
    }),
  );
  admin.delete(
    '/gamegroups/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      await deleteGameGroup(ctxOf(deps, req), params.id);
      res.status(204).end();
    }),
  );
  admin.delete(
    '/gamegroups/:id/deliveryoptions/',
    handle({ params: idParams }, async ({ params }, req, res) => {
      await clearGameGroupDeliveryOptions(ctxOf(deps, req), params.id);
      res.status(204).end();
    }),
  );
  admin.put(
    '/gamegroups/:id/deliveryoptions/',
    handle({ params: idParams, body: gameGroupDeliveryOptionsInputSchema }, async ({ params, body }, req, res) => {
      sendList(
        res,
        (await setGameGroupDeliveryOptions(ctxOf(deps, req), params.id, body)).map((o) => deliveryOptionSchema.parse(o)),
      );
    }),
  );
}

/** The board's games: changes, the draw, the reservations and the lists. */
function gameRoutes(admin: Router, deps: Deps, site: TicketSite): void {
  admin.post(
    '/gamegroups/:id/games/',
    handle({ params: idParams, body: gameInputSchema }, async ({ params, body }, req, res) => {
      sendItem(res, adminGameSchema.parse(await createGame(ctxOf(deps, req), params.id, body)), undefined, 201);
    }),
  );
  admin.put(
    '/games/:id',
    handle({ params: idParams, body: gameInputSchema }, async ({ params, body }, req, res) => {
      sendItem(res, adminGameSchema.parse(await updateGame(ctxOf(deps, req), params.id, body)));
    }),
  );
  admin.post(
    '/games/:id/draw',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, gameDrawSchema.parse(await drawGame(ctxOf(deps, req), site, params.id)));
    }),
  );
  // Paged for the game card; `GET …/games/{id}/ticketreservations` is the hand-over list (handover.router.ts).
  admin.get(
    '/games/:id/reservations',
    handle({ params: idParams, query: adminGameReservationsQuerySchema }, async ({ params, query }, req, res) => {
      const result = await listGameReservations(ctxOf(deps, req), params.id, query);
      sendPaged(res, { ...query, items: result.items.map((r) => adminTicketReservationSchema.parse(r)), total: result.total });
    }),
  );
  admin.post(
    '/games/:id/ticketreservations',
    handle({ params: idParams, body: adminTicketAddSchema }, async ({ params, body }, req, res) => {
      sendItem(res, ticketReservationSchema.parse(await addToGame(ctxOf(deps, req), site, params.id, body)), undefined, 201);
    }),
  );
  admin.delete(
    '/ticketreservations/:id',
    handle({ params: idParams, query: listChangeSchema }, async ({ params, query }, req, res) => {
      await removeReservation(ctxOf(deps, req), site, params.id, query.reason);
      res.status(204).end();
    }),
  );
  admin.post(
    '/ticketreservations/:id/promote',
    handle({ params: idParams, body: listChangeSchema }, async ({ params, body }, req, res) => {
      await promoteReservation(ctxOf(deps, req), site, params.id, body.reason);
      res.status(204).end();
    }),
  );
  admin.delete(
    '/games/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      await deleteGame(ctxOf(deps, req), params.id);
      res.status(204).end();
    }),
  );
}
