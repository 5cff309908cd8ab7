import { Router } from 'express';
import { idParams, memberIdListSchema, runResultSchema, seasonCreateSchema, seasonSchema, seasonUpdateSchema } from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { createSeason, listSeasons, renewMemberships, updateSeason } from './seasons.service.ts';

/** Seasons for the board (/admin is guarded by requireBoard in app.ts); fee runs are in the invoices feature. */
export function seasonsRouter(deps: Deps): Router {
  const router = Router();

  router.get(
    '/admin/seasons/',
    handle({}, async (_input, req, res) => {
      const seasons = await listSeasons(ctxOf(deps, req));
      sendList(
        res,
        seasons.map((s) => seasonSchema.parse(s)),
      );
    }),
  );
  router.post(
    '/admin/seasons/',
    handle({ body: seasonCreateSchema }, async ({ body }, req, res) => {
      sendItem(res, seasonSchema.parse(await createSeason(ctxOf(deps, req), body)), undefined, 201);
    }),
  );
  router.put(
    '/admin/seasons/:id',
    handle({ params: idParams, body: seasonUpdateSchema }, async ({ params, body }, req, res) => {
      sendItem(res, seasonSchema.parse(await updateSeason(ctxOf(deps, req), { id: params.id, ...body })));
    }),
  );
  router.post(
    '/admin/seasons/:id/renewals',
    handle({ params: idParams, body: memberIdListSchema }, async ({ params, body }, req, res) => {
      sendItem(res, runResultSchema.parse(await renewMemberships(ctxOf(deps, req), { seasonId: params.id, memberIds: body })));
    }),
  );

  return router;
}
