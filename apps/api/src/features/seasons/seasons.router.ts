import { Router } from 'express';
import {
  categoryBodySchema,
  categoryParams,
  categorySchema,
  idParams,
  memberIdListSchema,
  renewalResultSchema,
  seasonCreateSchema,
  seasonSchema,
  seasonUpdateSchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service.ts';
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
      sendItem(res, renewalResultSchema.parse(await renewMemberships(ctxOf(deps, req), { seasonId: params.id, memberIds: body })));
    }),
  );

  router.get(
    '/admin/seasons/:id/categories',
    handle({ params: idParams }, async ({ params }, req, res) => {
      const categories = await listCategories(ctxOf(deps, req), params.id);
      sendList(
        res,
        categories.map((c) => categorySchema.parse(c)),
      );
    }),
  );
  router.post(
    '/admin/seasons/:id/categories',
    handle({ params: idParams, body: categoryBodySchema }, async ({ params, body }, req, res) => {
      sendItem(res, categorySchema.parse(await createCategory(ctxOf(deps, req), { seasonId: params.id, body })), undefined, 201);
    }),
  );
  router.put(
    '/admin/seasons/:id/categories/:categoryId',
    handle({ params: categoryParams, body: categoryBodySchema }, async ({ params, body }, req, res) => {
      const category = await updateCategory(ctxOf(deps, req), { seasonId: params.id, categoryId: params.categoryId, body });
      sendItem(res, categorySchema.parse(category));
    }),
  );
  router.delete(
    '/admin/seasons/:id/categories/:categoryId',
    handle({ params: categoryParams }, async ({ params }, req, res) => {
      await deleteCategory(ctxOf(deps, req), { seasonId: params.id, categoryId: params.categoryId });
      res.status(204).end();
    }),
  );

  return router;
}
