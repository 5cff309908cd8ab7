import { Router } from 'express';
import {
  handoverItemSchema,
  handoverResultSchema,
  idParams,
  memberCardCheckSchema,
  memberCardSchema,
  memberCardVerifySchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { requireBoard, requireMember } from '../../http/require-role.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { getMemberCard, handOver, listEventHandover, listGameHandover, undoHandover, verifyMemberCard } from './handover.service.ts';
import { cardKeyOf } from './member-card.ts';

/** The member card (members) and the hand-over of tickets and event places (board). */
export function handoverRouter(deps: Deps): Router {
  const router = Router();
  const cardKey = cardKeyOf(deps.config.sessionSecret);

  router.get(
    '/member/card',
    requireMember,
    handle({}, async (_input, req, res) => {
      sendItem(res, memberCardSchema.parse(await getMemberCard(ctxOf(deps, req), cardKey)));
    }),
  );

  const admin = Router();
  admin.use(requireBoard);
  admin.post(
    '/membercards/verify',
    handle({ body: memberCardVerifySchema }, async ({ body }, req, res) => {
      sendItem(res, memberCardCheckSchema.parse(await verifyMemberCard(ctxOf(deps, req), cardKey, body.token)));
    }),
  );
  admin.get(
    '/games/:id/ticketreservations',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendList(
        res,
        (await listGameHandover(ctxOf(deps, req), params.id)).map((i) => handoverItemSchema.parse(i)),
      );
    }),
  );
  admin.get(
    '/events/:id/eventsubscriptions',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendList(
        res,
        (await listEventHandover(ctxOf(deps, req), params.id)).map((i) => handoverItemSchema.parse(i)),
      );
    }),
  );
  for (const [path, targetOf] of [
    ['ticketreservations', (id: number) => ({ reservationId: id })],
    ['eventsubscriptions', (id: number) => ({ subscriptionId: id })],
  ] as const) {
    admin.post(
      `/${path}/:id/handover`,
      handle({ params: idParams }, async ({ params }, req, res) => {
        sendItem(res, handoverResultSchema.parse(await handOver(ctxOf(deps, req), targetOf(params.id))));
      }),
    );
    admin.delete(
      `/${path}/:id/handover`,
      handle({ params: idParams }, async ({ params }, req, res) => {
        await undoHandover(ctxOf(deps, req), targetOf(params.id));
        res.status(204).end();
      }),
    );
  }
  router.use('/admin', admin);
  return router;
}
