import { Router } from 'express';
import { seasonOptionSchema } from '@club/contract';
import { sendList } from '../../http/envelope.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { listSeasons } from './seasons.service.ts';

/** Seasons for the board (/admin is guarded by requireBoard in app.ts). */
export function seasonsRouter(deps: Deps): Router {
  const router = Router();

  router.get(
    '/admin/seasons/',
    handle({}, async (_input, req, res) => {
      const seasons = await listSeasons(ctxOf(deps, req));
      sendList(res, seasons.map((s) => seasonOptionSchema.parse(s)));
    }),
  );

  return router;
}
