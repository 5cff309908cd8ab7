import { Router, type Request, type Response } from 'express';
import pLimit from 'p-limit';
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

/**
 * Reports one process writes at once; further downloads wait their turn, in order. The list of
 * 10,000 members as PDF holds about 100 MB while it is written: ten at once took a process from
 * 460 MB to 1.26 GB, two at a time keep it near one download's budget and take as long in all
 * (the renderings share one core either way).
 */
const REPORTS_AT_ONCE = 2;

/** Season reports for the board (/admin is guarded by requireBoard in app.ts). */
export function reportsRouter(deps: Deps): Router {
  const router = Router();
  const turns = pLimit(REPORTS_AT_ONCE);
  router.get(
    '/admin/seasons/:id/:type/.:format',
    handle({ params: reportParamsSchema }, ({ params }, req, res) =>
      turns(async () => {
        // The board member left while the download waited: nothing to write it to.
        if (req.socket.destroyed) return;
        const report = await prepareReport(ctxOf(deps, req), {
          seasonId: params.id,
          type: params.type,
          format: params.format,
          clubName: deps.config.clubName,
        });
        await stream(req, res, report);
      }),
    ),
  );
  return router;
}
