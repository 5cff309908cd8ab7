import { Router } from 'express';
import {
  adminSubscriberAddSchema,
  subscriberChangeSchema,
  subscriberParams,
  adminEventSchema,
  eventInputSchema,
  eventListQuerySchema,
  eventSchema,
  eventSubscriberSchema,
  eventSubscriptionInputSchema,
  eventSubscriptionSchema,
  idParams,
  memberEventSubscriptionSchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { requireBoard, requireMember } from '../../http/require-role.ts';
import { handle } from '../../http/validate.ts';
import { invalid } from '../../lib/app-error.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import {
  createEvent,
  deleteEvent,
  getAdminEvent,
  listAdminEvents,
  listSubscriberRows,
  listSubscribers,
  updateEvent,
} from './events-admin.service.ts';
import { eventCalendar } from '../calendar/index.ts';
import { fileNameOf, subscribersWorkbook } from './events.documents.ts';
import {
  createEventTurns,
  type EventTurns,
  getEvent,
  getEventForCalendar,
  listEvents,
  listOwnSubscriptions,
  subscribe,
  type Site,
} from './events.service.ts';
import { addSubscriber, promoteSubscriber, removeSubscriber } from './events-lists.service.ts';

/** Events: public list and page, members' subscriptions and waiting list, the board's events and subscriber lists. */
export function eventsRouter(deps: Deps): Router {
  const router = Router();
  const site: Site = { clubName: deps.config.clubName, publicUrl: deps.config.publicUrl };
  const turns = createEventTurns();
  // The board's routes (app.ts guards /admin as well).
  const admin = Router();
  admin.use(requireBoard);

  everyonesRoutes(router, deps, site);
  membersRoutes(router, deps, site, turns);
  adminEventRoutes(admin, deps, site);
  subscriberRoutes(admin, deps, site);

  router.use('/admin', admin);
  return router;
}

/** The events and their calendar entries, for everyone. */
function everyonesRoutes(router: Router, deps: Deps, site: Site): void {
  // --- everyone -------------------------------------------------------------------------
  router.get(
    '/events/',
    handle({ query: eventListQuerySchema }, async ({ query }, req, res) => {
      sendList(
        res,
        (await listEvents(ctxOf(deps, req), query.past)).map((e) => eventSchema.parse(e)),
      );
    }),
  );
  router.get(
    '/events/:id.ics',
    handle({ params: idParams }, async ({ params }, req, res) => {
      const ctx = ctxOf(deps, req);
      const event = await getEventForCalendar(ctx, params.id);
      res
        .status(200)
        .attachment(`${fileNameOf(event.title, `veranstaltung-${event.id}`)}.ics`)
        .set('Content-Type', 'text/calendar; charset=utf-8')
        .send(eventCalendar(event, site, ctx.now));
    }),
  );
  router.get(
    '/events/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, eventSchema.parse(await getEvent(ctxOf(deps, req), params.id)));
    }),
  );
}

/** A member's subscriptions. */
function membersRoutes(router: Router, deps: Deps, site: Site, turns: EventTurns): void {
  // --- members --------------------------------------------------------------------------
  router.post(
    '/events/:id/subscriptions',
    requireMember,
    handle({ params: idParams, body: eventSubscriptionInputSchema }, async ({ params, body }, req, res) => {
      if (body.id !== undefined && body.id !== params.id) {
        throw invalid('Bitte prüfen Sie die markierten Angaben.', { id: 'Veranstaltung: Stimmt nicht mit der Adresse überein.' });
      }
      const result = await subscribe(ctxOf(deps, req), site, turns, params.id, { amount: body.amount, waitlist: body.waitlist });
      if (!result.subscription) {
        res.status(204).end();
        return;
      }
      sendItem(res, eventSubscriptionSchema.parse(result.subscription), undefined, result.created ? 201 : 200);
    }),
  );
  router.delete(
    '/events/:id/subscriptions',
    requireMember,
    handle({ params: idParams }, async ({ params }, req, res) => {
      await subscribe(ctxOf(deps, req), site, turns, params.id, { amount: 0 });
      res.status(204).end();
    }),
  );
  router.get(
    '/member/eventsubscriptions',
    requireMember,
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listOwnSubscriptions(ctxOf(deps, req))).map((s) => memberEventSubscriptionSchema.parse(s)),
      );
    }),
  );
}

/** The board's events. */
function adminEventRoutes(admin: Router, deps: Deps, site: Site): void {
  admin.get(
    '/events/',
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listAdminEvents(ctxOf(deps, req))).map((e) => adminEventSchema.parse(e)),
      );
    }),
  );
  admin.post(
    '/events/',
    handle({ body: eventInputSchema }, async ({ body }, req, res) => {
      sendItem(res, adminEventSchema.parse(await createEvent(ctxOf(deps, req), body)), undefined, 201);
    }),
  );
  admin.get(
    '/events/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, adminEventSchema.parse(await getAdminEvent(ctxOf(deps, req), params.id)));
    }),
  );
  admin.put(
    '/events/:id',
    handle({ params: idParams, body: eventInputSchema }, async ({ params, body }, req, res) => {
      sendItem(res, adminEventSchema.parse(await updateEvent(ctxOf(deps, req), site, params.id, body)));
    }),
  );
  admin.delete(
    '/events/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      await deleteEvent(ctxOf(deps, req), site, params.id);
      res.status(204).end();
    }),
  );
}

/** The board's subscriber lists: added, removed, moved up, as a workbook. */
function subscriberRoutes(admin: Router, deps: Deps, site: Site): void {
  admin.get(
    '/events/:id/subscribers',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendList(
        res,
        (await listSubscribers(ctxOf(deps, req), params.id)).map((s) => eventSubscriberSchema.parse(s)),
      );
    }),
  );
  admin.post(
    '/events/:id/subscribers',
    handle({ params: idParams, body: adminSubscriberAddSchema }, async ({ params, body }, req, res) => {
      sendItem(res, eventSubscriberSchema.parse(await addSubscriber(ctxOf(deps, req), site, params.id, body)), undefined, 201);
    }),
  );
  admin.delete(
    '/events/:id/subscribers/:memberId',
    handle({ params: subscriberParams, query: subscriberChangeSchema }, async ({ params, query }, req, res) => {
      await removeSubscriber(ctxOf(deps, req), site, params.id, params.memberId, query.reason);
      res.status(204).end();
    }),
  );
  admin.post(
    '/events/:id/subscribers/:memberId/promote',
    handle({ params: subscriberParams, body: subscriberChangeSchema }, async ({ params, body }, req, res) => {
      sendItem(res, eventSubscriberSchema.parse(await promoteSubscriber(ctxOf(deps, req), site, params.id, params.memberId, body.reason)));
    }),
  );
  admin.get(
    '/events/:id/subscribers.xlsx',
    handle({ params: idParams }, async ({ params }, req, res) => {
      const { event, rows } = await listSubscriberRows(ctxOf(deps, req), params.id);
      res
        .status(200)
        .attachment(`anmeldungen-${fileNameOf(event.title, String(event.id))}.xlsx`)
        .send(await subscribersWorkbook(event, rows));
    }),
  );
}
