import { Router } from 'express';
import { calendarFeedSchema, calendarTokenParams } from '@club/contract';
import { sendItem } from '../../http/envelope.ts';
import { actorOf, requireMember } from '../../http/require-role.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import type { CalendarSite } from './calendar.documents.ts';
import { getCalendarFeed, renderClubEventsFeed, renderMemberFeed, renewCalendarFeed, revokeCalendarFeed } from './calendar.service.ts';

const ICS = 'text/calendar; charset=utf-8';

/** Calendar feeds: the public one of the club's events, a member's private one and its management. */
export function calendarRouter(deps: Deps): Router {
  const router = Router();
  const site: CalendarSite = { clubName: deps.config.clubName, publicUrl: deps.config.publicUrl };

  router.get(
    '/calendar/events.ics',
    handle({}, async (_input, req, res) => {
      res
        .status(200)
        .type(ICS)
        .send(await renderClubEventsFeed(ctxOf(deps, req), site));
    }),
  );
  // The secret in the path is the only key: no session needed (a phone's calendar has none).
  router.get(
    '/calendar/:token.ics',
    handle({ params: calendarTokenParams }, async ({ params }, req, res) => {
      res
        .status(200)
        .type(ICS)
        .send(await renderMemberFeed(ctxOf(deps, req), params.token, site));
    }),
  );

  router.get(
    '/member/calendar',
    requireMember,
    handle({}, async (_input, req, res) => {
      sendItem(res, calendarFeedSchema.parse(await getCalendarFeed(ctxOf(deps, req), actorOf(req).memberId, site)));
    }),
  );
  router.post(
    '/member/calendar',
    requireMember,
    handle({}, async (_input, req, res) => {
      sendItem(res, calendarFeedSchema.parse(await renewCalendarFeed(ctxOf(deps, req), actorOf(req).memberId, site)), undefined, 201);
    }),
  );
  router.delete(
    '/member/calendar',
    requireMember,
    handle({}, async (_input, req, res) => {
      await revokeCalendarFeed(ctxOf(deps, req), actorOf(req).memberId);
      res.status(204).end();
    }),
  );

  return router;
}
