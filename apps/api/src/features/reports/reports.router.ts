import { Router, type Request, type Response } from 'express';
import { reportParamsSchema } from '@club/contract';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { prepareReport, type PreparedReport } from './reports.service.ts';

/**
 * Streams the file. An error once bytes are out cannot become JSON any more: the
 * connection is cut, so the client sees a failed download instead of a truncated file.
 */
async function stream(req: Request, res: Response, report: PreparedReport): Promise<void> {
  res.status(200);
  // The German file name as RFC 6266 `filename*` (UTF-8) with an ASCII fallback; the type from its extension.
  res.attachment(report.fileName);
  try {
    await report.write(res);
  } catch (error) {
    if (!res.destroyed) req.log.error({ err: error, file: report.fileName }, 'report failed while streaming');
    res.destroy();
  }
}

/** Season reports for the board (/admin is guarded by requireBoard in app.ts). */
export function reportsRouter(deps: Deps): Router {
  const router = Router();
  router.get(
    '/admin/seasons/:id/:type/.:format',
    handle({ params: reportParamsSchema }, async ({ params }, req, res) => {
      const report = await prepareReport(ctxOf(deps, req), {
        seasonId: params.id,
        type: params.type,
        format: params.format,
        clubName: deps.config.clubName,
      });
      await stream(req, res, report);
    }),
  );
  return router;
}
