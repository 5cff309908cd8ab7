import { Router } from 'express';
import { siteInfoSchema } from '@club/contract';
import { sendItem } from '../../http/envelope.ts';
import type { Deps } from '../../lib/deps.ts';
import { demoLoginsExist } from '../demo/index.ts';

/** Public facts the SPA needs before login. */
export function siteRouter(deps: Deps): Router {
  const router = Router();
  router.get('/site', async (_req, res) => {
    const { config, database } = deps;
    // Demo marker: shown while any demo login exists (nobody runs a real club on them).
    const demo = await demoLoginsExist(database.prisma);
    sendItem(
      res,
      siteInfoSchema.parse({
        clubName: config.clubName,
        clubAddress: config.clubAddress,
        clubEmail: config.clubEmail,
        demo,
        membershipFormUrl: config.membershipFormUrl,
      }),
    );
  });
  return router;
}
