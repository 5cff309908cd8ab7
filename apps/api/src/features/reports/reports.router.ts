import { Router, type Request, type Response } from 'express';
import { reportParamsSchema } from '@club/contract';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { prepareReport, type PreparedReport } from './reports.service.ts';

/** `attachment` with the German file name: RFC 5987 `filename*` and a plain ASCII fallback. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams the file. An error once bytes are out cannot become JSON any more: the
 * connection is cut, so the client sees a failed download instead of a truncated file.
 */
async function stream(req: Request, res: Response, report: PreparedReport): Promise<void> {
  res.status(200);
  res.set({ 'Content-Type': report.contentType, 'Content-Disposition': contentDisposition(report.fileName) });
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
